// SPEC §2 "Flow order", one test per rule, in the spec's words.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MARKET, SCENARIOS, flowMachine, likelyNext, type StepName } from '../src/index.ts';
import { NEXT, PREVIOUS, go, run, stepAfter } from './helpers.ts';

const supplementary = (adding: number, opened: number = MARKET.MAS) => ({ mode: 'supplementary' as const, status: 4 as const, openedMarkets: opened, addingMarkets: adding });
const addingHk = supplementary(MARKET.HK);
const addingMy = supplementary(MARKET.MAS, MARKET.HK + MARKET.US);
const rejected = (...items: [number, string][]) => ({ mode: 'rejected' as const, status: 5 as const, rejectedItems: items.map(([code, field]) => ({ code, field })) });

describe('Contact: previous is the app exit when inside the app, otherwise the start page. Next is market', () => {
  it('inside the app, previous closes the webview after 400 ms and stays', () => {
    const actor = run({ platform: 'app' }, go('contact'));
    const emitted: unknown[] = [];
    actor.on('closeWebview', (event) => emitted.push(event));
    actor.send(PREVIOUS);
    expect(emitted).toEqual([{ type: 'closeWebview', delayMs: 400 }]);
    expect(actor.getSnapshot().value).toBe('contact');
  });
  it('outside the app, previous is the start page', () => expect(stepAfter({ platform: 'embedded' }, go('contact'), PREVIOUS)).toBe('start'));
  it('next is market', () => expect(stepAfter({}, go('contact'), NEXT)).toBe('market'));
});

describe('Market: previous is contact (or the add-market page when adding a market). Next is identity verification, or personal info when adding a market', () => {
  it('previous is contact', () => expect(stepAfter({}, go('market'), PREVIOUS)).toBe('contact'));
  it('previous is the add-market page when adding a market', () => expect(stepAfter(addingMy, go('market'), PREVIOUS)).toBe('addMarket'));
  it('next is identity verification', () => expect(stepAfter({}, go('market'), NEXT)).toBe('identity'));
  it('next is personal info when adding a market', () => expect(stepAfter(addingMy, go('market'), NEXT)).toBe('personal'));
});

describe('Identity: next is personal info, or document upload when the rejection includes an identity-document item', () => {
  const verified = { type: 'IDENTITY_RESULT' as const, ok: true };
  it('next is personal info after a successful check', () => expect(stepAfter({}, go('identity'), NEXT, verified)).toBe('personal'));
  it('the check starts on the transit page (the return page after the external identity check)', () => expect(stepAfter({}, go('identity'), NEXT)).toBe('identityTransit'));
  it('a failed check goes to the failure page, whose retry goes back to identity start', () => {
    expect(stepAfter({}, go('identity'), NEXT, { type: 'IDENTITY_RESULT', ok: false, reason: 'blurry' })).toBe('identityFailed');
    expect(stepAfter({}, go('identity'), NEXT, { type: 'IDENTITY_RESULT', ok: false }, NEXT)).toBe('identity');
  });
  it('next is document upload when the rejection includes an identity-document item', () => {
    expect(stepAfter(rejected([2002, 'idDocument'], [2005, 'bankStatement']), go('identity'), NEXT, verified)).toBe('documentUpload');
  });
  it('document upload is hidden when the rejection concerns only the identity document', () => {
    expect(stepAfter(rejected([2002, 'idDocument']), go('identity'), NEXT, verified)).toBe('result');
  });
  it('on a PC, identity start offers the choose-device page, and the result from the phone is picked up there', () => {
    expect(stepAfter({ platform: 'pc' }, go('identity'), NEXT)).toBe('chooseDevice');
    expect(stepAfter({ platform: 'pc' }, go('identity'), NEXT, verified)).toBe('personal');
    expect(stepAfter({ platform: 'pc' }, go('identity'), NEXT, NEXT)).toBe('identityTransit');
  });
  it('an applicant already verified continues without a second check', () => expect(stepAfter({ ekycPassed: true }, go('identity'), NEXT)).toBe('personal'));
});

