// The account-opening flow as one xstate machine. One state per step of the registry; NEXT and
// PREVIOUS follow SPEC §2 "Flow order" through the named guards of guards.ts. Read it top to bottom.
import { and, assign, emit, raise, setup, type SnapshotFrom } from 'xstate';
import { contextFromInput, type FlowContext, type FlowInput } from './context.ts';
import { canGoto, guards, type GuardName } from './guards.ts';
import { nextRejectedStep, previousRejectedStep, rejectionPath } from './rejection.ts';
import { STEP_NAMES, codeOf, stepByCode, type StepName } from './steps.ts';

/** payStatus (SPEC §3): 0 success, 1 or -2 failed, 2 loading, -1 not existing. */
export type PayStatus = 0 | 1 | -2 | 2 | -1;

export type FlowEvent =
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'EXIT' }
  /** Back to a step already reached (a tap on the progress bar, the browser's back button). */
  | { type: 'GOTO'; to: StepName }
  /** Internal: where resuming and rejection mode send the applicant. */
  | { type: 'JUMP'; to: StepName }
  | { type: 'OPEN_PDF' }
  /** The add-market page: the markets the applicant ticked (bit flags). */
  | { type: 'CHOOSE_MARKETS'; markets: number }
  | { type: 'IDENTITY_RESULT'; ok: boolean; reason?: string }
  | { type: 'PAYMENT_RESULT'; payStatus: PayStatus }
  /** The result page's submit was taken: no step of the application can be changed now. */
  | { type: 'SUBMITTED' }
  /** What a saved step says about the applicant: the account type and markets (market step), the nationality (contact, personal). */
  | { type: 'ANSWERED'; accountType?: number | null; nationality?: string | null; markets?: number };

/** Effects the app carries out: close the webview (after 400 ms), reset khInfo success. */
export type FlowEmitted = { type: 'closeWebview'; delayMs: number } | { type: 'resetApplicationSuccess' };

export const WEBVIEW_CLOSE_DELAY_MS = 400;

const contextGuards = Object.fromEntries(
  Object.entries(guards).map(([name, guard]) => [name, ({ context }: { context: FlowContext }) => guard(context)]),
) as Record<GuardName, ({ context }: { context: FlowContext }) => boolean>;

/** Where each jump action sends the applicant (a JUMP lands on the step it names): the actions below, and likelyNext's guess. */
const JUMPS = {
  jumpToNextRejected: (context: FlowContext, params: { from: StepName }) => nextRejectedStep(context, params.from),
  jumpToPreviousRejected: (context: FlowContext, params: { from: StepName }) => previousRejectedStep(context, params.from),
  jumpToFirstRejected: (context: FlowContext) => rejectionPath(context)[0],
  jumpToFillStep: (context: FlowContext) => stepByCode(context.fillStep!)!.name,
} satisfies Record<string, (context: FlowContext, params: { from: StepName }) => StepName | undefined>;
type JumpName = keyof typeof JUMPS;

