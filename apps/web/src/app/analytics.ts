// Analytics (SPEC §7): page view and quit view per step, next/submit with is_success and
// failure_reason, inputs, uploads, payment submit, downloads, the code request; with the page properties.
// Initialised in production builds only.
import { endpoints } from './services.ts';

export interface PageProperties {
  is_login: boolean;
  platform_type: 'H5';
  is_open_account: boolean;
  scenes_type: string;
}

let properties: PageProperties | undefined;
let memberId: string | undefined;

/** Starts reporting (production only): the user is identified by mid. */
export function initAnalytics(page: Omit<PageProperties, 'platform_type'>, mid: string | undefined, production = import.meta.env.PROD) {
  if (!production) return;
  properties = { ...page, platform_type: 'H5' };
  memberId = mid;
}

export function track(eventCode: string, value: Record<string, unknown> = {}) {
  if (!properties) return;
  void endpoints.analytics.report({ channel: 'H5', memberId, eventCode, eventValue: { ...properties, ...value } }).catch(() => undefined);
}

/** On the contact step, which way the applicant can be reached. */
const CONTACT_TYPES: Record<string, 'phone' | 'email'> = { areaCode: 'phone', mobile: 'phone', email: 'email' };

/** A field the applicant filled in: which one, never what was typed. */
export const trackInput = (page: string, field: string) =>
  track('input', { page, field, ...(page === 'contact' && CONTACT_TYPES[field] ? { contact_type: CONTACT_TYPES[field] } : {}) });

/** next/submit events carry is_success (default true) and failure_reason (default empty). */
export const trackNext = (page: string, failureReason = '') => track('step_next', { page, is_success: failureReason === '', failure_reason: failureReason });
