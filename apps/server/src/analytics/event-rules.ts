// What an analytics event may say before it reaches the funnel the editors read: a known event, each
// property of its own kind (a yes or no, a number, one of a few words, a step's name, a message key),
// never free text; and, for a form step's events, a version that applicant's application was really
// drawn (its pin, the version the server draws it now, or one replaced less than a day ago), a field
// of that version and a rule of its messages. An event that says anything else is dropped, and the
// count said: a signed-in applicant cannot write an NRIC, a script or an invented version 4242 into
// the studio's figures.
import { STEP_NAMES } from '@kh/flow';
import { valueFieldsOf, type StepSchema } from '@kh/engine';
import { translate } from '@kh/i18n';
import type { Database } from '../db/database.ts';
import { FORM_STEP_IDS, publishedVersion, drawsVersion } from '../steps/index.ts';

type Check = (value: unknown) => boolean;
const bool: Check = (value) => typeof value === 'boolean';
const oneOf =
  (...words: string[]): Check =>
  (value) =>
    typeof value === 'string' && words.includes(value);
/** A code: letters, digits and a few separators, as an id or a key is written; never a sentence. */
const token: Check = (value) => typeof value === 'string' && /^[A-Za-z0-9_.:/-]{1,80}$/.test(value);
/** A message key the app and the server write (validation.required…), which names a rule, not what was typed. */
const messageKey: Check = (value) => typeof value === 'string' && /^(validation|server|errors|common|field|step)\.[A-Za-z0-9_.-]{1,100}$/.test(value);
const mime: Check = (value) => typeof value === 'string' && /^[a-z]+\/[a-z0-9.+-]{1,60}$/.test(value);
const page: Check = (value) => typeof value === 'string' && (STEP_NAMES as readonly string[]).includes(value);
const formPage: Check = (value) => typeof value === 'string' && FORM_STEP_IDS.includes(value);
const version: Check = (value) => Number.isInteger(value) && (value as number) >= 0 && (value as number) < 1_000_000;

/** What every event of the app carries: the page's properties. */
const COMMON: Record<string, Check> = { is_login: bool, platform_type: oneOf('H5'), is_open_account: bool, scenes_type: token };

/** The events the app sends, and what each may hold. */
const EVENTS: Record<string, Record<string, Check>> = {
  page_view: { page },
  quit_view: { page },
  form_view: { page: formPage, version },
  input: { page: formPage, version, field: token, contact_type: oneOf('phone', 'email') },
  step_next: { page: formPage, version, is_success: bool, failure_reason: (value) => value === '' || messageKey(value) },
  field_error: { page: formPage, version, field: token, rule: messageKey, source: oneOf('page', 'server') },
  code_request: { contact_type: oneOf('phone', 'email') },
  payment_submit: { order: token },
  upload: { is_success: bool, type: mime, failure_reason: (value) => value === '' || messageKey(value) },
  document_download: { document: token },
  document: { document: token },
};

export interface IncomingEvent {
  channel: string;
  eventCode: string;
  eventValue?: Record<string, unknown>;
}

/** The application a signed-in applicant's events are about: the one whose steps they are drawn. */
export interface EventApplication {
  id: string;
  /** Each answered step's pinned version. */
  pinned: Record<string, number>;
}

/** Why an event was dropped, or undefined when it may be stored. */
export async function eventProblem(db: Database, event: IncomingEvent, application: EventApplication | undefined): Promise<string | undefined> {
  const allowed = EVENTS[event.eventCode];
  if (!allowed) return 'an event the app does not send';
  if (!/^[A-Za-z0-9_]{1,40}$/.test(event.channel)) return 'a channel that is not a code';
  const value = event.eventValue ?? {};
  for (const [key, given] of Object.entries(value)) {
    const check = allowed[key] ?? COMMON[key];
    if (!check) return `a property the event does not hold (${key.slice(0, 40).replace(/[^\w]/g, '_')})`;
    if (!check(given)) return `a value of ${key} that is not one it takes`;
  }
  if (!('version' in allowed)) return undefined;
  // A form step's event: about this applicant's own application, under a version it was drawn, naming its fields.
  if (!application) return 'a form step event without an application';
  const stepId = String(value.page);
  const drawn = Number(value.version);
  if (!(await drawsVersion(db, stepId, { applicationId: application.id, pinned: application.pinned[stepId], drawnWith: drawn }))) return 'a version this application was not drawn';
  const published = await publishedVersion(db, stepId, drawn);
  if ('field' in value && !valueFieldsOf(published.document as StepSchema).some((field) => field.id === value.field)) return 'a field the version does not hold';
  // A rule's message is the app's own or one the version brings.
  for (const key of ['rule', 'failure_reason'] as const)
    if (typeof value[key] === 'string' && value[key] !== '' && translate('en', value[key] as string) === value[key] && !published.translations.en?.[value[key] as string]) return `a ${key} that is no message of the version`;
  return undefined;
}
