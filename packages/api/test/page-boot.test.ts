import { describe, expect, it } from 'vitest';
import { FLOW_AWAY_TABS, flowAwayValue, flowMayStandOn, pageBootAttributes, readFlowAway, readPageBoot } from '../src/index.ts';

const datasetOf = (attributes: string) =>
  Object.fromEntries([...attributes.matchAll(/ data-(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));

describe('the page boot', () => {
  it('reads back what the server wrote', () => {
    const attributes = pageBootAttributes({ session: 'out', drawn: 'start', language: 'zh-HK' });
    expect(attributes).toBe(' data-session="out" data-drawn="start" data-language="zh-HK"');
    expect(readPageBoot(datasetOf(attributes))).toEqual({ session: 'out', drawn: 'start', language: 'zh-HK' });
    expect(pageBootAttributes({ session: 'in' })).toBe(' data-session="in"');
  });
  it('ignores what it does not know: the page then asks, as without a boot', () => {
    expect(readPageBoot({ session: 'maybe', drawn: 'review' })).toEqual({});
    expect(readPageBoot({ session: 'in', drawn: 'status' })).toEqual({ session: 'in', drawn: 'status' });
    expect(readPageBoot({})).toEqual({});
  });
});

describe("the tabs' flows standing away from the status page (FLOW_AWAY_COOKIE)", () => {
  it('names each tab once, newest first, and a tab back on the status page not at all', () => {
    let value = flowAwayValue(undefined, 'a1', 'personal');
    expect(value).toBe('a1.personal');
    value = flowAwayValue(value, 'b2', 'contact');
    expect(value).toBe('b2.contact|a1.personal');
    value = flowAwayValue(value, 'a1', 'work');
    expect(value).toBe('a1.work|b2.contact');
    expect(flowAwayValue(value, 'b2', undefined)).toBe('a1.work');
    expect(flowAwayValue('a1.work', 'a1', undefined)).toBe('');
  });

  it(`keeps ${FLOW_AWAY_TABS} tabs: a tab closed long ago drops off the end`, () => {
    let value = '';
    for (const tab of ['t1', 't2', 't3', 't4', 't5']) value = flowAwayValue(value, tab, 'market');
    expect(readFlowAway(value)).toEqual(['t5', 't4', 't3', 't2'].map((tab) => ({ tab, step: 'market' })));
  });

  it('a step a tab stands on may resume there; another step is opened afresh (on the status page)', () => {
    const value = 'a1.personal|b2.contact';
    expect(flowMayStandOn(value, 'personal')).toBe(true);
    expect(flowMayStandOn(value, 'contact')).toBe(true);
    expect(flowMayStandOn(value, 'work')).toBe(false);
    expect(flowMayStandOn(undefined, 'work')).toBe(false);
    expect(flowMayStandOn('', 'work')).toBe(false);
  });

  it('a value that names no step (an app from before the entries set 1, a tampered cookie) may stand anywhere, and is replaced', () => {
    for (const value of ['1', 'a1.personal|<script>', 'a1.', '.personal'])
      expect([value, flowMayStandOn(value, 'work'), readFlowAway(value)]).toEqual([value, true, 'anywhere']);
    expect(flowAwayValue('1', 'a1', 'work')).toBe('a1.work');
  });
});
