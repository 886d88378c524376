// SPEC §4 status entry, §2 result routing, §5 skip rules.
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUS, MARKET, canGoNext, contextFromRecords, mainButtonKey, needsPayment, parseRejectedReason, resultRoute, statusEntry } from '../src/index.ts';
import { NEXT, go, run, stepAfter } from './helpers.ts';

const config = { ctosValid: true, ghlValid: true };
const entry = (record: Parameters<typeof contextFromRecords>[0]['record'], extra: Partial<Parameters<typeof contextFromRecords>[0]> = {}) =>
  contextFromRecords({ record, config, platform: 'embedded', ...extra });

describe('Status entry (SPEC §4)', () => {
  it('no record: new, firstOpenFlag true: Get started, then contact', () => {
    const context = entry(null);
    expect(context.mode).toBe('new');
    expect(statusEntry(context)).toMatchObject({ state: 'new', buttonKey: 'flow.button.getStarted' });
    expect(stepAfter(context, NEXT)).toBe('contact');
  });
  it('draft: Continue, at fillStep', () => {
    const context = entry({ status: APPLICATION_STATUS.stash, fillStep: 2006 });
    expect(mainButtonKey(context)).toBe('flow.button.continue');
    expect(stepAfter(context, NEXT)).toBe('investment');
  });
  it('a draft whose fillStep is not a form step starts at contact', () => {
    expect(stepAfter(entry({ status: APPLICATION_STATUS.stash, fillStep: 1000 }), NEXT)).toBe('contact');
  });
  it('rejected: Modify, the rejection page, then only the steps that hold rejected items', () => {
    const context = entry({ status: APPLICATION_STATUS.fail, rejectedReason: '2005-bankStatement,2003-address' });
    expect(mainButtonKey(context)).toBe('flow.button.modify');
    expect(stepAfter(context, NEXT)).toBe('rejection');
    expect(stepAfter(context, NEXT, NEXT)).toBe('personal');
  });
  it('more information asked for: Provide information, the same page, then only the steps named', () => {
    const context = entry({ status: APPLICATION_STATUS.fail, rejectedReason: '2005-bankStatement', rejectionKind: 'moreInformation' });
    expect(statusEntry(context)).toEqual({ state: 'moreInformation', labelKey: 'flow.status.moreInformation', buttonKey: 'flow.button.provideInformation', openMoreMarkets: false });
    expect(stepAfter(context, NEXT)).toBe('rejection');
    expect(stepAfter(context, NEXT, NEXT)).toBe('financial');
  });
  it('rejected finally: the reasons, and the rejection page leads nowhere', () => {
    const context = entry({ status: APPLICATION_STATUS.fail, rejectedReason: '2005-bankStatement', rejectionKind: 'final' });
    expect(statusEntry(context)).toEqual({ state: 'rejectedFinal', labelKey: 'flow.status.rejectedFinal', buttonKey: 'flow.button.seeReasons', openMoreMarkets: false });
    expect(stepAfter(context, NEXT)).toBe('rejection');
    expect(stepAfter(context, NEXT, NEXT)).toBe('rejection');
    // A kind the server does not name is read as the ordinary rejection.
    expect(entry({ status: APPLICATION_STATUS.fail, rejectedReason: '2005-bankStatement', rejectionKind: 'sideways' }).rejectionKind).toBe('resubmit');
  });
  it('review or pass: under review, and nothing to continue to', () => {
    for (const status of [APPLICATION_STATUS.review, APPLICATION_STATUS.pass]) {
      const context = entry({ status });
      expect(statusEntry(context)).toEqual({ state: 'underReview', labelKey: 'flow.status.underReview', buttonKey: null, openMoreMarkets: false });
      expect(stepAfter(context, NEXT)).toBe('start');
    }
  });
  it('success: the successful page, with open-more-markets while a market is not opened', () => {
    const context = entry({ status: APPLICATION_STATUS.success, success: true, opened: MARKET.MAS, masClientCodeActive: true });
    expect(statusEntry(context)).toMatchObject({ state: 'successful', openMoreMarkets: true, buttonKey: 'flow.button.openMoreMarkets' });
    expect(stepAfter(context, NEXT)).toBe('result');
    expect(stepAfter(context, NEXT, NEXT)).toBe('addMarket');
  });
  it('all succeeded but the MY client code inactive: the inactive page', () => {
    const context = entry({ status: APPLICATION_STATUS.success, opened: MARKET.MAS + MARKET.HK + MARKET.US, masClientCodeActive: false });
    expect(statusEntry(context).state).toBe('myInactive');
    expect(stepAfter(context, NEXT)).toBe('myAbnormal');
  });
  it('the supplementary-market entry makes a successful applicant supplementary', () => {
    const context = entry({ status: APPLICATION_STATUS.success, opened: MARKET.MAS }, { supplementaryEntry: true, supplement: { marketType: 0 } });
    expect(context.mode).toBe('supplementary');
    expect(stepAfter(context, NEXT)).toBe('addMarket');
  });
  it('a rejected identity document means the identity check is done again', () => {
    expect(entry({ status: APPLICATION_STATUS.fail, rejectedReason: '2002-idDocument' }, { ekycPassed: true }).ekycPassed).toBe(false);
    expect(entry({ status: APPLICATION_STATUS.fail, rejectedReason: '2005-bankStatement' }, { ekycPassed: true }).ekycPassed).toBe(true);
  });
});

