// Every call of SPEC §7 as a typed function. Paths and shapes here are the contract the server
// mounts (apps/server imports SERVICE_BASES and the types).
import type { ApiClient, CallOptions } from './client.ts';
import { signFields } from './sign.ts';
import { uploadFile, type UploadOptions } from './upload.ts';

/** SPEC §7 base paths; the web app reaches each through /api<base> on one origin. */
export const SERVICE_BASES = {
  passport: '/passport',
  apply: '/kh/account/apply',
  supplement: '/kh/account/supplement',
  account: '/account',
  ekyc: '/ekyc',
  money: '/money',
  pdp: '/pdp',
  /** Not in SPEC §7: the step versions the schema studio publishes. */
  schema: '/kh/account/schema',
} as const;
const { passport, apply, supplement, account, ekyc, money, pdp, schema } = SERVICE_BASES;

export type RelatedType = 'INIT' | 'SUPPLEMENT';

export interface KhInfoDto {
  success: boolean;
  marketType?: number;
  status: 0 | 1 | 2 | 3 | 4 | 5;
  exist: boolean;
  fillStep: number | null;
  reasonCode?: string | null;
  rejectedReason?: string | null;
  rejectionNote?: string | null;
  /** What the review asked with a rejection (status 5): resubmit, moreInformation or final. */
  rejectionKind?: 'resubmit' | 'moreInformation' | 'final' | null;
  /** The reviewer's comment on each item named (RejectReason value → text), as written. */
  rejectionComments?: Record<string, string> | null;
  name?: string;
  identityKind?: number;
  nationalityCode?: string;
  isNew?: boolean;
  applyId?: string | null;
  markets?: number[];
  islamic?: boolean;
  mlAccountType?: number;
  accountType?: number;
  maritalStatus?: number;
  market?: number;
  masClientCodeActive?: boolean;
  bankName?: string;
  firstOpenFlag?: boolean;
  opened?: number;
}

export interface UserInfo {
  hsNo?: string;
  mid: string;
  logined: boolean;
  name?: string;
  bankAccount?: string;
  source?: string;
  appSource?: 1 | 2 | 3 | 4;
  opened?: boolean;
  haveMobile?: boolean;
}

export interface SupplementRecord {
  id: string;
  status: number;
  /** The supplement application the record belongs to. */
  applyId?: string;
}
export interface SupplementCheck {
  HK?: SupplementRecord;
  MAS?: SupplementRecord;
  US?: SupplementRecord;
  firstOpenFlag: boolean;
  islamic: boolean;
}

/** Which version of a step to draw: 0 is the build-time bundle, otherwise the published document, its texts and its validator module. */
export interface StepSchemaAnswer {
  stepId: string;
  version: number;
  document: Record<string, unknown> | null;
  /** Flat "namespace.path" keys per language. */
  translations: Partial<Record<'en' | 'zh-HK' | 'zh-CN', Record<string, string>>>;
  /** Same-origin URL of the version's validator module, or null for version 0. */
  validator: string | null;
}

export interface FillDataRequest {
  fillStep: number;
  relatedType: RelatedType;
  applyId?: string;
  market?: number;
  /** From the _scnl query parameter. */
  invitationCode?: string;
  /** Absent: SPEC §7's fill-step call, the page the applicant arrived on (a draft resumes there); nothing is saved. */
  data?: Record<string, unknown>;
  /** The step version the page was drawn with (stepSchema's answer); the server pins the answer to it. */
  schemaVersion?: number;
  /** The step's revision the page's answers came from (fetch-data's `_revision`): a save from an out-of-date page is refused (STEP_CHANGED), never silently newer-over-older. */
  basedOnRevision?: number;
}

/** fetch-data's answers carry the step's revision under this name (0: never saved); no field is named so. */
export const STEP_REVISION_PROPERTY = '_revision';

/** The phone that ran a PC's identity check, once it passed: it carries on itself, or goes back to the PC. */
export type PhoneChoice = 'continued' | 'finished';

/** A check a hand-off phone made, verified but not yet the application's: whose document it read, for the applicant at the PC to know as theirs. */
export interface HandoffCheckSummary {
  name: string;
  idKind: number;
  documentNumberEnding: string;
  checkedAt: string;
}

