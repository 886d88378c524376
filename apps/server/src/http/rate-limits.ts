// One rate-limit mechanism for every limit: @fastify/rate-limit, counting in the database (the one
// every server instance shares), each count one atomic upsert. Routes opt in with
// `config: { rateLimit: … }` (keyed on the client's address, behind a trusted proxy the real one);
// a handler can also count its own key (an account, a phone) with `checkLimit`.
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { AppError, CODES } from './envelope.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store @fastify/rate-limit counts in: a table of (key, window start, count). */
export function databaseStore(db: Database) {
  return class DatabaseStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const windowSql = sql`make_interval(secs => ${timeWindow / 1000})`;
      db.execute(
        sql`insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
            on conflict (key) do update set
              count = case when rate_limits.window_start + ${windowSql} <= now() then 1 else rate_limits.count + 1 end,
              window_start = case when rate_limits.window_start + ${windowSql} <= now() then now() else rate_limits.window_start end
            returning count, (extract(epoch from (window_start + ${windowSql} - now())) * 1000)::int as ttl`,
      ).then(
        (result) => {
          const row = ((result as unknown as { rows?: { count: number; ttl: number }[] }).rows ?? (result as unknown as { count: number; ttl: number }[]))[0];
          callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) });
        },
        (error: Error) => callback(error),
      );
    }
    child() {
      return new DatabaseStore();
    }
  };
}

/** A wait said in seconds while it is short, in minutes once it is long ("try again in 54 minutes", not 3,191 seconds). */
const refused = (seconds: number) => (seconds >= 120 ? new AppError(429, CODES.tooMany, 'server.rateLimitedMinutes', { minutes: Math.ceil(seconds / 60) }) : new AppError(429, CODES.tooMany, 'server.rateLimited', { seconds }));

export async function registerRateLimits(app: FastifyInstance, db: Database): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db),
    // Each route counts on its own (the same route under /api shares its count) per client address.
    keyGenerator: (request) => `${(request.routeOptions.url ?? '').replace(/^\/api(?=\/)/, '')}|${request.ip}`,
    errorResponseBuilder: (_request, context) => refused(Math.ceil(context.ttl / 1000)),
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
}

/** Counts one more request for `key` (an account, a phone); refuses with 429 once over `max` in the window. */
export async function checkLimit(request: FastifyRequest, key: string, max: number, timeWindowMs: number): Promise<void> {
  const limit = request.server.createRateLimit({ max, timeWindow: timeWindowMs, keyGenerator: () => key });
  const result = await limit(request);
  if (!result.isAllowed && result.isExceeded) throw refused(result.ttlInSeconds);
}
