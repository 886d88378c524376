// The application the applicant is working on: the records of the status check, the saved payloads,
// and the flow machine, whose state the URL mirrors. The machine's snapshot is kept for the session,
// so a reload, or the return from the identity provider or the card gateway, resumes where it was.
import type { KhInfoDto, SupplementCheck, SupplementRecord } from '@kh/api';
import { contextFromPayloads, type StepContext, type VerifiedIdentity } from '@kh/engine';
import {
  canonicalPath,
  contextFromRecords,
  flowMachine,
  historyStep,
  recordsFillStep,
  codeOf,
  resolveRoute,
  restoreSnapshot,
  stampSnapshot,
  stepByName,
  type KhInfo,
  type StepName,
} from '@kh/flow';
import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import { settleTypedInput } from '@kh/ui';
import { keepFlowStanding } from './flow-away.ts';
import { cleanUpAfterStatusCheck } from './status-cleanup.ts';
import { dropUntakenCalls, firstRound, secondRound } from './boot-calls.ts';
import { offerStepData } from './step-data.ts';
import { betweenBootPieces } from './first-page.ts';
import { dropSavedFlow, isHandoff, keepSavedFlow, markHandoff, readSavedFlow } from './saved-flow.ts';
import { bridge, detectPlatform } from './platform.ts';
import { endpoints, loginCache } from './services.ts';
import { setErrorReportContext } from './error-reports.ts';
import { initAnalytics, track } from './analytics.ts';

type FlowActor = ActorRefFrom<typeof flowMachine>;

export interface ApplicationState {
  record: KhInfoDto;
  supplement: SupplementCheck | null;
  applyId: string | null;
  relatedType: 'INIT' | 'SUPPLEMENT';
  payloads: Record<string, Record<string, unknown>>;
  actor: FlowActor;
  /** What the identity check verified: the personal step's identity fields are locked to it. */
  verifiedIdentity?: VerifiedIdentity;
  /** The context the step schemas' rules read. */
  stepContext(): StepContext;
  remember(stepId: string, payload: Record<string, unknown>): void;
  setApplyId(applyId: string, relatedType: 'INIT' | 'SUPPLEMENT'): void;
  /** The logged-in applicant: the contact step starts from the phone they logged in with. */
  user: { mobile?: string; countryCode?: string; mid: string };
  /** appSource (SPEC §3): from the entryCode query parameter, else in-app (1) or other (4). */
  appSource: number;
  /** Query parameters handed on: the invitation code (_scnl) and the entry code. */
  invitationCode?: string;
  entryCode?: string;
  /** Customer service as the server names it (SPEC §3); the bundled phone number without it. */
  service?: { phone?: string; email?: string };
}

const ApplicationContext = createContext<ApplicationState | null>(null);
/** Gives the pages an application already built: the provider below after its boot, or a story's. */
export const ApplicationStateProvider = ApplicationContext.Provider;

type ApplicationFacts = Omit<ApplicationState, 'stepContext' | 'remember' | 'setApplyId'>;

/** The application the pages read, from what the boot (or a story) found. */
export function applicationState(facts: ApplicationFacts): ApplicationState {
  const { record, actor } = facts;
  return {
    ...facts,
    stepContext() {
      return {
        ...contextFromPayloads(this.payloads, { market: record.market ?? 0, opened: record.opened ?? 0, status: record.status, relatedType: this.relatedType }),
        mode: actor.getSnapshot().context.mode,
      };
    },
    remember(stepId, payload) {
      this.payloads[stepId] = payload;
    },
    setApplyId(id, type) {
      this.applyId = id;
      this.relatedType = type;
    },
  };
}

export function useApplication(): ApplicationState {
  const value = useContext(ApplicationContext);
  if (!value) throw new Error('useApplication outside ApplicationProvider');
  return value;
}

const toKhInfo = (dto: KhInfoDto): KhInfo | null => (dto.exist ? { ...dto, status: dto.status, rejectedReason: dto.rejectedReason ?? null } : null);

/** The URL a step is shown at, unless its page keeps the URL it was opened at. */
function showStepInUrl(step: StepName, navigate: (path: string, options: { replace: boolean }) => void): void {
  if (stepByName(step).page.keepsUrl) return;
  const path = canonicalPath(step);
  if (window.location.pathname !== path.split('?')[0]) navigate(path, { replace: stepByName(step).page.returnFromProvider === true });
}

type Boot = { kind: 'loading' } | { kind: 'login' } | { kind: 'ready'; state: ApplicationState } | { kind: 'failed'; message: string };