describe('Personal: previous is market when adding a market, document upload if the rejection includes an identity-document kind, otherwise identity verification. Next is financial when adding a market, otherwise work', () => {
  it('previous is market when adding a market', () => expect(stepAfter(addingMy, go('personal'), PREVIOUS)).toBe('market'));
  it('previous is document upload if the rejection includes an identity-document kind', () =>
    expect(stepAfter(rejected([2002, 'idDocument'], [2003, 'address']), go('personal'), PREVIOUS)).toBe('documentUpload'));
  it('otherwise identity verification', () => expect(stepAfter({}, go('personal'), PREVIOUS)).toBe('identity'));
  it('next is financial when adding a market', () => expect(stepAfter(addingMy, go('personal'), NEXT)).toBe('financial'));
  it('otherwise work', () => expect(stepAfter({}, go('personal'), NEXT)).toBe('work'));
});

describe('Work: next is financial', () => {
  it('next is financial, previous personal', () => {
    expect(stepAfter({}, go('work'), NEXT)).toBe('financial');
    expect(stepAfter({}, go('work'), PREVIOUS)).toBe('personal');
  });
});

describe('Financial: previous is personal when adding a market, otherwise work. Next is tax when adding a market, otherwise investment', () => {
  it('previous is personal when adding a market', () => expect(stepAfter(addingMy, go('financial'), PREVIOUS)).toBe('personal'));
  it('otherwise work', () => expect(stepAfter({}, go('financial'), PREVIOUS)).toBe('work'));
  it('next is tax when adding a market', () => expect(stepAfter(addingMy, go('financial'), NEXT)).toBe('tax'));
  it('otherwise investment', () => expect(stepAfter({}, go('financial'), NEXT)).toBe('investment'));
});

describe('Investment: next is tax', () => {
  it('next is tax', () => expect(stepAfter({}, go('investment'), NEXT)).toBe('tax'));
});

describe('Tax: previous is the add-market page when adding HK or US, financial when adding another market, otherwise investment. Next is agreement signing when adding a market, otherwise the personal declaration', () => {
  it('previous is the add-market page when adding HK or US', () => expect(stepAfter(addingHk, go('tax'), PREVIOUS)).toBe('addMarket'));
  it('financial when adding another market (MY)', () => expect(stepAfter(addingMy, go('tax'), PREVIOUS)).toBe('financial'));
  it('otherwise investment', () => expect(stepAfter({}, go('tax'), PREVIOUS)).toBe('investment'));
  it('next is agreement signing when adding a market', () => expect(stepAfter(addingMy, go('tax'), NEXT)).toBe('agreement'));
  it('otherwise the personal declaration', () => expect(stepAfter({}, go('tax'), NEXT)).toBe('declaration'));
});

describe('Declaration: previous tax, next agreement', () => {
  it('previous tax, next agreement', () => {
    expect(stepAfter({}, go('declaration'), PREVIOUS)).toBe('tax');
    expect(stepAfter({}, go('declaration'), NEXT)).toBe('agreement');
  });
});

describe('Agreement: previous is tax when adding a market, otherwise declaration. Next is signature', () => {
  it('previous is tax when adding a market', () => expect(stepAfter(addingHk, go('agreement'), PREVIOUS)).toBe('tax'));
  it('otherwise declaration', () => expect(stepAfter({}, go('agreement'), PREVIOUS)).toBe('declaration'));
  it('next is signature', () => expect(stepAfter({}, go('agreement'), NEXT)).toBe('signature'));
  it('a document opens on the PDF page and comes back', () => expect(stepAfter({}, go('agreement'), { type: 'OPEN_PDF' }, PREVIOUS)).toBe('agreement'));
});

describe('Signature: previous agreement, next result (or payment when payment applies)', () => {
  it('previous agreement', () => expect(stepAfter({}, go('signature'), PREVIOUS)).toBe('agreement'));
  it('next payment when payment applies', () => expect(stepAfter({}, go('signature'), NEXT)).toBe('payment'));
  it('next result when it does not (supplementing HK only)', () => expect(stepAfter(addingHk, go('signature'), NEXT)).toBe('result'));
});

