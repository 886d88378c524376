// What every service plugin needs, decorated on the Fastify instance.
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { Metrics } from './observability/metrics.ts';
import type { SmsSender } from './services/sms.ts';
import type { Mailer } from './services/mail.ts';
import type { JobQueue } from './jobs/queue.ts';

export interface ServerContext {
  config: ServerConfig;
  db: Database;
  storage: FileStorage;
  sms: SmsSender;
  metrics: Metrics;
  mailer: Mailer;
  queue: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    kh: ServerContext;
  }
  interface FastifyContextConfig {
    /** The route reads the session with its own data in one round trip, and calls admitSession itself. */
    readsSession?: boolean;
  }
  interface FastifyRequest {
    memberId?: string;
    /** Set when the session came by the PC's QR code: the one application it may verify. */
    handoffApplicationId?: string;
  }
}
