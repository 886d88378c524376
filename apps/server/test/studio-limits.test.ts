// The studio cannot hurt applicants or the server: a document that once froze the server compiles
// off its event loop within a time and memory limit (or is refused with a clear message); a field
// named like an Object.prototype property is a field like any other; what the lint passes, a publish
// can build; an editor's drafts and compiling requests are bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loadStepSchemas } from '@kh/engine/node';
import type { StepSchema } from '@kh/engine';
import { applicationSteps } from '../src/db/schema.ts';
import { loadConfig } from '../src/config.ts';
import { StudioCompiler, StudioTooComplexError } from '../src/studio/studio-compiler.ts';
import { STEP_CODES, answers, fill } from './fixtures.ts';
import { login, signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

const defaults = loadConfig({ KH_DEV: '1' });
let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer({ studio: { ...defaults.studio, draftsPerEditor: 3, requestsPerMinute: 1000 } });
  Object.assign(tokens, await signInStaff(server, [['ed', 'Eddie Editor', 'editor'], ['erin', 'Erin Editor', 'editor'], ['eli', 'Eli Editor', 'editor']]));
});
afterAll(() => server.close());
const ed = staffCall(() => server.baseUrl, () => tokens.ed);
const erin = staffCall(() => server.baseUrl, () => tokens.erin);

const contact = (): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === 'contact')!);
const label = 'field.contact.email.label';

/** The contact step with n more text fields, each shown once the `reads` before it are filled, each with a length rule. */
function chained(n: number, reads = 2): StepSchema {
  const step = contact();
  const payload: Record<string, string> = { ...(step.payload as Record<string, string>) };
  for (let i = 0; i < n; i++) {
    payload[`extra${i}`] = 'string';
    const read = Array.from({ length: reads }, (_, k) => i - 1 - k).filter((j) => j >= 0).map((j) => ({ field: `extra${j}`, filled: true }));
    step.fields.push({ id: `extra${i}`, kind: 'Input', valueType: 'string', dataKey: `extra${i}`, labelKey: label, rules: [{ rule: 'maxLength', max: 10 }], ...(read.length ? { visibleWhen: { all: read } } : {}) } as never);
  }
  step.payload = payload as never;
  return step;
}

/** The longest /healthz answer while `work` runs, asked every 25 ms, and how long the work took. */
async function slowestHealthz(work: Promise<unknown>): Promise<{ slowest: number; took: number }> {
  const started = performance.now();
  let slowest = 0;
  let done = false;
  void work.finally(() => (done = true));
  while (!done) {
    const asked = performance.now();
    await fetch(`${server.baseUrl}/healthz`);
    slowest = Math.max(slowest, performance.now() - asked);
    await new Promise((r) => setTimeout(r, 25));
  }
  return { slowest, took: performance.now() - started };
}