describe('Payment: previous signature, next result', () => {
  it('previous signature', () => expect(stepAfter({}, go('payment'), PREVIOUS)).toBe('signature'));
  it('next goes through the payment transit to the result when paid', () =>
    expect(stepAfter({}, go('payment'), NEXT, { type: 'PAYMENT_RESULT', payStatus: 0 })).toBe('result'));
  it('a loading payment stays on the transit page', () => expect(stepAfter({}, go('payment'), NEXT, { type: 'PAYMENT_RESULT', payStatus: 2 })).toBe('paymentTransit'));
  it('a declined payment (1 or -2) shows the failure page; Retry goes back to payment', () => {
    expect(stepAfter({}, go('payment'), NEXT, { type: 'PAYMENT_RESULT', payStatus: 1 })).toBe('paymentFailed');
    expect(stepAfter({}, go('payment'), NEXT, { type: 'PAYMENT_RESULT', payStatus: -2 }, NEXT)).toBe('payment');
  });
  it('no order (-1) on the transit page goes back to payment, never waits', () =>
    expect(stepAfter({}, go('payment'), NEXT, { type: 'PAYMENT_RESULT', payStatus: -1 })).toBe('payment'));
});

describe('after submitting', () => {
  it('back reaches no step: every one was the applicant\'s to change until the submit was taken', async () => {
    const { createActor } = await import('xstate');
    const { flowMachine } = await import('../src/machine.ts');
    const actor = createActor(flowMachine, { input: {} }).start();
    for (const to of ['contact', 'market', 'signature', 'result'] as const) actor.send({ type: 'JUMP', to });
    expect(actor.getSnapshot().can({ type: 'GOTO', to: 'signature' })).toBe(true);
    actor.send({ type: 'SUBMITTED' });
    for (const to of ['contact', 'market', 'signature'] as const) expect(actor.getSnapshot().can({ type: 'GOTO', to })).toBe(false);
    expect(actor.getSnapshot().value).toBe('result');
  });
});

describe('Add-market page: next is agreement signing', () => {
  it('next is agreement signing when HK or US is chosen', () =>
    expect(stepAfter(supplementary(0), go('addMarket'), { type: 'CHOOSE_MARKETS', markets: MARKET.US }, NEXT)).toBe('agreement'));
  it('adding MY goes through the market step', () =>
    expect(stepAfter(supplementary(0, MARKET.HK + MARKET.US), go('addMarket'), { type: 'CHOOSE_MARKETS', markets: MARKET.MAS }, NEXT)).toBe('market'));
  it('nothing chosen, nothing to continue to', () => expect(stepAfter(supplementary(0), go('addMarket'), NEXT)).toBe('addMarket'));
  it('a market already opened cannot be chosen again', () => {
    const actor = run(supplementary(0, MARKET.MAS), go('addMarket'), { type: 'CHOOSE_MARKETS', markets: MARKET.MAS + MARKET.HK });
    expect(actor.getSnapshot().context.addingMarkets).toBe(MARKET.HK);
  });
});

describe('Status entry index: next is contact info. Entry transit: next is agree-to-agreements', () => {
  it('status entry index: next is contact info', () => expect(stepAfter({}, NEXT)).toBe('contact'));
  it('entry transit: next is agree-to-agreements', () => expect(stepAfter(supplementary(MARKET.HK + MARKET.US), NEXT, NEXT)).toBe('agreement'));
  it('a supplementary entry with HK/US chosen passes through the entry transit', () => expect(stepAfter(supplementary(MARKET.HK), NEXT)).toBe('entryTransit'));
});

describe('Rejection: the rejection page, then only the steps that hold rejected items', () => {
  const bankOnly = rejected([2005, 'bankStatement']);
  it('Modify goes to the first rejected step, and NEXT from the last one resubmits to the result', () => {
    expect(stepAfter(bankOnly, NEXT)).toBe('rejection');
    expect(stepAfter(bankOnly, NEXT, NEXT)).toBe('financial');
    expect(stepAfter(bankOnly, NEXT, NEXT, NEXT)).toBe('result');
  });
  it('PREVIOUS from the first rejected step is the rejection page', () => expect(stepAfter(bankOnly, NEXT, NEXT, PREVIOUS)).toBe('rejection'));
  it('rejected items of several steps are visited in flow order', () => {
    const items = rejected([2010, 'signature'], [2003, 'address'], [2005, 'bankAccount']);
    const visited = [stepAfter(items, NEXT, NEXT), stepAfter(items, NEXT, NEXT, NEXT), stepAfter(items, NEXT, NEXT, NEXT, NEXT), stepAfter(items, NEXT, NEXT, NEXT, NEXT, NEXT)];
    expect(visited).toEqual(['personal', 'financial', 'signature', 'result']);
  });
});

