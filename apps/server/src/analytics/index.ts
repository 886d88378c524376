// What the analytics domain offers the others and the composition root; everything else in the folder is its own.
export { analyticsPlugin } from './analytics-routes.ts';
export { funnel, type FieldFigures, type FunnelRange, type StepFigures } from './funnel.ts';
export { experimentArms, type ArmFigures } from './experiment-arms.ts';
