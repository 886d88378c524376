// Model-based tests (@xstate/graph): every simple path from start to result, for a matrix of contexts.
import { getAdjacencyMap, getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic } from 'xstate';
import { MARKET, STEP_NAMES, contextFromInput, flowMachine, guards, needsPayment, rejectionPath, stepByName, type FlowEvent, type FlowInput, type StepName } from '../src/index.ts';

type Snap = ReturnType<typeof flowMachine.transition>;
/** The machine as the graph utilities see it. */
const logic = flowMachine as unknown as ActorLogic<Snap, FlowEvent, FlowInput>;
const stepOf = (snapshot: Snap) => snapshot.value as StepName;
const serializeState = (snapshot: Snap) => `${String(snapshot.value)}|${snapshot.context.ekycPassed}|${snapshot.context.addingMarkets}`;

interface Case {
  label: string;
  input: FlowInput;
  choose?: number;
}

const platforms = ['app', 'embedded', 'pc'] as const;
const switches = [true, false];
const cases: Case[] = [];
for (const platform of platforms)
  for (const ctosValid of switches)
    for (const ghlValid of switches) {
      const common = { platform, ctosValid, ghlValid };
      const tag = `${platform}, ctos ${ctosValid ? 'on' : 'off'}, ghl ${ghlValid ? 'on' : 'off'}`;
      for (const markets of [16, 1, 2, 3, 17, 18, 19])
        for (const nationality of ['MYS', 'SGP'])
          // The account type is MY's: without MY there is none to choose.
          for (const accountType of markets & MARKET.MAS ? [0, 1, 2] : [null])
            cases.push({ label: `new, markets ${markets}, ${nationality}, account type ${accountType ?? 'none'}, ${tag}`, input: { ...common, mode: 'new', markets, nationality, accountType } });
      for (const [opened, choose] of [[16, 1], [16, 2], [16, 3], [3, 16], [1, 18]])
        cases.push({ label: `supplementary, opened ${opened}, adding ${choose}, ${tag}`, input: { ...common, mode: 'supplementary', status: 4, openedMarkets: opened }, choose });
      cases.push({ label: `supplementary, HK and US chosen at the entry, ${tag}`, input: { ...common, mode: 'supplementary', status: 4, openedMarkets: 16, addingMarkets: 3 } });
      for (const items of [['2002-idDocument'], ['2002-idDocument', '2005-bankStatement'], ['2005-bankStatement'], ['2003-address', '2010-signature']]) {
        const rejectedItems = items.map((item) => ({ code: Number(item.split('-')[0]), field: item.split('-')[1] }));
        cases.push({ label: `rejected on ${items.join(', ')}, ${tag}`, input: { ...common, mode: 'rejected', status: 5, rejectedItems } });
      }
    }

const eventsFor = (c: Case): FlowEvent[] => [
  { type: 'NEXT' },
  { type: 'OPEN_PDF' },
  { type: 'IDENTITY_RESULT', ok: true },
  { type: 'IDENTITY_RESULT', ok: false, reason: 'blurry' },
  { type: 'PAYMENT_RESULT', payStatus: 0 },
  { type: 'PAYMENT_RESULT', payStatus: 1 },
  { type: 'PAYMENT_RESULT', payStatus: 2 },
  ...(c.choose ? [{ type: 'CHOOSE_MARKETS' as const, markets: c.choose }] : []),
];