describe('Submit-and-continue is blocked when no next step exists', () => {
  it('under review there is no next step; a new application has one', () => {
    expect(canGoNext(run(entry({ status: APPLICATION_STATUS.review })).getSnapshot())).toBe(false);
    expect(canGoNext(run(entry(null)).getSnapshot())).toBe(true);
  });
  it('the add-market page has no next step until a market is ticked', () => {
    const actor = run({ mode: 'supplementary', status: 4, openedMarkets: MARKET.MAS }, go('addMarket'));
    expect(canGoNext(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'CHOOSE_MARKETS', markets: MARKET.HK });
    expect(canGoNext(actor.getSnapshot())).toBe(true);
  });
});

describe('Rejected reason: comma-separated items of the form code-field', () => {
  it('parses items and ignores malformed ones', () => {
    expect(parseRejectedReason('2002-idDocument, 2005-bankStatement,,junk,2003-')).toEqual([
      { code: 2002, field: 'idDocument' },
      { code: 2005, field: 'bankStatement' },
    ]);
    expect(parseRejectedReason(null)).toEqual([]);
  });
});

describe('Result routing (SPEC §2)', () => {
  it('succeeded but HK/US not opened: the add-market page, passing entryCode and scnl', () => {
    expect(resultRoute({ status: 4, success: true, opened: MARKET.MAS, masClientCodeActive: true }, null, { entryCode: '2', scnl: 'AB12CD34' })).toEqual({
      step: 'addMarket',
      query: { entryCode: '2', scnl: 'AB12CD34' },
      path: '/market/again?entryCode=2&scnl=AB12CD34',
    });
  });
  it('succeeded but MY not opened: the add-market page', () => {
    expect(resultRoute({ status: 4, success: true, opened: MARKET.HK + MARKET.US }, { marketType: MARKET.MAS }).step).toBe('addMarket');
  });
  it('all markets succeeded: the opening start', () => {
    expect(resultRoute({ status: 4, success: true, opened: 19, masClientCodeActive: true }, null).path).toBe('/status/entry');
  });
  it('MY successful but MY client code not active: the MY-abnormal page', () => {
    expect(resultRoute({ status: 4, success: true, opened: MARKET.MAS, masClientCodeActive: false }, null).path).toBe('/status/myfailed');
  });
  it('the machine follows the same routing from the result page', () => {
    const success = (over: Record<string, unknown>) => entry({ status: 4, success: true, opened: 19, masClientCodeActive: true, ...over } as never);
    expect(stepAfter(success({ opened: MARKET.MAS, masClientCodeActive: false }), go('result'), NEXT)).toBe('myAbnormal');
    expect(stepAfter(success({ opened: MARKET.MAS }), go('result'), NEXT)).toBe('addMarket');
    expect(stepAfter(success({}), go('result'), NEXT)).toBe('start');
    // Still under review: the result page has no next step.
    expect(stepAfter(entry({ status: APPLICATION_STATUS.review }), go('result'), NEXT)).toBe('result');
  });
  it('opening the result page resets khInfo success', () => {
    const actor = run({});
    const effects: string[] = [];
    actor.on('resetApplicationSuccess', (e) => effects.push(e.type));
    actor.send(go('result'));
    expect(effects).toEqual(['resetApplicationSuccess']);
  });
});

