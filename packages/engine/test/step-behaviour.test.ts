// The behaviour words of the step documents (src/step-behaviour.ts): what the server and the app read
// instead of branching on step ids, checked on the real documents and on planted mistakes.
import { describe, expect, it } from 'vitest';
import { lintSteps, type LintInput } from '../src/lint.ts';
import { loadLocales, loadMetaSchema, loadStepFiles } from '../src/node/load.ts';
import { marketBits } from '../src/step-context.ts';
import {
  LOOKUPS,
  PREFILL_SOURCES,
  PROJECTION_COLUMNS,
  SERVER_VALUES,
  UNIQUE_SCOPES,
  analyticsOfField,
  browserCopyOf,
  lookupFieldOf,
  prefillOf,
  projectionOf,
  serverValueFieldsOf,
  uniqueValuesOf,
} from '../src/step-behaviour.ts';
import type { StepSchema } from '../src/step-schema.ts';
import { compile } from '../src/compile.ts';
import { dictionaries } from './helpers.ts';

const documents = new Map(loadStepFiles().map((s) => [s.document.id, s.document as StepSchema]));
const doc = (id: string) => structuredClone(documents.get(id)!);
const lintOne = (document: unknown) =>
  lintSteps({ dictionaries, locales: loadLocales(), metaSchema: loadMetaSchema('step'), steps: [{ file: 'copy.json', document }] } satisfies LintInput);
const fieldOf = (document: StepSchema, id: string) => {
  const all = (fields: StepSchema['fields']): StepSchema['fields'] => fields.flatMap((f) => [f, ...('children' in f ? all(f.children) : [])]);
  return all(document.fields).find((f) => f.id === id) as unknown as Record<string, unknown>;
};

describe('what the step documents declare', () => {
  it('the meta-schema names the same words as the engine', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document read for its shape
    const meta = loadMetaSchema('step') as { definitions: Record<string, any>; properties: Record<string, unknown> };
    const valueProps = meta.definitions.field.allOf[3].then.properties;
    expect(valueProps.unique.properties.scope.enum).toEqual([...UNIQUE_SCOPES]);
    expect(meta.definitions.projectionColumn.enum.sort()).toEqual(Object.keys(PROJECTION_COLUMNS).sort());
    expect(valueProps.prefillFrom.enum).toEqual([...PREFILL_SOURCES]);
    expect(valueProps.lookup.enum).toEqual([...LOOKUPS]);
    expect(valueProps.serverValue.enum).toEqual([...SERVER_VALUES]);
    expect(Object.keys(meta.properties)).toEqual(expect.arrayContaining(['readOnly', 'identityCheck', 'carriedToSupplement', 'atLeastOne']));
  });

  it('the contact step holds the username and e-mail alone, its phone is the login’s, and the personal step the ID number of the document shown', () => {
    const contact = uniqueValuesOf(doc('contact'), { username: 'ali88', email: 'ali@example.com', mobile: '123456789', areaCode: '60' });
    expect(contact.map(({ scope, value }) => [scope, value])).toEqual([
      ['phone', '123456789'],
      ['email', 'ali@example.com'],
      ['username', 'ali88'],
    ]);
    expect(uniqueValuesOf(doc('personal'), { identityKind: 106, idNo: '900101-14-5678' }).map(({ scope, value }) => [scope, value])).toEqual([['idNo', '900101-14-5678']]);
    // Nothing typed, nothing claimed.
    expect(uniqueValuesOf(doc('contact'), {})).toEqual([]);
  });

  it('the market step’s columns are the ones the queue has always had: the bit set, the account type and Islamic', () => {
    for (const market of [{ myMarket: true, hkMarket: true, usMarket: true, myType: 2 }, { myMarket: false, hkMarket: true }, { myMarket: true, myType: 1 }, {}]) {
      expect(projectionOf(doc('market'), market)).toEqual({ market: marketBits(market), accountType: market.myType ?? null, islamic: market.myType === 2 });
    }
    expect(projectionOf(doc('contact'), { username: 'ali88', email: 'a@b.example', nationalityCode: 'MYS' })).toEqual({ username: 'ali88', email: 'a@b.example', nationality: 'MYS' });
    // A copied value that is absent is left as it is, not cleared.
    expect(projectionOf(doc('contact'), {})).toEqual({});
    expect(projectionOf(doc('personal'), { idNo: 'A1234567', nationalityCode: 'SGP' })).toEqual({ idNo: 'A1234567', nationality: 'SGP' });
    expect(projectionOf(doc('work'), { anything: 1 })).toEqual({});
  });

  it('the login fills the contact step’s phone; the dealer is looked up on the DR code; the identity check’s outcome is the server’s', () => {
    expect(prefillOf(doc('contact'), { 'login.areaCode': '65', 'login.mobile': '91234567' })).toEqual({ areaCode: '65', mobile: '91234567' });
    expect(prefillOf(doc('personal'), { 'login.areaCode': '65', 'login.mobile': '91234567' })).toEqual({});
    expect(lookupFieldOf(doc('contact'), 'dealer')?.id).toBe('drCode');
    expect(lookupFieldOf(doc('market'), 'dealer')).toBeUndefined();
    expect(serverValueFieldsOf(doc('identity')).map((f) => [f.id, f.serverValue])).toEqual([['verification', 'identityVerified']]);
    expect(analyticsOfField(doc('contact'), 'email')).toEqual({ contact_type: 'email' });
    expect(analyticsOfField(doc('contact'), 'username')).toEqual({});
  });

  it('the step-level words sit where the flow needs them', () => {
    expect([...documents.values()].filter((d) => d.readOnly).map((d) => d.id)).toEqual(['payment']);
    expect([...documents.values()].filter((d) => d.identityCheck).map((d) => d.id)).toEqual(['identity']);
    expect([...documents.values()].filter((d) => d.carriedToSupplement).map((d) => d.id).sort()).toEqual(['contact', 'declaration', 'financial', 'investment', 'personal', 'tax', 'work']);
    expect(documents.get('market')!.atLeastOne).toEqual({ fields: ['myMarket', 'hkMarket', 'usMarket'], messageKey: 'validation.marketRequired' });
  });
});

