// Error reports (SPEC §7): an unhandled error goes to the server with the page, the browser, the
// applicant's client number and application, and, when an API call failed, that request's id, so
// the report meets the server's log lines for it.
import { ApiError } from '@kh/api';

export interface ErrorReport {
  href: string;
  userAgent: string;
  hsNo?: string;
  applyId?: string;
  message: string;
  stack?: string;
  failedRequestId?: string;
}

let known: { hsNo?: string; applyId?: string } = {};

/** Told by the application once it knows who and which application this is. */
export function setErrorReportContext(context: { hsNo?: string | null; applyId?: string | null }): void {
  known = { hsNo: context.hsNo ?? undefined, applyId: context.applyId ?? undefined };
}

export function errorReportOf(reason: unknown, href: string, userAgent: string): ErrorReport {
  const error = reason instanceof Error ? reason : undefined;
  return {
    href,
    userAgent,
    ...known,
    message: (error ? `${error.name}: ${error.message}` : String(reason)).slice(0, 2000),
    stack: error?.stack?.slice(0, 8000),
    failedRequestId: reason instanceof ApiError ? reason.requestId : undefined,
  };
}

let sender: ((report: ErrorReport) => Promise<unknown>) | undefined;

/** SPEC §2: a path nobody knows goes to /error, which reports the page that was missing. */
export function reportMissingPage(href: string): void {
  void sender?.({ ...errorReportOf(`Missing page: ${new URL(href).pathname}`, href, navigator.userAgent), stack: undefined }).catch(() => undefined);
}

export function installErrorReports(send: (report: ErrorReport) => Promise<unknown>): void {
  sender = send;
  const report = (reason: unknown) => void send(errorReportOf(reason, window.location.href, navigator.userAgent)).catch(() => undefined);
  window.addEventListener('error', (event) => report(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => report(event.reason));
}
