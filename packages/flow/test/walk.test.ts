import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MARKET, SCENARIOS, WalkInputError, flowMarkdown, parseWalkContext, parseWalkEvents, replay, scenarioByName, walk } from '../src/index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const codes = (name: string) => walk(scenarioByName(name)!).map((row) => row.code);

describe('scenarios walk to the result', () => {
  it('ships at least 10 scenarios', () => expect(SCENARIOS.length).toBeGreaterThanOrEqual(10));
  it.each(SCENARIOS.map((s) => [s.name]))('%s ends on the result', (name) => {
    expect(codes(name).at(-1)).toBe(1900);
  });
  it('new MY cash: every step, identity and payment through their transit pages', () => {
    expect(codes('new-my-cash')).toEqual([1000, 2000, 2001, 2002, 100001, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 100003, 1900]);
  });
  it('add HK while MY is active: no identity, no work, no payment', () => {
    expect(codes('add-hk-my-active')).toEqual([1000, 1000001, 2009, 2010, 1900]);
  });
  it('add MY after HK/US opened: market, personal, financial, tax, agreements, signature and payment', () => {
    expect(codes('add-my-after-hkus')).toEqual([1000, 1000001, 2001, 2003, 2005, 2007, 2009, 2010, 2011, 100003, 1900]);
  });
  it('rejection with ID document and bank: identity, document upload, financial', () => {
    expect(codes('rejected-id-and-bank')).toEqual([1000, 3001, 2002, 100001, 2012, 2005, 1900]);
  });
  it('rejection with only the ID document: no document upload', () => {
    expect(codes('rejected-id-only')).toEqual([1000, 3001, 2002, 100001, 1900]);
  });
  it('ctos off skips identity; ghl off skips payment', () => {
    expect(codes('ctos-off')).not.toContain(2002);
    expect(codes('ghl-off')).not.toContain(2011);
  });
  it('a failed eKYC and a declined payment are retried', () => {
    expect(codes('ekyc-fail-then-retry')).toEqual([1000, 2000, 2001, 2002, 100001, 100002, 2002, 100001, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 100003, 100004, 2011, 100003, 1900]);
  });
});

describe('pnpm flow:walk and flow:graph', () => {
  const cli = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', resolve(root, 'packages/flow/scripts/flow-walk.ts'), ...args], { encoding: 'utf8' });
  it('--list prints the scenario names, one a line; --json prints code, path, layout and percent per step', () => {
    expect(cli('--list').trim().split('\n')).toEqual(SCENARIOS.map((s) => s.name));
    const rows = JSON.parse(cli('--scenario', 'ghl-off', '--json'));
    expect(rows[0]).toEqual({ code: 1000, path: '/status/entry', layout: 'Gradient', percent: null });
    expect(rows[1]).toEqual({ code: 2000, path: '/info/contact', layout: 'Default', percent: 10 });
  });
  it('an unknown scenario fails with a clear message', () => {
    expect(() => execFileSync(process.execPath, ['--import', 'tsx', resolve(root, 'packages/flow/scripts/flow-walk.ts'), '--scenario', 'nope'], { stdio: 'pipe' })).toThrow(/Unknown scenario "nope"/);
  });
  it('--context walks any context, written with names; a key it does not know is an error naming it', () => {
    const rows = JSON.parse(cli('--context', '{"markets":["HK"],"accountType":"margin","mode":"rejected","rejected":["work","tax"]}', '--json')) as { code: number }[];
    expect(rows.map((row) => row.code)).toEqual([1000, 3001, 2004, 2007, 1900]);
    expect(() => execFileSync(process.execPath, ['--import', 'tsx', resolve(root, 'packages/flow/scripts/flow-walk.ts'), '--context', '{"market":["HK"]}'], { stdio: 'pipe' })).toThrow(/unknown key "market"/);
  });
  it('--events replays a sequence from the context and marks what the state refuses', () => {
    const { start, rows } = JSON.parse(cli('--context', '{"markets":["MY","US"]}', '--events', '["NEXT","NEXT","PREVIOUS",{"type":"GOTO","to":"signature"}]', '--json')) as { start: { code: number }; rows: { code: number; event: string; refused: boolean }[] };
    expect(start.code).toBe(1000);
    expect(rows.map((row) => [row.code, row.event, row.refused])).toEqual([
      [2000, 'NEXT', false],
      [2001, 'NEXT', false],
      [2000, 'PREVIOUS', false],
      // The signature was never reached: GOTO may only go back.
      [2000, 'GOTO signature', true],
    ]);
  });
  it('docs/flow.md is the diagram of the machine as it is (run pnpm flow:graph)', () => {
    expect(readFileSync(resolve(root, 'docs/flow.md'), 'utf8')).toBe(flowMarkdown());
  });
});

describe('walk input: any context and any events, checked', () => {
  it("names become the machine's numbers, and a mode brings its status", () => {
    expect(parseWalkContext('{"markets":["MY","hk"],"accountType":"islamic","rejected":["identity","work.position","2005-bankStatement"]}')).toEqual({
      markets: MARKET.MAS + MARKET.HK,
      accountType: 2,
      rejectedItems: [
        { code: 2002, field: 'idDocument' },
        { code: 2004, field: 'position' },
        { code: 2005, field: 'bankStatement' },
      ],
      mode: 'rejected',
      status: 5,
    });
    expect(parseWalkContext('{"mode":"supplementary","openedMarkets":16}')).toEqual({ mode: 'supplementary', openedMarkets: 16, status: 4 });
  });
  it.each([
    ['not json', /not JSON/],
    ['[]', /JSON object/],
    ['{"markets":["JP"]}', /unknown market "JP"/],
    ['{"accountType":"gold"}', /accountType/],
    ['{"rejected":["payroll"]}', /unknown step "payroll"/],
    ['{"mode":"paused"}', /mode: one of/],
  ])('refuses %s', (json, message) => {
    expect(() => parseWalkContext(json)).toThrow(WalkInputError);
    expect(() => parseWalkContext(json)).toThrow(message);
  });
  it('events: bare types or objects; an unknown type or a GOTO without a step is refused', () => {
    expect(parseWalkEvents('["NEXT",{"type":"CHOOSE_MARKETS","markets":1}]')).toEqual([{ type: 'NEXT' }, { type: 'CHOOSE_MARKETS', markets: 1 }]);
    expect(() => parseWalkEvents('["JUMPED"]')).toThrow(/event 1: type must be one of/);
    expect(() => parseWalkEvents('[{"type":"GOTO","to":"nowhere"}]')).toThrow(/GOTO needs "to"/);
  });
  it('a replay of an add-market choice follows the supplementary branch', () => {
    const { rows } = replay(parseWalkContext('{"mode":"supplementary","openedMarkets":["MY"]}'), parseWalkEvents('["NEXT",{"type":"CHOOSE_MARKETS","markets":1},"NEXT"]'));
    expect(rows.map((row) => row.code)).toEqual([1000001, 1000001, 2009]);
  });
});
