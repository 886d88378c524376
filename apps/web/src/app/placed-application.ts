// An application placed on a step without a boot: a real flow machine resolved at the step with the
// given context, and the records the pages read, as the boot would have built them. Storybook's
// stories draw the app's pages from it, and the build draws a logged-in applicant's status page
// from it (prerender.tsx).
import type { KhInfoDto } from '@kh/api';
import type { VerifiedIdentity } from '@kh/engine';
import { contextFromInput, flowMachine, type FlowInput, type StepName } from '@kh/flow';
import { createActor } from 'xstate';
import { applicationState, type ApplicationState } from './application.tsx';

export interface Placement {
  step: StepName;
  flow?: FlowInput;
  record?: Partial<KhInfoDto>;
  relatedType?: 'INIT' | 'SUPPLEMENT';
  verifiedIdentity?: VerifiedIdentity;
  payloads?: Record<string, Record<string, unknown>>;
  applyId: string | null;
  user: ApplicationState['user'];
  service?: ApplicationState['service'];
}

export function placedApplication({ step, flow = {}, record = {}, relatedType = 'INIT', verifiedIdentity, payloads = {}, applyId, user, service }: Placement): ApplicationState {
  const context = contextFromInput(flow);
  const actor = createActor(flowMachine, { snapshot: flowMachine.resolveState({ value: step, context }), input: {} });
  actor.start();
  const full: KhInfoDto = { success: false, status: context.status ?? 1, exist: true, fillStep: null, applyId, market: context.markets, opened: context.openedMarkets, ...record };
  return applicationState({ record: full, supplement: null, applyId: full.applyId ?? null, relatedType, payloads: { ...payloads }, actor, user, verifiedIdentity, appSource: 4, ...(service ? { service } : {}) });
}