describe('a document cannot freeze the server', () => {
  it('the 18-field document that blocked the event loop for seconds is refused by the lint, naming the field, and saved as a draft, while /healthz keeps answering', async () => {
    const document = chained(18);
    const work = Promise.all([
      ed('POST', '/staff/studio/steps/contact/preview', { document, translations: {} }),
      ed('POST', '/staff/studio/steps/contact/check', { document, translations: {}, data: {} }),
      ed('POST', '/staff/studio/steps/contact/drafts', { document, translations: {} }),
    ]);
    // Against the same run's work, not a fixed time: on the event loop the compile held /healthz for
    // about as long as it ran (6.5-14 s for this document alone); off it, for a small part of that.
    const { slowest, took } = await slowestHealthz(work);
    expect(slowest).toBeLessThan(Math.max(250, 0.2 * took));
    const [preview, check, draft] = await work;
    // A validator would evaluate its visibility like Fibonacci: the lint says so, and nothing is compiled.
    expect(preview.body.data.validator).toBeNull();
    expect(preview.body.data.problems).toContainEqual(expect.objectContaining({ field: expect.stringMatching(/^extra\d+$/), reason: expect.stringMatching(/^its visibility takes \d+ conditions once the rules of the fields it reads are followed; at most 200/) }));
    expect(check.body.data.problems.length).toBeGreaterThan(0);
    expect(draft.status).toBe(200);
    // The same number of fields, each reading only the one before, is a document like any other.
    const fine = await ed('POST', '/staff/studio/steps/contact/preview', { document: chained(18, 1), translations: {} });
    expect(fine.body.data).toMatchObject({ problems: [], validator: expect.stringMatching(/\.js$/) });
  });

  it('a compile that runs over its time limit is ended and the editor is told why; the next one runs', async () => {
    const strict = await startServer({ studio: { ...defaults.studio, compileTimeoutMs: 100 } });
    try {
      const [token] = Object.values(await signInStaff(strict, [['tim', 'Tim Editor', 'editor']]));
      const call = staffCall(() => strict.baseUrl, () => token);
      // Linting, compiling and building the validator of 150 fields takes well over 0.1 s.
      const over = await call('POST', '/staff/studio/steps/contact/preview?language=zh-HK', { document: chained(150, 0), translations: {} });
      expect(over.body.msg).toBe('ok');
      expect(over.body.data).toMatchObject({ validator: null, problems: [{ reason: '此文件過於複雜，未能在 0.1 秒內編譯。請簡化其顯示規則或拆分此步驟。' }] });
      // The thread that ran it was ended; the next request gets an answer from a new one.
      const next = await call('POST', '/staff/studio/steps/contact/preview', { document: contact(), translations: {} });
      expect(next.body.msg).toBe('ok');
    } finally {
      await strict.close();
    }
  });

  it('the worker: a piece of work is timed from when it starts, the server\'s own timers run meanwhile, and a heap past its limit ends it', async () => {
    const compiler = new StudioCompiler({ timeoutMs: 400, memoryMb: 64, maxQueue: 4 });
    try {
      await compiler.run('warm', undefined as never);
      const ticks: number[] = [];
      const ticking = setInterval(() => ticks.push(performance.now()), 20);
      const spun = compiler.run('spin', { ms: 5_000 });
      await expect(spun).rejects.toBeInstanceOf(StudioTooComplexError);
      clearInterval(ticking);
      // The event loop kept its 20 ms rhythm through the 400 ms the spin was allowed.
      const gaps = ticks.slice(1).map((t, i) => t - ticks[i]);
      expect(Math.max(...gaps)).toBeLessThan(300);
      // Queued behind it, a short piece still got its own time: waiting is not counted.
      const [first, second] = await Promise.allSettled([compiler.run('spin', { ms: 300 }), compiler.run('spin', { ms: 300 })]);
      expect([first.status, second.status]).toEqual(['fulfilled', 'fulfilled']);
      await expect(compiler.run('hold', { megabytes: 256 })).rejects.toBeInstanceOf(StudioTooComplexError);
      // A piece slowed past its time by a busy moment is tried once more, on a new thread, and answers:
      // it spins until a time just after the first try's 400 ms, so the second try has little left to do.
      expect(await compiler.run('spin', { until: Date.now() + 550 })).toBe(true);
      expect(await compiler.run('warm', undefined as never)).toBe(true);
    } finally {
      await compiler.close();
    }
  });
});

describe('a 2,000-choice select', () => {
  it('is previewed and saved with its texts in three languages, while the rest of the API keeps its value count', async () => {
    const step = contact();
    const options = Array.from({ length: 2000 }, (_, i) => ({ value: String(i + 1), labelKey: `option.branch.${i + 1}` }));
    step.fields.push({ id: 'branch', kind: 'Select', valueType: 'string', dataKey: 'branch', labelKey: 'field.contact.branch.label', dataSource: { options } } as never);
    step.payload = { ...step.payload, branch: 'string' };
    const texts = (prefix: string) => Object.fromEntries([['field.contact.branch.label', `${prefix} branch`], ...options.map((o, i) => [o.labelKey, `${prefix} ${i + 1}`])]);
    const translations = { en: texts('Branch'), 'zh-HK': texts('分行'), 'zh-CN': texts('分行') };
    const preview = await ed('POST', '/staff/studio/steps/contact/preview', { document: step, translations });
    expect(preview.body.msg).toBe('ok');
    expect(preview.body.data).toMatchObject({ problems: [], validator: expect.stringMatching(/\.js$/) });
    expect((await ed('POST', '/staff/studio/steps/contact/drafts', { document: step, translations })).status).toBe(200);
    // An applicant's save of as many values is refused as before.
    const c = await login(server, '139100077');
    const flood = await c.post('/kh/account/apply/fill-data', { fillStep: 2000, relatedType: 'INIT', data: Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`k${i}`, 'v'])) });
    expect(flood.status).toBe(400);
  });
});