export interface EkycResult {
  /** unconfirmed: a hand-off phone's check waiting for the PC; disowned: the PC said it was not them (it never counts). */
  state?: 'none' | 'pending' | 'success' | 'failed' | 'unconfirmed' | 'disowned';
  checkId?: string;
  isEkycSuccess: boolean;
  failureReason?: string;
  /** The PC's poll, once the phone's check passed: what the phone chose (absent until it chooses). */
  phoneChoice?: PhoneChoice;
  /** The PC's poll: when a phone opened its live hand-off link (the PC stops renewing the code then). */
  phoneOpenedAt?: string;
  /** state unconfirmed: the document the phone's check read. */
  awaitingConfirmation?: HandoffCheckSummary;
  step1?: { frontImgPath: string; backImgPath: string; ocrData: { name: string; gender: string; birthDate: string; nationality: string; expiryDate?: string; idNo: string; idAddress: string } };
  step2?: { faceScore: number; isIdentical: boolean };
  /** What a successful check verified, as the engine locks the personal step to it. */
  verifiedIdentity?: { documentType: number; documentNumber: string; name?: string; birthDate?: string; gender?: 1 | 2; nationality?: string; expiryDate?: string };
}

/** payStatus: 0 success, 1 or -2 failed, 2 loading, -1 not existing. */
export interface PaymentAnswer {
  result: { payStatus: 0 | 1 | -2 | 2 | -1; orderNumber: string; paymentId: string; redirectUrl?: string };
}

export interface PaymentRequest {
  memberId: string;
  /** 3 for a supplementary MY opening, else 0. */
  businessType: 0 | 3;
  relateId: string;
  merchantReturnURL: string;
  cardNo?: string;
  cardHolder?: string;
  paymentId?: string;
  orderNumber?: string;
}

/** A saved upload as the applicant sent it. */
export interface StoredFileInfo {
  filepath: string;
  originalFilename: string;
  mime: string;
  size: number;
}

export interface DictionaryItem {
  value: string | number;
  label: string;
}
export interface Country {
  code: string;
  name: string;
  tel?: string;
}
export interface AppCommons {
  h5Config: { kh: { ctosValid: boolean; ghlValid: boolean; myCtosSpecialState: string[] } };
  /** SPEC §3: customer service. */
  servicePhone?: string;
  serviceEmail?: string;
}

