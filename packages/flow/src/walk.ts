// Walks a scenario through the machine, headlessly: the rows `pnpm flow:walk` prints.
import { createActor } from 'xstate';
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
