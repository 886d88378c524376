// The numbering plans the mobile check reads (libphonenumber's mobile metadata). Most applicants
// type a Malaysian number, so a page loads Malaysia's plan alone (about 1 KB); any other area code
// loads every plan (23 KB gzip) once. The server loads every plan at start. A plan that has not
// arrived yet checks the digits only, and says when it arrives, so a form can check again.
import type { MetadataJson } from 'libphonenumber-js/core';

export const HOME_CALLING_CODE = '60';

let everyPlan: MetadataJson | undefined;
let homePlan: MetadataJson | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();
const arrived = () => listeners.forEach((listener) => listener());

/** The plan an area code is checked against: undefined while it has not arrived. */
export function numberingPlanFor(callingCode: string): MetadataJson | undefined {
  return everyPlan ?? (callingCode === HOME_CALLING_CODE ? homePlan : undefined);
}

/** Whether every plan is here: then an area code without one does not exist. */
export const hasEveryNumberingPlan = (): boolean => everyPlan !== undefined;

/** Loads the plan an area code needs (Malaysia's alone, or all of them), once. */
export function loadNumberingPlan(callingCode: string): Promise<void> {
  if (numberingPlanFor(callingCode)) return Promise.resolve();
  if (callingCode !== HOME_CALLING_CODE) return loadEveryNumberingPlan();
  return import('../../generated/numbering-plan-60.json').then((plan) => {
    homePlan ??= plan.default as unknown as MetadataJson;
    arrived();
  });
}

/** Every plan: the server's start, and a page where another area code was chosen. */
export function loadEveryNumberingPlan(): Promise<void> {
  loading ??= import('libphonenumber-js/metadata.mobile.json').then(
    (plans) => {
      everyPlan = plans.default as unknown as MetadataJson;
      arrived();
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Called when a plan arrives (a form checks its answers again); answers the unsubscribe. */
export function onNumberingPlanArrived(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
