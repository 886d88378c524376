import { describe, expect, it } from 'vitest';
import { LANGUAGES, flattenMessages, resources } from '@kh/i18n';
import { ALL_ROUTE_PATHS, PROGRESS_BANDS, STEPS, canonicalPath, reportsFillStep, resolveRoute, savingToastKey, stepByName } from '../src/index.ts';

const SPEC_CODES = [1000, 2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 100001, 100002, 100003, 100004, 1000006, 1000007, 1000001, 3001, 10002, 1900, 1901, 90000];
const SPEC_ALIASES = [
  '/iam/start', '/iam/transit', '/iam/fail', '/iam/device-continue', '/iam/upload',
  '/identity/vaild', '/identity/choose', '/identity/upload', '/identity/address', '/identity/face-transit', '/identity/transit',
  '/info/contact', '/info/base', '/info/work', '/info/financial', '/info/investment', '/info/tax',
  '/market', '/market/again',
  '/statement', '/statement/sign', '/statement/signature', '/statement/pdf',
  '/status/entry', '/status/entry/transit', '/status/complete', '/status/myfailed',
  '/payment/start', '/payment/transit', '/payment/fail',
];

describe('step registry', () => {
  it('holds every step code of SPEC §2, once', () => {
    expect(STEPS.map((s) => s.code).sort((a, b) => a - b)).toEqual([...SPEC_CODES].sort((a, b) => a - b));
  });
  it('answers every alias of SPEC §2', () => {
    for (const alias of SPEC_ALIASES) expect(resolveRoute(alias).step.name, alias).not.toBe('notFound');
  });
  it('uses only the layouts of SPEC §2', () => {
    expect(new Set(STEPS.map((s) => s.layout))).toEqual(new Set(['Pure', 'Default', 'Gradient', 'GWhite', 'BackNav']));
  });
  it('identity start uses Default, continue-on-another-device BackNav, transit Pure, the PDF page GWhite, the signature Pure', () => {
    expect(['identity', 'chooseDevice', 'identityTransit', 'pdf', 'signature'].map((n) => stepByName(n as never).layout)).toEqual(['Default', 'BackNav', 'Pure', 'GWhite', 'Pure']);
  });
  it('every page-title key is translated in en, zh-HK and zh-CN', () => {
    for (const lang of LANGUAGES) {
      const keys = new Set(flattenMessages(resources[lang] as unknown as Record<string, unknown>).map(([key]) => key));
      for (const step of STEPS) expect(keys.has(step.titleKey), `${step.titleKey} in ${lang}`).toBe(true);
      for (const key of ['flow.toast.loading', 'flow.toast.saving']) expect(keys.has(key)).toBe(true);
    }
  });
  it('step codes are never shown to the applicant: every step has a readable path', () => {
    for (const step of STEPS) expect(canonicalPath(step.name), step.name).not.toMatch(/\d{4}/);
  });
});

describe('Progress', () => {
  const percent = (name: string) => stepByName(name as never).percent;
  const bar = (name: string) => stepByName(name as never).bar;
  it('percentages: contact 10, market 15, identity 20, personal 25, work 30, financial 40, investment 50, tax 60, declaration 70, agreement 80, signature 90, payment 95', () => {
    const names = ['contact', 'market', 'identity', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature', 'payment'];
    expect(names.map(percent)).toEqual([10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 95]);
  });
  it('progress bar: contact 0; personal, work, financial, investment, tax 1; declaration and agreement 2', () => {
    expect(bar('contact')).toBe(0);
    expect(['personal', 'work', 'financial', 'investment', 'tax'].map(bar)).toEqual([1, 1, 1, 1, 1]);
    expect(['declaration', 'agreement'].map(bar)).toEqual([2, 2]);
  });
  it('each band holds the percentages of its steps', () => {
    for (const band of PROGRESS_BANDS) {
      expect(percent(band.from)).toBeGreaterThanOrEqual(band.min);
      expect(percent(band.to)).toBeLessThanOrEqual(band.max);
    }
  });
});

describe('route resolution both ways', () => {
  it('an alias and /steps-{code} resolve to the same step', () => {
    expect(resolveRoute('/info/base').step.code).toBe(2003);
    expect(resolveRoute('/steps-2003').step.name).toBe('personal');
    expect(resolveRoute('/info/base/').step.code).toBe(2003);
  });
  it('keeps the query parameters of SPEC §2 and drops others', () => {
    expect(resolveRoute('/market/again?entryCode=3&scnl=AB12CD34&tab=MY&_app_fullScreen=y&utm=x').query).toEqual({ entryCode: '3', scnl: 'AB12CD34', tab: 'MY', _app_fullScreen: 'y' });
    expect(resolveRoute('/status/entry', '?mobile=123&password=x').query).toEqual({ mobile: '123', password: 'x' });
  });
  it('a step goes to its canonical path, with its query', () => {
    expect(canonicalPath('personal')).toBe('/info/base');
    expect(canonicalPath(1000001, { entryCode: '3', scnl: 'X' })).toBe('/market/again?entryCode=3&scnl=X');
  });
  it('every path resolves back to its own step', () => {
    for (const path of ALL_ROUTE_PATHS.filter((p) => p !== '/error' && p !== '/steps-90000')) expect(resolveRoute(path).step.name).not.toBe('notFound');
    for (const step of STEPS) expect(resolveRoute(canonicalPath(step.name)).step.code).toBe(step.code);
  });
  it('unknown paths go to the not-found step at /error, reporting the missing page', () => {
    expect(resolveRoute('/no/such/page')).toMatchObject({ step: { code: 90000 }, notFound: { reason: 'missingPage', path: '/no/such/page' } });
    expect(resolveRoute('/steps-4242')).toMatchObject({ step: { code: 90000 }, notFound: { reason: 'missingPage' } });
    expect(canonicalPath('notFound')).toBe('/error');
  });
  it('/error with a code query parameter shows the network-error text', () => {
    expect(resolveRoute('/error?code=ECONNABORTED').notFound).toEqual({ reason: 'networkError', code: 'ECONNABORTED', path: '/error' });
    expect(resolveRoute('/error').notFound).toEqual({ reason: 'missingPage', path: '/error' });
  });
  it('only the entry start and the not-found page are open without login', () => {
    expect(STEPS.filter((s) => !s.requiresLogin).map((s) => s.name)).toEqual(['start', 'notFound']);
  });
});

describe('fill-step and toasts', () => {
  it('the fill-step call is skipped on start, add-market, reject, result and not-found pages', () => {
    expect(STEPS.filter((s) => !reportsFillStep(s.name)).map((s) => s.name).sort()).toEqual(['addMarket', 'notFound', 'rejection', 'result', 'start']);
  });
  it("'Loading...' for identity, transit and payment steps, otherwise 'Saving...'", () => {
    expect(['identity', 'identityTransit', 'payment', 'paymentTransit'].map((n) => savingToastKey(n as never))).toEqual(Array(4).fill('flow.toast.loading'));
    expect(savingToastKey('personal')).toBe('flow.toast.saving');
  });
});
