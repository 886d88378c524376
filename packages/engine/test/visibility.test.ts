// The visibility rules a real form needs (engine issue §3), on the real schemas, and the promise
// behind them: the predicate (renderer) and the JSON Schema condition (ajv) always agree.
import { describe, expect, it } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { CONTEXT_PROPERTY, evaluateRule, ruleToJsonSchema, untickedQuestions, type Rule } from '../src/index.ts';
import { compileStep, validPersonal } from './helpers.ts';

const visibleIn = (stepId: string, data: Record<string, unknown>, context = {}) => {
  const compiled = compileStep(stepId, { context });
  return (field: string) => compiled.isVisible(field, data);
};

describe('visibility rules of the step schemas', () => {
  it('spouse details only when married', () => {
    expect(visibleIn('work', {}, { maritalStatus: 2 })('spouseName')).toBe(true);
    expect(visibleIn('work', {}, { maritalStatus: 1 })('spouseName')).toBe(false);
  });
  it('passport expiry only for passports; old NRIC only for MyKad', () => {
    const passport = visibleIn('personal', { identityType: 102 });
    const mykad = visibleIn('personal', { identityType: 106 });
    expect([passport('passportExpiry'), passport('oldNricNumber'), passport('passportNumber'), passport('nricNumber')]).toEqual([true, false, true, false]);
    expect([mykad('passportExpiry'), mykad('oldNricNumber'), mykad('passportNumber'), mykad('nricNumber')]).toEqual([false, true, false, true]);
  });
  it('mailing address only when not the same as registered', () => {
    expect(visibleIn('personal', { sameAsRegistered: true })('mailLine1')).toBe(false);
    expect(visibleIn('personal', { sameAsRegistered: false })('mailLine1')).toBe(true);
    expect(visibleIn('personal', { sameAsRegistered: false })('mailingAddress')).toBe(true);
  });
  it('industry, occupation, company name, years of service and office phone only when employed or self-employed', () => {
    const ids = ['industry', 'occupation', 'companyName', 'yearsOfService', 'officePhone'];
    for (const status of [1, 2]) expect(ids.map(visibleIn('work', { employmentStatus: status }))).toEqual(ids.map(() => true));
    for (const status of [3, 4, 5, 6, 999]) expect(ids.map(visibleIn('work', { employmentStatus: status }))).toEqual(ids.map(() => false));
  });
  it('the Islamic or non-Islamic bank list by the toggle', () => {
    expect([visibleIn('financial', { islamicBank: true })('islamicBankName'), visibleIn('financial', { islamicBank: true })('bankName')]).toEqual([true, false]);
    expect([visibleIn('financial', { islamicBank: false })('islamicBankName'), visibleIn('financial', { islamicBank: false })('bankName')]).toEqual([false, true]);
  });
  it('tax country, city and TIN only when tax resident outside Malaysia; the no-TIN reason only without a TIN', () => {
    expect(['taxCountry', 'taxCity', 'hasTin'].map(visibleIn('tax', { taxResidentOutside: false }))).toEqual([false, false, false]);
    expect(['taxCountry', 'taxCity', 'hasTin'].map(visibleIn('tax', { taxResidentOutside: true }))).toEqual([true, true, true]);
    expect(['tin', 'noTinReason'].map(visibleIn('tax', { taxResidentOutside: true, hasTin: true }))).toEqual([true, false]);
    expect(['tin', 'noTinReason'].map(visibleIn('tax', { taxResidentOutside: true, hasTin: false }))).toEqual([false, true]);
  });
  it('a field is hidden when a field its rule reads is hidden, whatever stale value that field still holds', () => {
    // Answered "no TIN, reason B", then said "not a tax resident abroad": the whole chain disappears.
    const check = visibleIn('tax', { taxResidentOutside: false, hasTin: false, noTinReason: 'B', noTinUnableReason: 999 });
    expect(['noTinReason', 'noTinUnableReason', 'noTinExplanation'].map(check)).toEqual([false, false, false]);
  });
  it('relative and PEP details only when answered yes', () => {
    expect(['relativeName', 'pepName'].map(visibleIn('declaration', { hasRelative: true, isPep: false }))).toEqual([true, false]);
    expect(['relativeName', 'pepName'].map(visibleIn('declaration', { hasRelative: false, isPep: true }))).toEqual([false, true]);
  });
  it('the margin account option only for Malaysian citizens', () => {
    expect(compileStep('market', { context: { nationality: 'MYS' } }).options.myType.map((o) => o.value)).toContain(1);
    expect(compileStep('market', { context: { nationality: 'MYS-PR' } }).options.myType.map((o) => o.value)).not.toContain(1);
  });
  it('markets already opened are not offered again when adding a market', () => {
    const check = visibleIn('market', {}, { openedMarkets: 16 });
    expect(['myCard', 'myMarket', 'hkMarket', 'usMarket'].map(check)).toEqual([false, false, true, true]);
  });
  it('a card whose fields are all hidden is hidden: HK and US opened, adding MY', () => {
    const check = visibleIn('market', {}, { openedMarkets: 1 + 2 });
    expect(['myCard', 'foreignCard', 'hkMarket', 'usMarket', 'marginAcc'].map(check)).toEqual([true, false, false, false, false]);
    expect(visibleIn('market', {}, { openedMarkets: 1 })('foreignCard')).toBe(true);
  });
  it('agreements follow the markets and Islamic status', () => {
    const docs = (context: Record<string, unknown>) => compileStep('agreement', { context }).options.documents.map((o) => o.value);
    expect(docs({ markets: 16, islamic: false, accountType: 0 })).toEqual(['1', '3', '4', '5', '6']);
    expect(docs({ markets: 16 + 2, islamic: true, accountType: 2 })).toEqual(['1', '2', '3', '4', '5', '7', '8']);
  });
  it('the ID back is not asked for a passport', () => {
    expect(visibleIn('documentUpload', {}, { identityType: 102 })('idBack')).toBe(false);
    expect(visibleIn('documentUpload', {}, { identityType: 106 })('idBack')).toBe(true);
  });
});