const flowSetup = setup({
  types: {
    context: {} as FlowContext,
    events: {} as FlowEvent,
    input: {} as FlowInput | undefined,
    emitted: {} as FlowEmitted,
  },
  guards: {
    ...contextGuards,
    jumpsTo: ({ event }, params: { to: StepName }) => event.type === 'JUMP' && event.to === params.to,
    gotoAllowed: ({ context, event }, params: { to: StepName }) => event.type === 'GOTO' && event.to === params.to && canGoto(context, params.to),
    identityVerified: ({ event }) => event.type === 'IDENTITY_RESULT' && event.ok,
    paid: ({ event }) => event.type === 'PAYMENT_RESULT' && event.payStatus === 0,
    paymentDeclined: ({ event }) => event.type === 'PAYMENT_RESULT' && (event.payStatus === 1 || event.payStatus === -2),
    noOrder: ({ event }) => event.type === 'PAYMENT_RESULT' && event.payStatus === -1,
  },
  actions: {
    markVisited: assign({
      visited: ({ context }, params: { step: StepName }) => (context.visited.includes(codeOf(params.step)) ? context.visited : [...context.visited, codeOf(params.step)]),
    }),
    recordIdentityVerified: assign({ ekycPassed: true }),
    // Submitted: the steps are the reviewer's now; back (or a tap on the progress bar) reaches none of them.
    forgetVisitedSteps: assign({ visited: () => [codeOf('result')] }),
    recordAnswers: assign(({ context, event }) =>
      event.type === 'ANSWERED'
        ? {
            accountType: event.accountType !== undefined ? event.accountType : context.accountType,
            nationality: event.nationality !== undefined ? event.nationality : context.nationality,
            markets: event.markets !== undefined && event.markets !== 0 ? event.markets : context.markets,
          }
        : {},
    ),
    // Markets already opened cannot be chosen again.
    chooseMarkets: assign({ addingMarkets: ({ context, event }) => (event.type === 'CHOOSE_MARKETS' ? event.markets & ~context.openedMarkets : context.addingMarkets) }),
    jumpToNextRejected: raise(({ context }, params: { from: StepName }) => ({ type: 'JUMP' as const, to: JUMPS.jumpToNextRejected(context, params) })),
    jumpToPreviousRejected: raise(({ context }, params: { from: StepName }) => ({ type: 'JUMP' as const, to: JUMPS.jumpToPreviousRejected(context, params) })),
    jumpToFirstRejected: raise(({ context }) => ({ type: 'JUMP' as const, to: JUMPS.jumpToFirstRejected(context) })),
    jumpToFillStep: raise(({ context }) => ({ type: 'JUMP' as const, to: JUMPS.jumpToFillStep(context) })),
    closeWebview: emit({ type: 'closeWebview' as const, delayMs: WEBVIEW_CLOSE_DELAY_MS }),
    resetApplicationSuccess: emit({ type: 'resetApplicationSuccess' as const }),
  },
});

type MachineConfig = Parameters<typeof flowSetup.createMachine>[0];
type StateConfig = NonNullable<MachineConfig['states']>[string];
type On = NonNullable<StateConfig['on']>;
/** Transitions built by the helpers below; typed loosely because one list serves several events. */
type BuiltTransitions = never;