/**
 * `prepare`: loads what the page the boot opens on needs (its code, its step's schema), so that the
 * page draws at once: a page that suspends first shows its fallback, which React then keeps up for
 * 300 ms however soon the code arrives (a reload mid-flow painted 0.3 s later for it).
 */
export function ApplicationProvider({ children, fallback, prepare }: { children: ReactNode; fallback: (boot: Exclude<Boot, { kind: 'ready' }>) => ReactElement; prepare?: (landing: StepName, state: ApplicationState) => Promise<unknown> | undefined }): ReactElement {
  const [location, navigate] = useLocation();
  const [boot, setBoot] = useState<Boot>({ kind: 'loading' });
  const [, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    (async () => {
      if (!(await loginCache.isLoggedIn().catch(() => false))) {
        if (live) setBoot({ kind: 'login' });
        return;
      }
      const query = new URLSearchParams(window.location.search);
      const [record, supplement, commons, user] = await firstRound();
      cleanUpAfterStatusCheck(record, sessionStorage, (cookie) => (document.cookie = cookie));
      const supplementaryEntry = location.startsWith('/market/again') || query.has('entryCode');
      const saved = readSavedFlow();
      let applyId = record.applyId ?? null;
      let relatedType: 'INIT' | 'SUPPLEMENT' = 'INIT';
      const openSupplements = record.success ? [supplement?.HK, supplement?.US, supplement?.MAS].filter((s): s is SupplementRecord => !!s && (s.status === 1 || s.status === 5)) : [];
      // A reload mid-supplement (the gateway's return, say) carries on with the supplement still open.
      const resumedSupplement = saved?.relatedType === 'SUPPLEMENT' ? openSupplements.find((s) => s.applyId === saved.applyId) : undefined;
      if (resumedSupplement) {
        applyId = resumedSupplement.applyId!;
        relatedType = 'SUPPLEMENT';
      } else if (supplementaryEntry && openSupplements.length > 0) relatedType = 'SUPPLEMENT';
      // A phone that came by the PC's QR code does the identity check only: it reads nothing else.
      if (query.get('handoff') === '1') markHandoff();
      const handoff = isHandoff();
      // The second round, asked together: each needs only the application the first round found.
      const [ekyc, payment, payloads] = await secondRound(record, applyId, relatedType, handoff);
      dropUntakenCalls();
      // Answers the page came with arrive at once, in the task that drew the loading state: behind a
      // drawn page, the machine starts in one of its own.
      await betweenBootPieces();
      if (!live) return;
      const context = contextFromRecords({
        record: toKhInfo(record),
        supplement: null,
        config: commons.h5Config.kh,
        platform: detectPlatform(),
        supplementaryEntry,
        ekycPassed: ekyc?.isEkycSuccess ?? false,
        needPay: payment?.needPay ?? true,
      });
      let actor: FlowActor | undefined;
      // The subscription below runs before the application exists, and after it (creating one).
      const current: { state?: ApplicationState } = {};
      // Resumed only for the same application in the same status (a reviewer's decision starts afresh).
      const resumable = resumedSupplement || (saved?.relatedType !== 'SUPPLEMENT' && saved?.applyId && saved.applyId === applyId && saved.status === record.status && (record.status === 1 || record.status === 5));
      if (saved && resumable) {
        try {
          actor = createActor(flowMachine, { snapshot: restoreSnapshot(saved.flow), input: {} });
        } catch {
          dropSavedFlow();
        }
      }
      actor ??= createActor(flowMachine, { input: context });
      actor.subscribe((snapshot) => {
        try {
          // A new application is a draft (status 1) from the moment it is created; its id and kind
          // are read as they are now (creating one sets them after the boot).
          const state = current.state;
          keepSavedFlow({
            applyId: state?.applyId ?? applyId,
            relatedType: state?.relatedType ?? relatedType,
            status: record.exist ? record.status : 1,
            bankName: (state?.record ?? record).bankName,
            flow: stampSnapshot(actor!.getPersistedSnapshot()),
          });
          keepFlowStanding(snapshot.value as StepName);
        } catch {
          // The session store is full or off: the flow goes on, a reload starts at the status page.
        }
        setVersion((v) => v + 1);
        void snapshot;
      });
      actor.on('closeWebview', ({ delayMs }) => setTimeout(() => bridge()?.close(), delayMs));
      // Opening the result page resets khInfo success (SPEC §4).
      actor.on('resetApplicationSuccess', () => void (record.success = false));
      setErrorReportContext({ hsNo: user.hsNo, applyId });
      initAnalytics({ is_login: true, is_open_account: (record.opened ?? 0) > 0, scenes_type: context.mode }, user.mid);
      let shown = actor.getSnapshot().value as string;
      track('page_view', { page: shown });
      actor.subscribe((snapshot) => {
        if (snapshot.value === shown) return;
        track('quit_view', { page: shown });
        shown = snapshot.value as string;
        track('page_view', { page: shown });
      });
      actor.start();
      if (query.get('handoff') === '1') actor.send({ type: 'JUMP', to: 'identity' });
      // The add-market entry goes straight to choosing the market.
      else if (supplementaryEntry && (actor.getSnapshot().value as string) === 'start' && actor.getSnapshot().context.mode === 'supplementary') actor.send({ type: 'NEXT' });
      const state = (current.state = applicationState({
        record,
        supplement,
        applyId,
        relatedType,
        payloads,
        actor,
        user,
        verifiedIdentity: ekyc?.verifiedIdentity,
        appSource: [1, 2, 3, 4].includes(Number(query.get('entryCode'))) ? Number(query.get('entryCode')) : bridge() ? 1 : 4,
        invitationCode: query.get('_scnl') ?? query.get('scnl') ?? undefined,
        service: { phone: commons.servicePhone, email: commons.serviceEmail },
        entryCode: query.get('entryCode') ?? undefined,
      }));
      // SPEC §7's fill-step call, on arrival at each form step: a draft resumes on the page it was on.
      const recordArrival = (step: StepName) => {
        if (!state.applyId || isHandoff() || !recordsFillStep(step)) return;
        const market = state.relatedType === 'SUPPLEMENT' ? actor.getSnapshot().context.addingMarkets : undefined;
        void endpoints.apply
          .recordFillStep({ fillStep: codeOf(step), relatedType: state.relatedType, applyId: state.applyId, ...(market ? { market } : {}), ...(state.invitationCode ? { invitationCode: state.invitationCode } : {}) })
          .catch(() => undefined);
      };
      let arrived = actor.getSnapshot().value as StepName;
      recordArrival(arrived);
      actor.subscribe((snapshot) => {
        if (snapshot.value === arrived) return;
        arrived = snapshot.value as StepName;
        recordArrival(arrived);
      });
      // The page the boot opens on takes what the boot read of it (a failed read, {}, is asked again).
      const landing = actor.getSnapshot().value as StepName;
      if (Object.keys(payloads[landing] ?? {}).length > 0) offerStepData(state, landing, payloads[landing]!);
      // A page that cannot load its code says so itself, with Retry (ChunkErrorBoundary).
      await prepare?.(landing, state)?.catch(() => undefined);
      // The machine's start and the URL's change below each re-render: behind a drawn page, in tasks of their own.
      await betweenBootPieces();
      if (!live) return;
      // The URL is the landing page's before the app draws it: a change of URL re-renders the whole
      // app at once (the router's store), where the boot's own render goes in slices (a transition)
      // and leaves the main thread free between them: a tap on the page is answered meanwhile.
      showStepInUrl(landing, navigate);
      await betweenBootPieces();
      if (!live) return;
      startTransition(() => setBoot({ kind: 'ready', state }));
    })().catch((error: Error) => live && setBoot({ kind: 'failed', message: error.message }));
    return () => {
      live = false;
    };
    // Boots once: later route changes are the machine's to follow.
  }, []);

  // The browser's back and forward buttons move through the machine: to a step already reached
  // (GOTO), else the URL goes back to the step the machine is on. The URL and the page never drift.
  const actor = boot.kind === 'ready' ? boot.state.actor : undefined;
  useEffect(() => {
    if (!actor) return;
    const onPopState = () => {
      const current = actor.getSnapshot().value as StepName;
      const wanted = historyStep(resolveRoute(window.location.pathname, window.location.search).step.name);
      if (wanted === current) return;
      // What was typed in the last moment before back is the step's too (its draft keeps it).
      settleTypedInput();
      if (actor.getSnapshot().can({ type: 'GOTO', to: wanted })) actor.send({ type: 'GOTO', to: wanted });
      else navigate(canonicalPath(current), { replace: true });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [actor, navigate]);

  // The URL mirrors the machine.
  const step = boot.kind === 'ready' ? (boot.state.actor.getSnapshot().value as StepName) : undefined;
  useEffect(() => {
    if (step) showStepInUrl(step, navigate);
  }, [step, navigate]);

  const value = useMemo(() => (boot.kind === 'ready' ? boot.state : null), [boot]);
  if (boot.kind !== 'ready') return fallback(boot);
  return <ApplicationContext.Provider value={value}>{children}</ApplicationContext.Provider>;
}