describe('the predicate and the JSON Schema condition of a rule agree', () => {
  const ajv = customizeValidator();
  const rules: Rule[] = [
    { field: 'a', eq: 1 },
    { field: 'a', in: [1, 2] },
    { field: 'a', notIn: [1, 2] },
    { field: 'b', filled: true },
    { field: 'b', filled: false },
    { field: 'c', has: '999' },
    { context: 'nationality', eq: 'MYS' },
    { context: 'nationality', notIn: ['MYS'] },
    { context: 'openedMarkets', hasBit: 16 },
    { all: [{ field: 'a', eq: 1 }, { not: { field: 'b', filled: true } }] },
    { any: [{ field: 'a', eq: 2 }, { context: 'markets', hasBit: 2 }] },
  ];
  const values = {
    a: [undefined, 1, 2, 3, '1'],
    b: [undefined, '', 'x', null],
    c: [undefined, [], ['999'], ['1', '999'], ['1']],
    nationality: [undefined, 'MYS', 'SGP'],
    markets: [undefined, 0, 2, 3, 16, 18, 19],
  };
  const samples: { data: Record<string, unknown>; context: Record<string, unknown> }[] = [];
  for (const a of values.a)
    for (const b of values.b)
      for (const c of values.c)
        for (const nationality of values.nationality)
          for (const markets of values.markets) {
            const data: Record<string, unknown> = {};
            if (a !== undefined) data.a = a;
            if (b !== undefined) data.b = b;
            if (c !== undefined) data.c = c;
            const context: Record<string, unknown> = {};
            if (nationality !== undefined) context.nationality = nationality;
            if (markets !== undefined) context.markets = context.openedMarkets = markets;
            samples.push({ data, context });
          }
  for (const rule of rules) {
    it(JSON.stringify(rule), () => {
      const schema = ruleToJsonSchema(rule);
      const disagreements = samples.filter(
        ({ data, context }) => ajv.isValid(schema, { ...data, [CONTEXT_PROPERTY]: context }, schema) !== evaluateRule(rule, data, context),
      );
      expect(disagreements).toEqual([]);
    });
  }
});

describe('required when visible is enforced by the JSON Schema itself (if/then)', () => {
  it('the compiled schema carries the condition, so a server with ajv alone gives the same verdict', () => {
    const { jsonSchema } = compileStep('personal');
    const conditional = (jsonSchema.allOf as { if: unknown; then: { required?: string[] } }[]).find((c) => c.then.required?.includes('passportExpiry'));
    // A condition that reads no other condition is written where it is used.
    expect(conditional!.if).toEqual({ properties: { identityType: { const: 102 } }, required: ['identityType'] });
    expect(jsonSchema.required).toContain('documentName');
    expect(jsonSchema.required).not.toContain('passportExpiry');
  });
  it('the compiled JSON Schema does not depend on the context, so one precompiled validator serves everyone', () => {
    expect(compileStep('market', { context: { nationality: 'SGP' } }).jsonSchema).toEqual(compileStep('market', { context: { nationality: 'MYS' } }).jsonSchema);
  });
  it('a valid personal step passes', async () => {
    const { errorsOf } = await import('./helpers.ts');
    expect(errorsOf('personal', validPersonal())).toEqual([]);
  });
});

describe('SPEC §4: if a market is not ticked, a confirm dialog asks whether to tick it too', () => {
  it('asks for every unticked market, one after another, in the page\'s order', () => {
    const compiled = compileStep('market', { context: { openedMarkets: 0 } });
    expect(untickedQuestions(compiled, { myMarket: false, hkMarket: false, usMarket: true }).map((q) => q.field)).toEqual(['myMarket', 'hkMarket']);
    expect(untickedQuestions(compiled, { myMarket: true, myType: 0, hkMarket: true, usMarket: true })).toEqual([]);
  });
  it('a market already opened is not asked about', () => {
    const compiled = compileStep('market', { context: { openedMarkets: 16 } });
    expect(untickedQuestions(compiled, { hkMarket: false, usMarket: false }).map((q) => q.field)).toEqual(['hkMarket', 'usMarket']);
  });
});
