// Walks a scenario through the machine, headlessly: the rows `pnpm flow:walk` prints.
import { createActor } from 'xstate';
import type { FlowInput } from './context.ts';
import { flowMachine, type FlowEvent } from './machine.ts';
import type { Scenario } from './scenarios.ts';
import { stepByName, type Layout, type StepName } from './steps.ts';
import { canonicalPath } from './routes.ts';

export interface WalkRow {
  code: number;
  path: string;
  layout: Layout;
  percent: number | null;
}

const rowOf = (name: StepName): WalkRow => {
  const step = stepByName(name);
  return { code: step.code, path: canonicalPath(name), layout: step.layout, percent: step.percent };
};

/** The events the applicant (and the providers) send on each page, following the scenario. */
function driver(scenario: Scenario) {
  const identity = [...(scenario.identityResults ?? [])];
  const payment = [...(scenario.paymentResults ?? [])];
  let chose = false;
  return (step: StepName): FlowEvent[] => {
    if (step === 'identityTransit') return [{ type: 'IDENTITY_RESULT', ok: identity.shift() ?? true, reason: 'blurry' }];
    if (step === 'paymentTransit') return [{ type: 'PAYMENT_RESULT', payStatus: payment.shift() ?? 0 }];
    if (step === 'addMarket' && !chose && scenario.chooseMarkets !== undefined) {
      chose = true;
      return [{ type: 'CHOOSE_MARKETS', markets: scenario.chooseMarkets }, { type: 'NEXT' }];
    }
    return [{ type: 'NEXT' }];
  };
}

/** A step of a replay: where the event left the machine, and whether it moved at all. */
export interface ReplayRow extends WalkRow {
  event: string;
  refused: boolean;
}

/** Replays `--events` from a context: one row per event; an event the state does not take is marked refused. */
export function replay(input: FlowInput, events: readonly FlowEvent[]): { start: WalkRow; rows: ReplayRow[] } {
  const actor = createActor(flowMachine, { input }).start();
  const start = rowOf(actor.getSnapshot().value as StepName);
  const rows = events.map((event): ReplayRow => {
    const before = actor.getSnapshot();
    const refused = !before.can(event);
    actor.send(event);
    return { ...rowOf(actor.getSnapshot().value as StepName), event: 'to' in event ? `${event.type} ${event.to}` : event.type, refused };
  });
  actor.stop();
  return { start, rows };
}

export function walk(scenario: Scenario, maxSteps = 60): WalkRow[] {
  const actor = createActor(flowMachine, { input: scenario.input }).start();
  const next = driver(scenario);
  const rows = [rowOf(actor.getSnapshot().value as StepName)];
  for (let i = 0; i < maxSteps; i++) {
    const current = actor.getSnapshot().value as StepName;
    if (current === 'result') return rows;
    for (const event of next(current)) actor.send(event);
    const after = actor.getSnapshot().value as StepName;
    if (after === current) throw new Error(`Scenario ${scenario.name} is stuck at ${current}`);
    rows.push(rowOf(after));
  }
  throw new Error(`Scenario ${scenario.name} did not reach the result in ${maxSteps} steps`);
}