describe('Skip rules (SPEC §5)', () => {
  it('no identity check when ctosValid is false', () => {
    expect(stepAfter({ ctosValid: false }, go('market'), NEXT)).toBe('personal');
    expect(stepAfter({ ctosValid: false }, go('personal'), { type: 'PREVIOUS' })).toBe('market');
  });
  it('no payment when ghlValid is false', () => {
    expect(needsPayment({ ...run({ ghlValid: false }).getSnapshot().context })).toBe(false);
    expect(stepAfter({ ghlValid: false }, go('signature'), NEXT)).toBe('result');
  });
  it('no payment when only HK/US are supplemented; MY supplement pays', () => {
    expect(stepAfter({ mode: 'supplementary', addingMarkets: MARKET.HK + MARKET.US }, go('signature'), NEXT)).toBe('result');
    expect(stepAfter({ mode: 'supplementary', addingMarkets: MARKET.MAS }, go('signature'), NEXT)).toBe('payment');
  });
  it('with ctosValid false, a rejected identity document is replaced by document upload', () => {
    const items = { mode: 'rejected' as const, ctosValid: false, rejectedItems: [{ code: 2002, field: 'idDocument' }] };
    expect(stepAfter(items, NEXT, NEXT)).toBe('documentUpload');
  });
});

describe('the rejection page says each item in words, never by its code (SPEC §2)', () => {
  it('by its reason, in the language or else in English; an item without one by its step; each text once', async () => {
    const { parseRejectedReason, rejectedItemTexts } = await import('../src/records.ts');
    const reasons = [
      { value: '2005-bankStatement', label: { en: 'Bank statement unclear', 'zh-HK': '銀行月結單不清晰' } },
      { value: '2003-name', label: { en: 'Name differs from the document' } },
    ];
    const items = parseRejectedReason('2005-bankStatement,2003-name,2006-riskLevel,2006-experience,9999-x');
    expect(rejectedItemTexts(items, reasons, 'zh-HK')).toEqual([{ label: '銀行月結單不清晰' }, { label: 'Name differs from the document' }, { stepTitleKey: 'step.investment.title' }, { unknown: true }]);
  });
});

describe('the progress bar\'s three segments (SPEC §2)', () => {
  it('contact 0; personal to tax 1; declaration and agreement 2; the steps between take the segment before them', async () => {
    const { progressSegment } = await import('../src/steps.ts');
    const segments = Object.fromEntries((['contact', 'market', 'identity', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature', 'payment', 'start', 'result'] as const).map((step) => [step, progressSegment(step)]));
    expect(segments).toEqual({ contact: 0, market: 0, identity: 0, personal: 1, work: 1, financial: 1, investment: 1, tax: 1, declaration: 2, agreement: 2, signature: 2, payment: 2, start: null, result: null });
  });
});

describe('back and forward through a transit page', () => {
  it('stand for the step the transit belongs to: back from personal is the identity step, not the check again', async () => {
    const { historyStep, resolveRoute } = await import('../src/routes.ts');
    expect(historyStep(resolveRoute('/iam/transit', '?checkId=abc').step.name)).toBe('identity');
    expect(historyStep(resolveRoute('/payment/transit').step.name)).toBe('payment');
    expect(historyStep(resolveRoute('/info/work').step.name)).toBe('work');
  });
});

describe('the return URLs (SPEC §2)', () => {
  it('are iam/transit, payment/transit and status/complete', async () => {
    const { RETURN_URLS } = await import('../src/routes.ts');
    expect(RETURN_URLS).toEqual({ identity: '/iam/transit', payment: '/payment/transit', completion: '/status/complete' });
  });
});
