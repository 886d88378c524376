// What the server depends on failing, told apart from the server's own faults: the database, the file
// storage, SMTP and the SMS provider. A request that meets one is answered 503 with Retry-After and a
// translated message (the applicant tries again; nothing saved is lost), and the failure is logged as
// one line naming the dependency and the reason, never the query, its parameters or a body.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './envelope.ts';

export type Dependency = 'database' | 'storage' | 'smtp' | 'sms' | 'bot-check';

/** A dependency's failure with a reason fit for a log line (a code or a short class of fault). */
export class DependencyError extends Error {
  constructor(
    readonly dependency: Dependency,
    readonly reason: string,
  ) {
    super(`${dependency} unavailable: ${reason}`);
    this.name = 'DependencyError';
  }
}

/** How long a client should wait before trying again, in seconds. */
export const RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's SQLSTATE classes and node-postgres's messages for a server that went away or never answered. */
const DATABASE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300', '57014']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const DATABASE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated unexpectedly|the database system is (starting up|shutting down)|terminating connection/i;

/** The chain of causes of an error (drizzle wraps the driver's). */
function* causes(error: unknown): Generator<{ code?: string; message?: string; name?: string }> {
  let current = error as { code?: string; message?: string; name?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    yield current;
    current = current.cause as typeof current;
  }
}

/** The database failure this error stands for, as a reason for the log; undefined when it is not one. */
export function databaseFailure(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    if (cause.code && DATABASE_CODES.has(cause.code)) return cause.code;
    if (cause.code && NETWORK_CODES.has(cause.code)) return cause.code;
    if (cause.message && DATABASE_MESSAGES.test(cause.message)) return cause.message.slice(0, 80);
  }
  return undefined;
}

/** A network-level or server-side failure of an HTTP-speaking dependency (S3, an SMS provider). */
export function networkFailure(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    if (cause.code && NETWORK_CODES.has(cause.code)) return cause.code;
    if (cause.name && /Timeout|NetworkingError|ServiceUnavailable|SlowDown|InternalError/.test(cause.name)) return cause.name;
    const status = (cause as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status && status >= 500) return `HTTP ${status}`;
  }
  return undefined;
}

/** Runs a dependency's call; its unavailability becomes a DependencyError, anything else is left as it is. */
export async function calling<T>(dependency: Dependency, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const reason = networkFailure(error);
    if (reason) throw new DependencyError(dependency, reason);
    throw error;
  }
}

/** The answer to a request that met an unavailable dependency, or undefined when the error is another. */
export function unavailable(error: unknown): { dependency: Dependency; reason: string } | undefined {
  if (error instanceof DependencyError) return { dependency: error.dependency, reason: error.reason };
  const reason = databaseFailure(error);
  return reason ? { dependency: 'database', reason } : undefined;
}

export const serviceUnavailable = () => new AppError(503, '503', 'errors.serviceUnavailable', { seconds: RETRY_AFTER_SECONDS });

/** One line per failure: which dependency, why. */
export const logDependencyFailure = (log: FastifyBaseLogger, failure: { dependency: Dependency; reason: string }, context: Record<string, unknown> = {}) =>
  log.warn({ dependency: failure.dependency, reason: failure.reason, ...context }, `${failure.dependency} unavailable`);
