// The resume check a drawn status page runs first (scripts/resume-check.ts), inline under its hash, decides as @kh/api's
// tabStandsOn does, for every kind of cookie a browser may hold: it is run here as the page runs it.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FLOW_AWAY_COOKIE, RESUMING_ATTRIBUTE, flowAwayValue, tabStandsOn } from '@kh/api';
import { resumeCheckCode } from '../scripts/resume-check.ts';

/** Runs the script in a page whose cookie, tab name and step are these: whether it marked the page resuming. */
function runCheck(cookie: string, tab: string | null, step: string, storage: 'works' | 'throws' = 'works'): boolean {
  const marks: string[] = [];
  const document = { cookie, currentScript: { dataset: { step } }, documentElement: { setAttribute: (name: string) => marks.push(name) } };
  const sessionStorage = { getItem: () => (storage === 'throws' ? (() => { throw new Error('denied'); })() : tab) };
  runInNewContext(resumeCheckCode(), { document, sessionStorage });
  return marks.includes(RESUMING_ATTRIBUTE);
}

const standing = flowAwayValue(flowAwayValue(undefined, 'b2', 'contact'), 'a1', 'personal');
const values = ['', standing, 'a1.personal', 'b2.contact|a1.personal', '1', 'a1.personal|', 'A1.personal', `${'x'.repeat(13)}.personal`, 'a1.personal%7Cb2.contact'];

describe('the drawn status page\'s resume check', () => {
  it('marks the page resuming exactly where the tab\'s own flow stands on the step', () => {
    for (const value of values)
      for (const tab of ['a1', 'b2', 'c3', null])
        for (const step of ['personal', 'contact', 'work']) {
          const cookie = [`kh_language=en`, ...(value ? [`${FLOW_AWAY_COOKIE}=${value}`] : []), 'other=1'].join('; ');
          expect(runCheck(cookie, tab, step), `${value} / ${tab} / ${step}`).toBe(tabStandsOn(decodeURIComponent(value) || undefined, tab, step));
        }
  });

  it('a reload of the step resumes; the same step in another tab, a tab without storage, another step do not', () => {
    const cookie = `${FLOW_AWAY_COOKIE}=${standing}`;
    expect(runCheck(cookie, 'a1', 'personal')).toBe(true);
    expect(runCheck(cookie, 'c3', 'personal')).toBe(false);
    expect(runCheck(cookie, null, 'personal', 'throws')).toBe(false);
    expect(runCheck(cookie, 'a1', 'work')).toBe(false);
    // An app from before the tabs' entries (`1`): any tab may resume.
    expect(runCheck(`${FLOW_AWAY_COOKIE}=1`, null, 'work')).toBe(true);
    // As the build writes it, no step named (the server names one only where a tab may stand): nothing.
    expect(runCheck(`${FLOW_AWAY_COOKIE}=1`, 'a1', '')).toBe(false);
  });
});
