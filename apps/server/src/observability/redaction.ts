// One redaction policy for everything the server writes about a failure: the log and the stored error
// reports. An error is logged by its kind, code and message with the database's parameters cut off
// (drizzle puts every value of the failed statement in its message, the applicant's answers with
// them) and without the fields PostgreSQL fills with values (`detail`, `where`). Request bodies are
// never logged; headers that carry a session or a signature are censored.
const PARAMS = /\nparams: [\s\S]*$/;
/** What PostgreSQL's error fields may quote of a row: "Key (kind, value)=(idNo, 900101…) already exists." */
const QUOTED_VALUES = /\(([^()]*)\)=\(([^()]*)\)/g;

/** The message of an error as it may be written down: no parameters, no quoted values. */
export const safeMessage = (message: string): string => message.replace(PARAMS, '\nparams: [redacted]').replace(QUOTED_VALUES, '($1)=([redacted])').slice(0, 2000);

interface SafeError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: SafeError;
}

/** An error as the log may hold it, its causes too. */
export function safeError(error: unknown, depth = 0): SafeError {
  const e = (error ?? {}) as { name?: string; constructor?: { name?: string }; message?: unknown; code?: unknown; stack?: unknown; cause?: unknown };
  const message = safeMessage(String(e.message ?? error));
  const stack = typeof e.stack === 'string' ? safeMessage(e.stack.replace(/^[^\n]*\n?/, `${e.name ?? 'Error'}: ${message.split('\n')[0]}\n`)) : undefined;
  return {
    type: e.name ?? e.constructor?.name ?? 'Error',
    message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(stack ? { stack } : {}),
    ...(e.cause && depth < 3 ? { cause: safeError(e.cause, depth + 1) } : {}),
  };
}

/** pino's options for the server's logger: errors through safeError, secrets in headers censored. */
export const loggerRedaction = {
  serializers: { err: safeError, error: safeError },
  redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization', 'body', 'req.body', 'params', 'query'], censor: '[redacted]' },
};