/** Steps that must never appear on a path for this context. */
function forbidden(c: Case): StepName[] {
  const input = contextFromInput(c.input);
  const context = { ...input, addingMarkets: c.choose === undefined ? input.addingMarkets : c.choose & ~input.openedMarkets };
  const out = new Set<StepName>(['notFound', 'myAbnormal']);
  if (!needsPayment(context)) ['payment', 'paymentTransit', 'paymentFailed'].forEach((s) => out.add(s as StepName));
  if (!context.ctosValid) ['identity', 'identityTransit', 'identityFailed', 'chooseDevice'].forEach((s) => out.add(s as StepName));
  if (context.platform !== 'pc') out.add('chooseDevice');
  if (context.mode === 'supplementary') ['contact', 'identity', 'work', 'investment', 'declaration', 'documentUpload', 'rejection'].forEach((s) => out.add(s as StepName));
  if (context.mode === 'new') ['documentUpload', 'rejection', 'addMarket', 'entryTransit'].forEach((s) => out.add(s as StepName));
  if (context.mode === 'rejected') {
    const allowed = new Set<StepName>(['start', 'rejection', 'result', 'identityTransit', 'identityFailed', 'chooseDevice', ...rejectionPath(context)]);
    for (const name of STEP_NAMES) if (!allowed.has(name)) out.add(name);
  }
  return [...out];
}

const reached = new Set<StepName>();

/** SPEC §5: a non-Malaysian's margin account for MY is refused at the market step: no path goes on. */
const refusedAtMarket = (c: Case) => guards.marginRefused(contextFromInput(c.input));

describe('model-based: every simple path from start to result', () => {
  it(`covers ${cases.length} different contexts`, () => {
    expect(new Set(cases.map((c) => JSON.stringify([c.input, c.choose ?? null]))).size).toBe(cases.length);
    expect(cases.length).toBe(480);
  });
  for (const c of cases.filter(refusedAtMarket)) {
    it(`${c.label}: refused at the market step`, () => {
      expect(getSimplePaths(logic, { input: c.input, events: eventsFor(c), serializeState, toState: (s: Snap) => stepOf(s) === 'result' })).toHaveLength(0);
      const adjacency = getAdjacencyMap(logic, { input: c.input, events: eventsFor(c), serializeState });
      const steps = new Set(Object.values(adjacency).map(({ state }) => stepOf(state)));
      expect([...steps].sort()).toEqual(['contact', 'market', 'start']);
    });
  }
  for (const c of cases.filter((c) => !refusedAtMarket(c))) {
    it(c.label, () => {
      const options = { input: c.input, events: eventsFor(c), serializeState, toState: (s: Snap) => stepOf(s) === 'result' };
      const paths = getSimplePaths(logic, options);
      expect(paths.length).toBeGreaterThan(0);
      const banned = forbidden(c);
      for (const path of paths) {
        const steps = ['start' as StepName, ...path.steps.map((s) => stepOf(s.state))];
        expect(steps.at(-1)).toBe('result');
        const percents = steps.map((s) => stepByName(s).percent).filter((p): p is number => p !== null);
        expect(percents, `percentages never go down on ${steps.join(' > ')}`).toEqual([...percents].sort((a, b) => a - b));
        expect(steps.filter((s) => banned.includes(s)), `forbidden steps on ${steps.join(' > ')}`).toEqual([]);
      }
      // No dead end except the result: every state reached has a way on.
      const adjacency = getAdjacencyMap(logic, { input: c.input, events: eventsFor(c), serializeState });
      for (const { state, transitions } of Object.values(adjacency)) {
        reached.add(stepOf(state));
        if (stepOf(state) === 'result') continue;
        const onwards = (Object.values(transitions) as { state: Snap }[]).some(({ state: next }) => serializeState(next) !== serializeState(state));
        expect(onwards, `${stepOf(state)} is a dead end`).toBe(true);
      }
    });
  }
  it('every step is reachable (the not-found and MY-abnormal pages come from routes and the status entry)', () => {
    const expected = STEP_NAMES.filter((s) => !['notFound', 'myAbnormal'].includes(s));
    expect(expected.filter((s) => !reached.has(s))).toEqual([]);
  });
});

describe('model-based: payment never appears when only HK/US are supplemented', () => {
  it('holds for every supplementary case adding HK and/or US', () => {
    const hkUs = cases.filter((c) => c.input.mode === 'supplementary' && c.choose !== undefined && (c.choose & MARKET.MAS) === 0);
    expect(hkUs.length).toBeGreaterThan(0);
    for (const c of hkUs) expect(forbidden(c)).toContain('payment');
  });
});
