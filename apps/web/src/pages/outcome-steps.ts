// The flow's steps whose page is in OutcomePages.tsx: known to the application's chunk, which loads
// that one only when the flow is about to open one of them.
import type { StepName } from '@kh/flow';

export const OUTCOME_STEPS = ['rejection', 'result', 'myAbnormal', 'addMarket', 'pdf'] as const satisfies readonly StepName[];
export type OutcomeStep = (typeof OUTCOME_STEPS)[number];

export const isOutcomeStep = (step: StepName | undefined): step is OutcomeStep => (OUTCOME_STEPS as readonly (StepName | undefined)[]).includes(step);