export const flowMachine = flowSetup.createMachine({
  id: 'accountOpening',
  context: ({ input }) => contextFromInput(input),
  initial: 'start',
  on: {
    JUMP: STEP_NAMES.map((to) => ({ guard: { type: 'jumpsTo' as const, params: { to } }, target: `.${to}` })),
    GOTO: STEP_NAMES.map((to) => ({ guard: { type: 'gotoAllowed' as const, params: { to } }, target: `.${to}` })),
    ANSWERED: { actions: 'recordAnswers' },
    // Leaving the flow: the app closes the webview; elsewhere the start page, or the add-market page when adding a market.
    EXIT: [{ guard: 'inApp', actions: 'closeWebview' }, { guard: 'isSupplementary', target: '.addMarket' }, { target: '.start' }],
  },
  states: {
    start: page('start', {
      NEXT: [
        { guard: 'underReview' },
        { guard: 'isRejected', target: 'rejection' },
        { guard: 'resumesDraft', actions: 'jumpToFillStep' },
        { guard: 'supplementChosen', target: 'entryTransit' },
        { guard: 'isSupplementary', target: 'addMarket' },
        { guard: 'successButMyInactive', target: 'myAbnormal' },
        { guard: 'isSuccess', target: 'result' },
        { target: 'contact' },
      ],
    }),
    contact: form('contact', {
      NEXT: 'market',
      PREVIOUS: [{ guard: 'inApp', actions: 'closeWebview' }, { target: 'start' }],
    }),
    market: form('market', {
      NEXT: [{ guard: 'marginRefused' }, { guard: 'isSupplementary', target: 'personal' }, { guard: 'identityCheckSkipped', target: 'personal' }, { target: 'identity' }],
      PREVIOUS: [{ guard: 'isSupplementary', target: 'addMarket' }, { target: 'contact' }],
    }),
    identity: form(
      'identity',
      {
        NEXT: [...afterIdentity('identityAlreadyVerified', []), { guard: 'onPc', target: 'chooseDevice' }, { target: 'identityTransit' }],
        PREVIOUS: 'market',
      },
      { rejectionNext: false },
    ),
    chooseDevice: page('chooseDevice', {
      // "Continue on this device"; or the phone finishes and the PC picks the result up.
      NEXT: 'identityTransit',
      IDENTITY_RESULT: identityResult(),
      PREVIOUS: 'identity',
    }),
    identityTransit: page('identityTransit', { IDENTITY_RESULT: identityResult(), PREVIOUS: 'identity' }),
    identityFailed: page('identityFailed', { NEXT: 'identity', PREVIOUS: 'identity' }),
    documentUpload: form('documentUpload', { NEXT: 'personal', PREVIOUS: 'identity' }),
    personal: form('personal', {
      NEXT: [{ guard: 'isSupplementary', target: 'financial' }, { target: 'work' }],
      PREVIOUS: [
        { guard: 'isSupplementary', target: 'market' },
        { guard: 'rejectionIncludesIdDocument', target: 'documentUpload' },
        { guard: 'identityCheckSkipped', target: 'market' },
        { target: 'identity' },
      ],
    }),
    work: form('work', { NEXT: 'financial', PREVIOUS: 'personal' }),
    financial: form('financial', {
      NEXT: [{ guard: 'isSupplementary', target: 'tax' }, { target: 'investment' }],
      PREVIOUS: [{ guard: 'isSupplementary', target: 'personal' }, { target: 'work' }],
    }),
    investment: form('investment', { NEXT: 'tax', PREVIOUS: 'financial' }),
    tax: form('tax', {
      NEXT: [{ guard: 'isSupplementary', target: 'agreement' }, { target: 'declaration' }],
      PREVIOUS: [{ guard: 'addingHkUsOnly', target: 'addMarket' }, { guard: 'isSupplementary', target: 'financial' }, { target: 'investment' }],
    }),
    declaration: form('declaration', { NEXT: 'agreement', PREVIOUS: 'tax' }),
    agreement: form('agreement', {
      NEXT: 'signature',
      PREVIOUS: [{ guard: 'isSupplementary', target: 'tax' }, { target: 'declaration' }],
      OPEN_PDF: 'pdf',
    }),
    pdf: page('pdf', { NEXT: 'agreement', PREVIOUS: 'agreement' }),
    signature: form('signature', {
      NEXT: [{ guard: 'needsPayment', target: 'payment' }, { target: 'result' }],
      PREVIOUS: 'agreement',
    }),
    payment: form('payment', {
      NEXT: 'paymentTransit',
      PREVIOUS: 'signature',
      PAYMENT_RESULT: { guard: 'paid', target: 'result' },
    }),
    paymentTransit: page('paymentTransit', {
      // Loading (2) stays: the transit page polls every 300 ms, up to 20 times.
      // No order (-1): none was made, or it is not this application's; the applicant pays from the start.
      PAYMENT_RESULT: [{ guard: 'paid', target: 'result' }, { guard: 'paymentDeclined', target: 'paymentFailed' }, { guard: 'noOrder', target: 'payment' }],
      PREVIOUS: 'payment',
    }),
    paymentFailed: page('paymentFailed', { NEXT: 'payment', PREVIOUS: 'payment' }),
    addMarket: page('addMarket', {
      CHOOSE_MARKETS: { actions: 'chooseMarkets' },
      // Nothing ticked: nothing to continue to.
      NEXT: [{ guard: 'addingMalaysia', target: 'market' }, { guard: 'addingHkUsOnly', target: 'agreement' }],
      PREVIOUS: [{ guard: 'inApp', actions: 'closeWebview' }, { target: 'start' }],
    }),
    rejection: page('rejection', {
      // "Modify": only the steps that hold rejected items.
      NEXT: [{ guard: and(['mayModify', 'hasRejectedSteps']), actions: 'jumpToFirstRejected' }, { guard: 'mayModify', target: 'contact' }],
      PREVIOUS: 'start',
    }),
    entryTransit: page('entryTransit', { NEXT: 'agreement', PREVIOUS: 'start' }),
    result: {
      entry: [{ type: 'markVisited', params: { step: 'result' } }, 'resetApplicationSuccess'],
      // SPEC §2 result routing: MY inactive, a market still to open, or all opened.
      on: {
        NEXT: [{ guard: 'successButMyInactive', target: 'myAbnormal' }, { guard: 'canOpenMoreMarkets', target: 'addMarket' }, { guard: 'isSuccess', target: 'start' }],
        SUBMITTED: { actions: 'forgetVisitedSteps' },
      },
    },
    myAbnormal: page('myAbnormal', { NEXT: 'start', PREVIOUS: 'start' }),
    notFound: page('notFound', { NEXT: 'start', PREVIOUS: 'start' }),
  },
});

