// What a step document declares beyond its form, which the server and the app read generically: the
// values an applicant holds alone, the columns copied out for the review queue, the values only the
// server may give, the fields filled from the login, a lookup shown as a value is typed, at least one
// of a group ticked, a read-only step, the identity check, and the answers a supplement starts from.
// A new step or a new unique field is then a change to a document, which the studio can make.
import { getAtPath, parseDataKey } from './data-key.ts';
import { valueFieldsOf, type StepSchema, type ValueField } from './step-schema.ts';

/** Values only one applicant may hold: the claim kinds of the server's member_claims, and a login phone. */
export const UNIQUE_SCOPES = ['username', 'email', 'idNo', 'phone'] as const;
export type UniqueScope = (typeof UNIQUE_SCOPES)[number];

/** The application's columns a step may copy a value into (the review queue's filters and search), with what each holds. */
export const PROJECTION_COLUMNS = { username: 'string', email: 'string', nationality: 'string', idNo: 'string', accountType: 'number', market: 'bits', islamic: 'boolean' } as const;
export type ProjectionColumn = keyof typeof PROJECTION_COLUMNS;

/** A value copied as it is; a ticked box setting a bit of a bit set; or whether the value equals one given. */
export type Projection = ProjectionColumn | { column: ProjectionColumn; bit: number } | { column: ProjectionColumn; equals: string | number | boolean };

/** What the app knows before the form opens, a field may start from. */
export const PREFILL_SOURCES = ['login.areaCode', 'login.mobile'] as const;
export type PrefillSource = (typeof PREFILL_SOURCES)[number];

/** A list the server checks the typed value against, and the app names the match from as it is typed. */
export const LOOKUPS = ['dealer'] as const;
export type Lookup = (typeof LOOKUPS)[number];

/** Values the server gives whatever the browser sends. */
export const SERVER_VALUES = ['identityVerified'] as const;
export type ServerValue = (typeof SERVER_VALUES)[number];

export interface UniqueRule {
  scope: UniqueScope;
  /** The message when another applicant holds the value. */
  messageKey: string;
}

export interface AtLeastOneRule {
  fields: string[];
  messageKey: string;
}

/** The behaviour words of a value field (see step-schema.ts ValueField). */
export interface FieldBehaviour {
  unique?: UniqueRule;
  projectTo?: Projection[];
  prefillFrom?: PrefillSource;
  lookup?: Lookup;
  serverValue?: ServerValue;
  /** Extra properties of the field's input analytics event (SPEC's contact_type on the contact step). */
  analytics?: Record<string, string>;
}

/** The behaviour words of a step document. */
export interface StepBehaviour {
  /** The applicant cannot save this step (its data comes from a provider, e.g. the payment). */
  readOnly?: boolean;
  /** This step is the identity check: its fetch offers the latest check's document, its save carries the verified facts into the steps that lock to them. */
  identityCheck?: boolean;
  /** A supplement (adding a market) starts this step from what the account already holds. */
  carriedToSupplement?: boolean;
  /** At least one of these (CheckBox or Switch) fields must be ticked. */
  atLeastOne?: AtLeastOneRule;
}

/** A field's value in a step's payload (where its dataKey puts it). */
export const valueAt = (payload: Record<string, unknown>, field: ValueField): unknown => getAtPath(payload, parseDataKey(field.dataKey));

/** The fields whose value only one applicant may hold, for a scope. */
export const uniqueFieldsOf = (step: StepSchema, scope?: UniqueScope): ValueField[] => valueFieldsOf(step).filter((field) => field.unique && (!scope || field.unique.scope === scope));

/** The scopes a step's payload claims, with each value (the first field of a scope that holds one). */
export function uniqueValuesOf(step: StepSchema, payload: Record<string, unknown>): { scope: UniqueScope; value: string; field: ValueField }[] {
  const found = new Map<UniqueScope, { scope: UniqueScope; value: string; field: ValueField }>();
  for (const field of uniqueFieldsOf(step)) {
    const value = valueAt(payload, field);
    if (typeof value === 'string' && value !== '' && !found.has(field.unique!.scope)) found.set(field.unique!.scope, { scope: field.unique!.scope, value, field });
  }
  return [...found.values()];
}

/** The application's columns a step's payload sets. A bit set is set whole (0 with nothing ticked); a copied value that is absent stays unset. */
export function projectionOf(step: StepSchema, payload: Record<string, unknown>): Partial<Record<ProjectionColumn, string | number | boolean | null>> {
  const columns: Partial<Record<ProjectionColumn, string | number | boolean | null>> = {};
  for (const field of valueFieldsOf(step)) {
    for (const projection of field.projectTo ?? []) {
      const value = valueAt(payload, field);
      if (typeof projection === 'string') {
        if (value !== undefined) columns[projection] = value as string | number | boolean;
        else if (PROJECTION_COLUMNS[projection] === 'number') columns[projection] = null;
      } else if ('bit' in projection) {
        columns[projection.column] = ((columns[projection.column] as number | undefined) ?? 0) | (value === true ? projection.bit : 0);
      } else {
        columns[projection.column] = value === projection.equals;
      }
    }
  }
  return columns;
}

/** The form data a step starts from, out of what the app knows before it opens. */
export function prefillOf(step: StepSchema, known: Partial<Record<PrefillSource, unknown>>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of valueFieldsOf(step)) if (field.prefillFrom && known[field.prefillFrom] !== undefined) data[field.id] = known[field.prefillFrom];
  return data;
}

/** The field of a step that looks its value up in a list, if any. */
export const lookupFieldOf = (step: StepSchema, lookup: Lookup): ValueField | undefined => valueFieldsOf(step).find((field) => field.lookup === lookup);

/** The fields whose value the server gives. */
export const serverValueFieldsOf = (step: StepSchema): ValueField[] => valueFieldsOf(step).filter((field) => field.serverValue);

/** What one field's input event adds to the analytics (never the value). */
export const analyticsOfField = (step: StepSchema, fieldId: string): Record<string, string> => valueFieldsOf(step).find((field) => field.id === fieldId)?.analytics ?? {};

/** Words only the server reads: the browser's copy of a step document goes without them (apps/web/vite.config.ts). */
export const SERVER_ONLY_STEP_WORDS = ['readOnly', 'identityCheck', 'carriedToSupplement', 'atLeastOne'] as const;
export const SERVER_ONLY_FIELD_WORDS = ['unique', 'projectTo', 'serverValue'] as const;

/** A step document without the words only the server reads; everything the browser's compile and pages use stays. */
export function browserCopyOf(step: StepSchema): StepSchema {
  const withoutFieldWords = (fields: StepSchema['fields']): StepSchema['fields'] =>
    fields.map((field) => {
      const copy: Record<string, unknown> = { ...field };
      for (const word of SERVER_ONLY_FIELD_WORDS) delete copy[word];
      if ('children' in field) copy.children = withoutFieldWords(field.children);
      return copy as unknown as StepSchema['fields'][number];
    });
  const copy: Record<string, unknown> = { ...step, fields: withoutFieldWords(step.fields) };
  for (const word of SERVER_ONLY_STEP_WORDS) delete copy[word];
  // The editors' pointer to the document's JSON Schema.
  delete copy.$schema;
  return copy as unknown as StepSchema;
}