describe('the lint checks the behaviour words', () => {
  it('a unique field that is not a string, and a unique phone without its mobile rule', () => {
    const market = doc('market');
    fieldOf(market, 'myMarket').unique = { scope: 'username', messageKey: 'validation.usernameTaken' };
    expect(lintOne(market)).toContainEqual({ file: 'copy.json', field: 'myMarket', reason: 'a unique value is a string, not boolean' });
    const contact = doc('contact');
    fieldOf(contact, 'email').unique = { scope: 'phone', messageKey: 'validation.phoneTaken' };
    expect(lintOne(contact)).toContainEqual({ file: 'copy.json', field: 'email', reason: 'a unique phone needs the mobile rule, which names its area code field' });
  });

  it('a projection into a column of another kind, or two values into one column', () => {
    const market = doc('market');
    fieldOf(market, 'myType').projectTo = ['username'];
    expect(lintOne(market)).toContainEqual({ file: 'copy.json', field: 'myType', reason: 'projectTo "username" holds string; this field gives number' });
    const contact = doc('contact');
    fieldOf(contact, 'email').projectTo = ['username'];
    expect(lintOne(contact)).toContainEqual({ file: 'copy.json', reason: 'projectTo "username" is given by more than one value (email, username)' });
    const bits = doc('market');
    fieldOf(bits, 'myType').projectTo = [{ column: 'market', bit: 4 }];
    expect(lintOne(bits)).toContainEqual({ file: 'copy.json', field: 'myType', reason: 'projectTo "market" holds bits; this field gives number (a bit is set by a ticked box)' });
  });

  it('atLeastOne naming an unknown or unticked field, a message key without its texts, and an unknown word', () => {
    const market = doc('market');
    market.atLeastOne = { fields: ['myMarket', 'nowhere'], messageKey: 'validation.noSuchMessage' };
    const problems = lintOne(market);
    expect(problems).toContainEqual({ file: 'copy.json', reason: 'atLeastOne names the unknown field "nowhere"' });
    expect(problems).toContainEqual({ file: 'copy.json', reason: 'translation key "validation.noSuchMessage" is missing in en' });
    const typed = doc('market');
    typed.atLeastOne = { fields: ['myMarket', 'myType'], messageKey: 'validation.marketRequired' };
    expect(lintOne(typed)).toContainEqual({ file: 'copy.json', field: 'myType', reason: 'atLeastOne needs fields that are ticked (boolean), not number' });
    const unknown = doc('contact');
    fieldOf(unknown, 'mobile').prefillFrom = 'login.password';
    expect(lintOne(unknown).some((p) => p.reason.includes('meta-schema'))).toBe(true);
  });
});

describe('the browser’s copy of a step document', () => {
  it('goes without the words only the server reads (and the editors’ $schema), and compiles to the same form', () => {
    for (const [id, document] of documents) {
      const copy = browserCopyOf(document);
      const keys = (node: unknown): string[] => (node && typeof node === 'object' ? Object.entries(node).flatMap(([key, value]) => [key, ...keys(value)]) : []);
      expect(keys(copy).filter((key) => ['unique', 'projectTo', 'serverValue', 'readOnly', 'identityCheck', 'carriedToSupplement', 'atLeastOne', '$schema'].includes(key)), id).toEqual([]);
      const [ours, theirs] = [compile(document, { dictionaries }), compile(copy, { dictionaries })];
      expect(theirs.jsonSchema, id).toEqual(ours.jsonSchema);
      expect(theirs.uiSchema, id).toEqual(ours.uiSchema);
      expect(theirs.valueFields.map((f) => f.id), id).toEqual(ours.valueFields.map((f) => f.id));
    }
    // What the app reads stays.
    expect(lookupFieldOf(browserCopyOf(documents.get('contact')!), 'dealer')?.id).toBe('drCode');
    expect(prefillOf(browserCopyOf(documents.get('contact')!), { 'login.mobile': '1' })).toEqual({ mobile: '1' });
  });
});
