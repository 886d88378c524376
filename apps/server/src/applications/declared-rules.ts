// What a step document declares beyond its form (packages/engine/src/step-behaviour.ts), carried out
// on the server for any step: values only one applicant may hold, a typed code looked up in a list,
// at least one box of a group ticked, values only the server gives, and the columns the review
// queue reads. No step is named here: a new step or a new unique field is a document change.
import { sql } from 'drizzle-orm';
import { UNIQUE_SCOPES, projectionOf, valueAt, serverValueFieldsOf, uniqueFieldsOf, uniqueValuesOf, type CompiledStep, type FieldError, type FormData, type ServerValue, type UniqueScope, type ValueField } from '@kh/engine';
import { rowsOf, type Database } from '../db/database.ts';
import { batchedPerDatabase, namedStatement } from '../db/prepared.ts';
import { members } from '../db/schema.ts';
import { identityVerified } from './applications.ts';
import { claimOf, heldByOthers, type Claim, type ClaimKind } from './member-claims.ts';

/** What the server alone says of an application, by the name a field's serverValue gives it. */
export type ServerFacts = Record<ServerValue, unknown>;

/** An application's server facts read on their own (a save has them from its session read). */
export const serverFactsOf = async (db: Database, applicationId: string): Promise<ServerFacts> => ({ identityVerified: await identityVerified(db, applicationId) });

/** Sets the fields whose value is the server's to say (the identity check's outcome), whatever the browser sent. */
export function withServerValues(facts: ServerFacts, compiled: CompiledStep, data: FormData): FormData {
  for (const field of serverValueFieldsOf(compiled.step)) data[field.id] = facts[field.serverValue!] as FormData[string];
  return data;
}

const byScope = (a: { scope: UniqueScope }, b: { scope: UniqueScope }) => UNIQUE_SCOPES.indexOf(a.scope) - UNIQUE_SCOPES.indexOf(b.scope);

/** What a step's payload asks to hold alone, claimed in the database (username, e-mail, ID number), in the scopes' order. */
export const claimsOf = (compiled: CompiledStep, payload: Record<string, unknown>): Claim[] =>
  uniqueValuesOf(compiled.step, payload)
    .filter((held): held is typeof held & { scope: ClaimKind } => held.scope !== 'phone')
    .sort(byScope)
    .flatMap(({ scope, value }) => claimOf(scope, value));

/** The field a value another applicant holds is reported on: the one of its scope on screen (the ID number of the chosen document). */
export function takenError(compiled: CompiledStep, scope: UniqueScope, formData: FormData): FieldError {
  const fields = uniqueFieldsOf(compiled.step, scope);
  const field = fields.find((f) => compiled.isVisible(f.id, formData)) ?? fields[0]!;
  return { field: field.id, key: field.unique!.messageKey };
}

/** The area code field a phone's mobile rule names. */
const areaCodeFieldOf = (field: ValueField): string | undefined => {
  const rule = field.rules?.find((r) => r.rule === 'mobile');
  return rule && 'areaCodeField' in rule ? rule.areaCodeField : undefined;
};

/**
 * The values of this step another applicant holds now, as field errors: read only when the save is
 * refused for something else, to report them together. A save otherwise goes on to claim them
 * (member-claims.ts), which finds the same in the one statement that takes them.
 */
export async function takenByOthers(db: Database, memberId: string, compiled: CompiledStep, formData: FormData, payload: Record<string, unknown>): Promise<FieldError[]> {
  return (await heldByOthers(db, memberId, claimsOf(compiled, payload))).map((kind) => takenError(compiled, kind, formData));
}

/** Another member logs in with this phone: one read for the saves that arrive together. */
const phoneOfAnother = batchedPerDatabase<{ memberId: string; countryCode: string; mobile: string }, boolean>(async (db, wanted) => {
  const rows = wanted.map((w, position) => ({ position, member_id: w.memberId, country_code: w.countryCode, mobile: w.mobile }));
  const held = rowsOf<{ position: number }>(await phonesHeldStatement(db, { rows: JSON.stringify(rows) }));
  const heldAt = new Set(held.map((row) => Number(row.position)));
  return wanted.map((_, position) => heldAt.has(position));
});
const phonesHeldStatement = namedStatement(
  'kh_phones_held',
  sql`select r.position from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r(position integer, member_id text, country_code text, mobile text)
      where exists (select 1 from ${members} m where m.country_code = r.country_code and m.mobile = r.mobile and m.id <> r.member_id)`,
);

/** The rules only the server can check (SPEC §5): a login phone another member uses, a known code; and at least one of a group. */
export async function declaredRules(
  db: Database,
  memberId: string,
  compiled: CompiledStep,
  formData: FormData,
  payload: Record<string, unknown>,
  lists: { dealer: Record<string, string> },
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  // A login phone is the member's own: another member logging in with it holds it.
  for (const field of uniqueFieldsOf(compiled.step, 'phone')) {
    const mobile = valueAt(payload, field);
    if (typeof mobile !== 'string') continue;
    const areaCodeField = compiled.valueFields.find((f) => f.id === areaCodeFieldOf(field));
    const areaCode = String((areaCodeField && valueAt(payload, areaCodeField)) ?? '');
    if (await phoneOfAnother(db, { memberId, countryCode: areaCode, mobile })) errors.push({ field: field.id, key: field.unique!.messageKey });
  }
  for (const field of compiled.valueFields) {
    if (!field.lookup || !compiled.isVisible(field.id, formData)) continue;
    const value = valueAt(payload, field);
    if (typeof value === 'string' && !Object.hasOwn(lists[field.lookup], value.toUpperCase())) errors.push({ field: field.id, key: 'server.drUnknown' });
  }
  // An application opens at least one market: with none ticked there is nothing to review.
  const group = compiled.step.atLeastOne;
  if (group && !compiled.valueFields.some((field) => group.fields.includes(field.id) && valueAt(payload, field) === true)) errors.push({ field: group.fields[0]!, key: group.messageKey });
  return errors;
}

/** The application's columns a step's payload sets (the review queue's filters and search). */
export const projectedColumns = (compiled: CompiledStep, payload: Record<string, unknown>) => projectionOf(compiled.step, payload);