describe('Exit', () => {
  it('in the app, exit closes the webview after 400 ms', () => {
    const actor = run({ platform: 'app' }, go('work'));
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.send({ type: 'EXIT' });
    expect(emitted).toEqual([{ type: 'closeWebview', delayMs: 400 }]);
  });
  it('outside the app, exit goes to the start page, or the add-market page when adding a market', () => {
    expect(stepAfter({ platform: 'pc' }, go('work'), { type: 'EXIT' })).toBe('start');
    expect(stepAfter({ ...addingMy, platform: 'pc' }, go('tax'), { type: 'EXIT' })).toBe('addMarket');
  });
});

describe('GOTO is guarded', () => {
  it('goes back to a step already reached', () => expect(stepAfter({}, NEXT, NEXT, NEXT, { type: 'GOTO', to: 'contact' })).toBe('contact'));
  it('refuses a step not reached yet', () => expect(stepAfter({}, NEXT, { type: 'GOTO', to: 'payment' })).toBe('contact'));
  it('in rejection mode, refuses a step without rejected items', () => {
    const input = { ...rejected([2005, 'bankStatement']), visited: [2000, 2001, 2003, 2004, 2005] };
    expect(stepAfter(input, NEXT, NEXT, { type: 'GOTO', to: 'work' })).toBe('financial');
  });
});

describe('likelyNext: where NEXT would go, for loading the next page ahead', () => {
  it('names the next step without moving the machine', () => {
    const actor = run({}, go('contact'));
    expect(likelyNext(actor.getSnapshot())).toBe('market');
    expect(actor.getSnapshot().value).toBe('contact');
  });
  it('follows the branch the machine is on: adding a market goes from market to personal', () => expect(likelyNext(run(addingMy, go('market')).getSnapshot())).toBe('personal'));
  it('is where NEXT then goes, on every step of every scenario, jumps along the rejected steps and to a resumed draft included', () => {
    let guessed = 0;
    for (const scenario of SCENARIOS) {
      const actor = createActor(flowMachine, { input: scenario.input }).start();
      const stepNow = () => actor.getSnapshot().value as StepName;
      for (let i = 0; i < 60 && stepNow() !== 'result'; i++) {
        if (stepNow() === 'addMarket' && scenario.chooseMarkets !== undefined) actor.send({ type: 'CHOOSE_MARKETS', markets: scenario.chooseMarkets });
        const before = stepNow();
        const guess = likelyNext(actor.getSnapshot());
        if (before === 'identityTransit') actor.send({ type: 'IDENTITY_RESULT', ok: true });
        else if (before === 'paymentTransit') actor.send({ type: 'PAYMENT_RESULT', payStatus: 0 });
        else actor.send(NEXT);
        const after = stepNow();
        if (before === after) break;
        // The transit pages move on the provider's answer, not on NEXT.
        if (before === 'identityTransit' || before === 'paymentTransit') continue;
        expect(`${scenario.name} ${before} → ${guess}`).toBe(`${scenario.name} ${before} → ${after}`);
        guessed++;
      }
    }
    expect(guessed).toBeGreaterThan(SCENARIOS.length * 5);
  });
  it('is nothing where NEXT is not possible', () => {
    const snapshot = run({}, go('contact')).getSnapshot();
    expect(likelyNext({ ...snapshot, can: () => false } as typeof snapshot)).toBeUndefined();
  });
});

describe('the fill-step call (SPEC §7)', () => {
  it('is made on arrival at each form step, and skipped on the start, add-market, rejection, result, not-found, transit and failure pages', async () => {
    const { recordsFillStep, STEP_NAMES } = await import('../src/index.ts');
    const recorded = STEP_NAMES.filter((step) => recordsFillStep(step));
    expect(recorded).toEqual(['contact', 'market', 'identity', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature', 'payment', 'documentUpload']);
    for (const skipped of ['start', 'addMarket', 'rejection', 'result', 'notFound', 'identityTransit', 'paymentFailed', 'pdf', 'chooseDevice'] as const) expect(recordsFillStep(skipped)).toBe(false);
  });
});
