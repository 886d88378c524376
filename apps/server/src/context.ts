// What every service plugin needs, decorated on the Fastify instance.
import type { BusinessCalendar } from '@kh/calendar';
import type { RiskRules } from '@kh/risk';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { Metrics } from './observability/metrics.ts';
import type { SmsSender } from './messages/index.ts';
import type { BotCheck } from './passport/index.ts';
import type { Mailer } from './messages/index.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { StudioCompiler } from './studio/index.ts';
import type { Screener } from './screening/index.ts';
import type { PdfRenderer } from './documents/index.ts';
import type { StaffAccess } from './staff/index.ts';
import type { StaffMember } from './staff/index.ts';

export interface ServerContext {
  config: ServerConfig;
  db: Database;
  storage: FileStorage;
  sms: SmsSender;
  /** SPEC §7's bot check at login (passport/bot-check.ts). */
  botCheck: BotCheck;
  metrics: Metrics;
  mailer: Mailer;
  queue: JobQueue;
  /** Where the studio's work on editors' documents runs: a worker thread with limits. */
  studio: StudioCompiler;
  /** Where screening runs: a worker thread holding each live list version's index. */
  screener: Screener;
  /** Where the server's PDFs are drawn: a worker thread. */
  pdf: PdfRenderer;
  /** The business calendar and service levels (schemas/calendar): when each case is due. */
  calendar: BusinessCalendar;
  /** The risk rules (schemas/risk): each case's score at submit, and whether its band needs a second approval. */
  riskRules: RiskRules;
  /** Set once the process is told to stop: /readyz answers 503 while requests still run (the drain). */
  lifecycle: { draining: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    kh: ServerContext;
  }
  interface FastifyContextConfig {
    /** The route reads the session with its own data in one round trip, and calls admitSession itself. */
    readsSession?: boolean;
    /** Who may call a staff route (staff/staff-access.ts): every /staff route says, or the server does not start. */
    staffAccess?: StaffAccess;
    /** More values than MAX_INPUT_NODES a route's input may hold (the studio's documents: a 2,000-choice select). */
    inputNodes?: number;
  }
  interface FastifyRequest {
    memberId?: string;
    /** Set when the session came by the PC's QR code: the one application it may verify. */
    handoffApplicationId?: string;
    /** When the applicant's session ends, where the session's read knew it (the app is told, to warn before). */
    sessionExpiresAt?: Date;
    /** The signed-in staff member, set by the staff gate. */
    staff?: StaffMember;
    /** The message key of the error answered (the audit of a staff refusal names it). */
    refusal?: string;
  }
}
