// Analytics (SPEC §7): page view and quit view per step, next/submit with is_success and
// failure_reason, inputs, uploads, payment submit, downloads, the code request; with the page properties.
// Initialised in production builds only. Events queue and go as one batch: when the page hides or
// leaves (a beacon, which outlives the page), when the batch is full, or a few seconds after the first.
import { ANALYTICS_BATCH_MAX, type AnalyticsEvent } from '@kh/api';
import { endpoints } from './services.ts';

export interface PageProperties {
  is_login: boolean;
  platform_type: 'H5';
  is_open_account: boolean;
  scenes_type: string;
}

const FLUSH_AFTER_MS = 5000;
let properties: PageProperties | undefined;
let memberId: string | undefined;
const queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends what is queued: a beacon where the browser takes one, else an ordinary request. */
export function flushAnalytics(): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) {
    const events = queue.splice(0, ANALYTICS_BATCH_MAX);
    const beacon = new Blob([JSON.stringify({ events })], { type: 'application/json' });
    // sendBeacon refuses (false) a body over its quota; analytics never cost the applicant an error.
    if (!navigator.sendBeacon?.(endpoints.analytics.reportUrl, beacon)) void endpoints.analytics.reportBatch(events).catch(() => undefined);
  }
}

/** Starts reporting (production only): the user is identified by mid. */
export function initAnalytics(page: Omit<PageProperties, 'platform_type'>, mid: string | undefined, production = import.meta.env.PROD) {
  if (!production) return;
  if (!properties) {
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushAnalytics());
    window.addEventListener('pagehide', flushAnalytics);
  }
  properties = { ...page, platform_type: 'H5' };
  memberId = mid;
}

export function track(eventCode: string, value: Record<string, unknown> = {}) {
  if (!properties) return;
  queue.push({ channel: 'H5', memberId, eventCode, eventValue: { ...properties, ...value } });
  if (queue.length >= ANALYTICS_BATCH_MAX) flushAnalytics();
  else timer ??= setTimeout(flushAnalytics, FLUSH_AFTER_MS);
}

/** A field the applicant filled in: which one, never what was typed; with what its schema adds (analytics, e.g. the contact step's contact_type). */
export const trackInput = (page: string, version: number, field: string, declared: Record<string, string> = {}) => track('input', { ...declared, page, version, field });

/** next/submit events carry is_success (default true) and failure_reason (default empty), and the step version the page was drawn with. */
export const trackNext = (page: string, version: number, failureReason = '') => track('step_next', { page, version, is_success: failureReason === '', failure_reason: failureReason });

/** A form step shown, with the step version it was drawn with: where the studio's funnel counts an applicant as reaching it. */
export const trackFormView = (page: string, version: number) => track('form_view', { page, version });

/**
 * The errors that held a Next back (from the page's own checks, or the server's): each field once, with
 * the rule's message key. Which rule was broken, never what was typed.
 */
export function trackFieldErrors(page: string, version: number, errors: { field: string; key: string }[], source: 'page' | 'server') {
  const seen = new Set<string>();
  for (const error of errors) {
    if (seen.has(error.field)) continue;
    seen.add(error.field);
    track('field_error', { page, version, field: error.field, rule: error.key, source });
  }
}