export function createEndpoints(client: ApiClient) {
  const get = <T>(path: string, query?: CallOptions['query'], extra: CallOptions = {}) => client.call<T>(path, { method: 'GET', query, ...extra });
  const post = <T>(path: string, json?: unknown, extra: CallOptions = {}) => client.call<T>(path, { method: 'POST', json: json ?? {}, ...extra });
  const form = <T>(path: string, body: Record<string, unknown>, extra: CallOptions = {}) => client.call<T>(path, { method: 'POST', form: body, ...extra });
  const upload = <T>(path: string, upload: Omit<UploadOptions, 'timeoutMs'>) => uploadFile<T>(client.url(path), upload);

  return {
    passport: {
      login: (body: { mobile: string; countryCode: string; code?: string; password?: string; recaptchaToken?: string }) => form<UserInfo>(`${passport}/login`, body),
      /** Signed in or not; signed in, for how long (30 idle minutes, a hard end): the app warns before either. */
      loginCheck: () => form<{ logined: boolean; user?: UserInfo; session?: { idleMinutes: number; expiresAt: string } }>(`${passport}/login/check`, {}, { idempotent: true, exempt: true, silent: true }),
      /** "Stay signed in": the session is used now. */
      keepSession: () => post<{ idleMinutes: number; expiresAt: string }>(`${passport}/session/keep`, {}),
      /** SPEC §7's signed request, signed with the one-use key the server gives with its nonce: no secret ships. */
      async sendAuthCode(body: { mobile: string; countryCode: string; recaptchaToken?: string }) {
        const { nonce, key } = await form<{ nonce: string; key: string; expiresInSeconds: number }>(`${passport}/sms/auth-code/nonce`, {});
        return form<{ sent: boolean; resendAfterSeconds: number }>(`${passport}/sms/auth-code/send`, { ...(await signFields(body, key, { nonce })) });
      },
      /** SPEC §7: how to fetch the bot-check token the code request carries. */
      botCheck: () => get<{ provider: 'recaptcha'; siteKey: string } | { provider: 'sandbox' } | { provider: 'none' }>(`${passport}/bot-check`, undefined, { idempotent: true }),
      /** The calling codes login codes go to: the login offers these alone. */
      loginCountries: () => get<{ countries: string[] }>(`${passport}/login-countries`, undefined, { idempotent: true, silent: true }),
      isRegisterUser: (body: { mobile: string; countryCode: string }) => form<{ registered: boolean }>(`${passport}/reg/isRegisterUser`, body, { idempotent: true }),
      useAuthCode: (body: { mobile: string; countryCode: string; code: string }) => form<UserInfo>(`${passport}/sms/auth-code/use`, body),
      modifyMobile: (body: { mobile: string; countryCode: string; code: string }) => form<UserInfo>(`${passport}/mobile/modify`, body),
      getUsers: () => get<UserInfo>(`${passport}/getUsers`),
      logout: () => form<Record<string, never>>(`${passport}/logout`, {}),
    },
    apply: {
      check: () => post<KhInfoDto>(`${apply}/check`, {}, { idempotent: true }),
      record: () => post<KhInfoDto[]>(`${apply}/record`, {}, { idempotent: true }),
      create: (body: { relatedType: RelatedType; market?: number; invitationCode?: string; appSource?: number }) => post<KhInfoDto>(`${apply}/create`, body, { idempotent: true }),
      fillData: (body: FillDataRequest & { data: Record<string, unknown> }) => post<{ fillStep: number; revision: number }>(`${apply}/fill-data`, body),
      /** SPEC §7's fill-step call on arriving at a step: a courtesy to the resume, never an error the applicant sees. */
      recordFillStep: (body: Pick<FillDataRequest, 'fillStep' | 'relatedType' | 'applyId' | 'market' | 'invitationCode'>) => post<{ fillStep: number; saved: false }>(`${apply}/fill-data`, body, { silent: true }),
      fetchData: (body: { fillStep: number; relatedType: RelatedType; applyId?: string }) => post<Record<string, unknown>>(`${apply}/fetch-data`, body, { idempotent: true }),
      submit: (body: { applyId: string; relatedType: RelatedType; marketType?: number; accountType?: number }) => post<KhInfoDto>(`${apply}/apply-submit`, body, { idempotent: true }),
      channelPaymentInfoSubmit: (body: { applyId: string; paymentId: string; orderNumber: string }) => post<{ saved: boolean }>(`${apply}/channelPaymentInfoSubmit`, body, { idempotent: true }),
      rppSwitch: () => get<{ enabled: boolean }>(`${apply}/rpp-switch`),
      queryPaymentType: (query: { applyId: string; relatedType: RelatedType; bankName?: string }) => get<{ needPay: boolean; amount: number; currency: 'MYR' }>(`${apply}/queryPaymentType`, query),
      /** The dealer's representative of a code (the one being typed), else of the saved contact step. */
      dealerRepresentative: (drCode?: string) => get<{ name: string; drCode: string } | null>('/plat/app/dr/before/open', drCode ? { drCode } : undefined),
    },
    schema: {
      // Silent: a failure falls back to the bundled step, which the server accepts.
      step: (stepId: string, query: { applyId?: string; relatedType: RelatedType }) => get<StepSchemaAnswer>(`${schema}/steps/${stepId}`, query, { silent: true }),
    },
    supplement: {
      create: (market: number) => post<{ id: string; status: number }>(`${supplement}/create`, {}, { query: { market }, idempotent: true }),
      check: () => post<SupplementCheck>(`${supplement}/check`, {}, { idempotent: true }),
      submit: (body: { marketType: number; accountType?: number; applyId: string }) => post<KhInfoDto>(`${supplement}/submit`, body, { idempotent: true }),
    },
    account: {
      customerInfo: () => get<{ clientCode: string; name: string; markets: number }>(`${account}/customer-info/query-information`),
      fundAccount: () => get<{ accounts: { market: string; accountNo: string; active: boolean }[] }>(`${account}/fund-account/query-information`),
    },
    help: {
      documentUrl: (id: string | number) => client.url(`${pdp}/doc/${id}/contentV2`),
      positionImages: (body: { position: string }) => form<{ images: string[] }>(`${pdp}/position/images`, body, { idempotent: true }),
    },
    dictionary: {
      appCommons: () => get<AppCommons>(`${pdp}/dict/app-config/app/commons/multiple-value`),
      appUrls: () => get<Record<string, string>>(`${pdp}/dict/app-config/app/urls/multiple-value`),
      countries: () => get<Country[]>(`${pdp}/dict/countries/base`, { withTel: true }),
      codeValues: (categories: string[]) => form<Record<string, DictionaryItem[]>>(`${pdp}/dict/code-value/batch/queryList`, { categories }, { idempotent: true }),
      regionInfo: () => get<{ code: string; name: string }[]>(`${pdp}/region/info`),
    },
    file: {
      upload: <T = { filename: string; filepath: string; originalFilename: string }>(options: Omit<UploadOptions, 'timeoutMs'>) => upload<T>(`${pdp}/upload`, options),
      financeUpload: <T = { filename: string; filepath: string; originalFilename: string }>(options: Omit<UploadOptions, 'timeoutMs'>) => upload<T>(`${pdp}/finance-file/upload`, options),
      previewUrl: (relativePath: string, waterMark = true) => client.url(`${pdp}/preview`, { relativePath, waterMark }),
      info: (relativePath: string) => get<StoredFileInfo>(`${pdp}/info`, { relativePath }, { idempotent: true, exempt: true, silent: true }),
    },
    ekyc: {
      fetchStatus: (body: { relateType: RelatedType; relateId: string }) => form<EkycResult>(`${ekyc}/rest-api/ctos/fetch-ekyc-status`, body, { idempotent: true, exempt: true }),
      init: (body: { relateType: RelatedType; relateId: string; responseUrl: string; documentName: string; idKind: number; documentNumber: string }) =>
        form<{ h5RedirectUrl: string; handoffToken?: string }>(`${ekyc}/rest-api/ctos/init`, body),
      checkResult: (body: { relateType: RelatedType; relateId: string }) => form<EkycResult>(`${ekyc}/rest-api/ctos/check-result`, body, { idempotent: true, exempt: true }),
      /** PC flow: a short-lived, single-use link for the QR code. */
      handoff: (body: { relateType: RelatedType; relateId: string }) => form<{ url: string; expiresAt: string }>(`${ekyc}/handoff`, body),
      /** The PC's answer on its phone's check: its applicant's (the identity joins the application), or not (that phone and its link end). */
      handoffConfirm: (body: { relateType: RelatedType; relateId: string; checkId: string; accept: boolean }) => post<EkycResult>(`${ekyc}/handoff/confirm`, body),
      /** The phone that came by the QR code carries on with the application itself (its identity verified and confirmed on the PC). */
      handoffContinue: (body: { relateType: RelatedType; relateId: string }) => post<{ continued: true }>(`${ekyc}/handoff/continue`, body),
      /** The phone is done: its hand-off session ends now. */
      handoffFinish: (body: { relateType: RelatedType; relateId: string }) => post<{ finished: true }>(`${ekyc}/handoff/finish`, body),
      zolozInit: (body: Record<string, string>) => form<{ h5RedirectUrl: string }>(`${ekyc}/zoloz/real-id/init`, body),
      zolozCheckResult: (body: Record<string, string>) => form<EkycResult>(`${ekyc}/zoloz/real-id/check-result`, body, { idempotent: true, exempt: true }),
    },
    payment: {
      applyPay: (body: PaymentRequest) => post<PaymentAnswer>(`${money}/payment/ghl/applyPay`, body, { idempotent: true }),
      queryPay: (body: PaymentRequest) => post<PaymentAnswer>(`${money}/payment/ghl/queryPay`, body, { idempotent: true, exempt: true }),
    },
    analytics: {
      report: (body: AnalyticsEvent) =>
        post<{ stored: number }>(`${pdp}/uba/report`, body, { exempt: true, silent: true }),
      /** Where a page's batch of events goes as a beacon (navigator.sendBeacon), which outlives the page. */
      reportUrl: client.url(`${pdp}/uba/report`),
      reportBatch: (events: AnalyticsEvent[]) => post<{ stored: number }>(`${pdp}/uba/report`, { events }, { exempt: true, silent: true }),
      errorReport: (body: { hsNo?: string; href: string; userAgent: string; applyId?: string; message: string; stack?: string; failedRequestId?: string }) =>
        post<{ stored: boolean }>(`${pdp}/error/report`, body, { exempt: true, silent: true }),
    },
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;

/** SPEC §7's analytics event. */
export interface AnalyticsEvent {
  channel: string;
  memberId?: string;
  eventCode: string;
  eventValue: Record<string, unknown>;
}
