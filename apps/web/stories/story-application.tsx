// The real pages of the app in a story: a real flow machine placed on the story's step, the
// application the pages read, a router at the step's path, and the API double answering its calls.
import type { KhInfoDto } from '@kh/api';
import type { VerifiedIdentity } from '@kh/engine';
import { canonicalPath, contextFromInput, flowMachine, type FlowInput, type StepName } from '@kh/flow';
import { Toasts } from '@kh/ui';
import { Suspense, useMemo, type ReactElement, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import { applicationState, ApplicationStateProvider } from '../src/app/application.tsx';
import { toasts } from '../src/app/services.ts';
import { Loading } from '../src/pages/Loading.tsx';

export interface StoryApplicationProps {
  step: StepName;
  flow?: FlowInput;
  record?: Partial<KhInfoDto>;
  relatedType?: 'INIT' | 'SUPPLEMENT';
  verifiedIdentity?: VerifiedIdentity;
  payloads?: Record<string, Record<string, unknown>>;
  children: ReactNode;
}

export const STORY_APPLY_ID = 'story-application';

export function StoryApplication({ step, flow = {}, record = {}, relatedType = 'INIT', verifiedIdentity, payloads = {}, children }: StoryApplicationProps): ReactElement {
  const state = useMemo(() => {
    const context = contextFromInput(flow);
    const actor = createActor(flowMachine, { snapshot: flowMachine.resolveState({ value: step, context }), input: {} });
    actor.start();
    const full: KhInfoDto = { success: false, status: context.status ?? 1, exist: true, fillStep: null, applyId: STORY_APPLY_ID, market: context.markets, opened: context.openedMarkets, ...record };
    return applicationState({ record: full, supplement: null, applyId: full.applyId ?? null, relatedType, payloads: { ...payloads }, actor, user: { mid: 'story', mobile: '123456789', countryCode: '60' }, verifiedIdentity, appSource: 4 });
    // A story is one state: its args remount the story, they do not move this application.
  }, []);
  const location = useMemo(() => memoryLocation({ path: canonicalPath(step) }), []);
  return (
    <Router hook={location.hook}>
      <ApplicationStateProvider value={state}>
        <Toasts store={toasts} />
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </ApplicationStateProvider>
    </Router>
  );
}