/** A page: records that it was reached. */
function page(step: StepName, on: On): StateConfig {
  return { entry: [{ type: 'markVisited', params: { step } }], on };
}

/** A form step: in rejection mode NEXT and PREVIOUS move along the rejected steps only. */
function form(step: StepName, on: On, { rejectionNext = true } = {}): StateConfig {
  const alongRejected = (action: 'jumpToNextRejected' | 'jumpToPreviousRejected') => ({
    guard: 'inRejection' as const,
    actions: { type: action, params: { from: step } },
  });
  const asList = (transitions: unknown): object[] =>
    Array.isArray(transitions) ? transitions : [typeof transitions === 'string' ? { target: transitions } : (transitions as object)];
  return page(step, {
    ...on,
    NEXT: (rejectionNext ? [alongRejected('jumpToNextRejected'), ...asList(on.NEXT)] : on.NEXT) as BuiltTransitions,
    PREVIOUS: [alongRejected('jumpToPreviousRejected'), ...asList(on.PREVIOUS)] as BuiltTransitions,
  });
}

/**
 * Identity: next is personal info, or document upload when the rejection includes an
 * identity-document item; in rejection mode otherwise the next rejected step.
 */
function afterIdentity(when: GuardName, actions: 'recordIdentityVerified'[]): BuiltTransitions[] {
  return [
    { guard: and([when, 'rejectionNeedsDocumentUpload']), actions, target: 'documentUpload' },
    { guard: and([when, 'inRejection']), actions: [...actions, { type: 'jumpToNextRejected', params: { from: 'identity' } }] },
    { guard: when, actions, target: 'personal' },
  ] as BuiltTransitions[];
}

/** The identity check's answer, on the transit page or on the PC's choose-device page. */
function identityResult(): BuiltTransitions {
  return [...afterIdentity('identityVerified' as GuardName, ['recordIdentityVerified']), { target: 'identityFailed' }] as BuiltTransitions;
}

/** Submit-and-continue is blocked when no next step exists (SPEC §4): the main button is disabled then. */
export const canGoNext = (snapshot: { can(event: FlowEvent): boolean }): boolean => snapshot.can({ type: 'NEXT' });

/**
 * Where NEXT would go from here, without going: what a page may load ahead while the applicant
 * fills it in. A guess only (the answers still to come may change it); nothing acts on it but loading.
 * Read from the transition NEXT would take (its target, or the step its jump names), not by taking
 * it: xstate's transition() builds a throwaway actor of the whole machine for each guess, 15 ms of
 * the boot's last task when a drawn status page was taken over (profiled).
 */
export function likelyNext(snapshot: SnapshotFrom<typeof flowMachine>): StepName | undefined {
  if (!snapshot.can({ type: 'NEXT' })) return undefined;
  const [taken] = snapshot.machine.getTransitionData(snapshot, { type: 'NEXT' });
  // An action is written as its name, or as its name with params.
  const jump = taken?.actions
    .map((action) => (typeof action === 'string' ? { type: action } : (action as { type?: unknown; params?: { from: StepName } })))
    .find((action): action is { type: JumpName; params?: { from: StepName } } => typeof action.type === 'string' && action.type in JUMPS);
  const target = (taken?.target?.[0]?.key as StepName | undefined) ?? (jump && JUMPS[jump.type](snapshot.context, jump.params!));
  return target === snapshot.value ? undefined : target;
}
