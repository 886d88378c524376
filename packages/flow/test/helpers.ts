import { createActor } from 'xstate';
import { flowMachine, type FlowEvent, type FlowInput, type StepName } from '../src/index.ts';

/** An actor started with `input`, after `events`; its current step. */
export function run(input: FlowInput, ...events: FlowEvent[]) {
  const actor = createActor(flowMachine, { input }).start();
  for (const event of events) actor.send(event);
  return actor;
}

export const stepAfter = (input: FlowInput, ...events: FlowEvent[]): StepName => run(input, ...events).getSnapshot().value as StepName;

export const NEXT: FlowEvent = { type: 'NEXT' };
export const PREVIOUS: FlowEvent = { type: 'PREVIOUS' };
/** Puts the machine at a step (the internal JUMP that resuming a draft uses). */
export const go = (to: StepName): FlowEvent => ({ type: 'JUMP', to });
