// The error catalogue of SPEC §8: one table the UI reads. Each entry gives the message key
// (packages/i18n, namespace "errors"), whether it stays silent, and whether it triggers login.

export interface CatalogueEntry {
  messageKey: string;
  silent: boolean;
  login: boolean;
}

const entry = (messageKey: string, options: Partial<Omit<CatalogueEntry, 'messageKey'>> = {}): CatalogueEntry => ({
  messageKey,
  silent: options.silent ?? false,
  login: options.login ?? false,
});

/** Client-side failure codes (what axios called them; the UI and analytics use these names). */
export const TIMEOUT = 'ECONNABORTED';
export const CANCELLED = 'Cancellation Request';
export const NETWORK_ERROR = 'Network Error';
export const PAYMENT_RECORD_MISSING = 'payment record missing';
export const UNLOGIN = 'api.unlogin';
/** The identity check cannot start now (ctosValid off: the provider is being upgraded); the page says so itself. */
export const IDENTITY_UNAVAILABLE = '40010008';
/** A save drawn from answers another device has replaced since; the step page shows the newer ones itself. */
export const STEP_CHANGED = '40010009';

export const ERROR_CATALOGUE: Record<string, CatalogueEntry> = {
  '400': entry('errors.http400'),
  '401': entry('errors.http401', { silent: true, login: true }),
  '404': entry('errors.http404'),
  '500': entry('errors.http500'),
  '501': entry('errors.http501'),
  [TIMEOUT]: entry('errors.timeout'),
  [CANCELLED]: entry('errors.cancelled', { silent: true }),
  [NETWORK_ERROR]: entry('errors.network'),
  '10010001': entry('errors.apiError'),
  '10010002': entry('errors.apiError'),
  '10010003': entry('errors.apiError'),
  '10010004': entry('errors.apiError'),
  '10010005': entry('errors.apiError'),
  '10010007': entry('errors.apiError'),
  '10010006': entry('errors.http401', { silent: true, login: true }),
  '10000006': entry('errors.http401', { login: true }),
  [UNLOGIN]: entry('errors.http401', { login: true }),
  '40071002': entry('errors.default', { silent: true }),
  '20150023': entry('errors.default', { silent: true }),
  '40011003': entry('errors.default', { silent: true }),
  '40030405': entry('errors.default', { silent: true }),
  [PAYMENT_RECORD_MISSING]: entry('errors.paymentRecordMissing', { silent: true }),
  [IDENTITY_UNAVAILABLE]: entry('errors.identityUpgrading', { silent: true }),
  [STEP_CHANGED]: entry('errors.stepChanged', { silent: true }),
};

export const DEFAULT_ENTRY = entry('errors.default');

/** The catalogue entry for a code or HTTP status; a server message may stand in for the default text. */
export const describeError = (code: string | number): CatalogueEntry => ERROR_CATALOGUE[String(code)] ?? DEFAULT_ENTRY;
export const isLoginCode = (code: string | number): boolean => describeError(code).login;
export const isSilentCode = (code: string | number): boolean => describeError(code).silent;