describe('names from a document are own properties, on the server too', () => {
  it('a published step with fields named constructor, toString and valueOf saves, stores and answers them', async () => {
    const step = contact();
    const names = ['constructor', 'toString', 'valueOf'];
    for (const name of names) step.fields.push({ id: name, kind: 'Input', valueType: 'string', dataKey: name, labelKey: label } as never);
    step.payload = { ...step.payload, ...Object.fromEntries(names.map((n) => [n, 'string'])) };
    const { version } = (await ed('POST', '/staff/studio/steps/contact/drafts', { document: step, translations: {} })).body.data;
    expect((await ed('POST', `/staff/studio/steps/contact/versions/${version}/submit`)).status).toBe(200);
    expect((await erin('POST', `/staff/studio/steps/contact/versions/${version}/publish`, {})).status).toBe(200);

    const mobile = '139100001';
    const c = await login(server, mobile);
    await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
    const base = answers(1, { proof: '', statement: '', signature: '' }, mobile).contact;
    // Without them (they are optional), and with them.
    expect((await fill(c, 'contact', base, { schemaVersion: version })).status).toBe(200);
    const saved = await fill(c, 'contact', base, { schemaVersion: version }, { constructor: 'built', toString: 'said', valueOf: 'worth' });
    expect(saved.status).toBe(200);
    const fetched = (await c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.contact, relatedType: 'INIT' })).body.data;
    expect(fetched).toMatchObject({ constructor: 'built', toString: 'said', valueOf: 'worth' });
    const [row] = await server.database.db.select().from(applicationSteps).where(and(eq(applicationSteps.stepId, 'contact'), eq(applicationSteps.schemaVersion, version)));
    expect(row.payload).toMatchObject({ constructor: 'built', toString: 'said' });
    // Back to the shipped contact step for the tests after this one.
    const back = (await ed('POST', '/staff/studio/steps/contact/rollback', { version: 0 })).body.data.version;
    await erin('POST', `/staff/studio/steps/contact/versions/${back}/publish`, { migration: 'Test fields removed.' });
  });

  it('a dataKey that walks through a prototype is a lint problem, never a publish', async () => {
    const step = contact();
    step.fields.push({ id: 'sneaky', kind: 'Input', valueType: 'string', dataKey: 'constructor.prototype.polluted', labelKey: label } as never);
    // (A payload declaring constructor.prototype is refused before it is read: fastify's JSON parser drops prototype poisoning.)
    step.payload = { ...step.payload, polluted: 'string' } as never;
    const preview = await ed('POST', '/staff/studio/steps/contact/preview', { document: step, translations: {} });
    expect(preview.body.data.problems).toContainEqual(expect.objectContaining({ field: 'sneaky', reason: 'dataKey "constructor.prototype.polluted" may not name "constructor"' }));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('what the lint passes, a publish can build', () => {
  it('a range with its ends reversed is named by the lint; it cannot be sent for review, and nothing answers 500', async () => {
    const personal = structuredClone(loadStepSchemas().find((s) => s.id === 'personal')!);
    const walk = (fields: StepSchema['fields']): StepSchema['fields'] => fields.flatMap((f) => [f, ...('children' in f ? walk(f.children) : [])]);
    const passport = walk(personal.fields).find((f) => f.id === 'passportNumber') as { rules: Record<string, unknown>[] };
    passport.rules = passport.rules.map((r) => (r.rule === 'passport' ? { rule: 'passport', min: 9, max: 2 } : r));
    const preview = await ed('POST', '/staff/studio/steps/personal/preview', { document: personal, translations: {} });
    expect(preview.body.msg).toBe('ok');
    expect(preview.body.data).toMatchObject({ validator: null, problems: [{ field: 'passportNumber', reason: 'rule "passport": min (9) is more than max (2)' }] });
    const check = await ed('POST', '/staff/studio/steps/personal/check', { document: personal, data: {} });
    expect(check.status).toBe(200);
    const { version } = (await ed('POST', '/staff/studio/steps/personal/drafts', { document: personal, translations: {} })).body.data;
    const submit = await ed('POST', `/staff/studio/steps/personal/versions/${version}/submit`);
    expect(submit.status).toBe(409);
    expect(submit.body.data.problems).toHaveLength(1);
    await ed('POST', `/staff/studio/steps/personal/versions/${version}/discard`);
  });
});

describe('an editor\'s drafts and requests are bounded', () => {
  it('a draft over the size limit is refused; so is a draft beyond the quota, until one is discarded', async () => {
    const huge = contact();
    (huge as unknown as { descriptionKey: string }).descriptionKey = 'x'.repeat(800 * 1024);
    const tooLarge = await staffCall(() => server.baseUrl, () => tokens.eli)('POST', '/staff/studio/steps/contact/drafts', { document: huge, translations: {} });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.msg).toBe('This document and its texts are larger than 768 KB. Split the step or shorten the texts.');
    const eli = staffCall(() => server.baseUrl, () => tokens.eli);
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await eli('POST', '/staff/studio/steps/contact/drafts', { document: contact(), translations: {} })).body.data.version);
    const over = await eli('POST', '/staff/studio/steps/contact/drafts', { document: contact(), translations: {} });
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe('You already have 3 drafts. Send one for review or discard one first.');
    expect((await eli('POST', `/staff/studio/steps/contact/versions/${made[0]}/discard`)).body.data.status).toBe('discarded');
    expect((await eli('POST', '/staff/studio/steps/contact/drafts', { document: contact(), translations: {} })).status).toBe(200);
  });

  it('compiling requests are counted per editor per minute', async () => {
    const limited = await startServer({ studio: { ...defaults.studio, requestsPerMinute: 3 } });
    try {
      const [token] = Object.values(await signInStaff(limited, [['rae', 'Rae Editor', 'editor']]));
      const call = staffCall(() => limited.baseUrl, () => token);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call('POST', '/staff/studio/steps/contact/preview', { document: contact(), translations: {} })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
