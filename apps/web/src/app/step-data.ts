// A step's saved answers (fetch-data), asked for as soon as its page opens, alongside the page's
// code, or earlier still by the page before it (which knows where NEXT likely goes). Each answer is
// used once, by one arrival; saving a step drops what was fetched of it ahead.
import type { ApplicationState } from './application.tsx';
import { callsAhead } from './calls-ahead.ts';
import { endpoints } from './services.ts';
import { loadStepAssets } from './step-assets.ts';
import { codeOf, type StepName } from '@kh/flow';

/** The steps whose page is the generic form (the identity page is one too, with its own submit). */
export const FORM_STEPS: StepName[] = ['contact', 'market', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature', 'documentUpload'];
const FETCHED_AHEAD: StepName[] = [...FORM_STEPS, 'identity'];

type Answers = Record<string, unknown>;
type WithApplication = ApplicationState & { applyId: string };
const ahead = callsAhead();
const keyOf = (app: WithApplication, step: StepName) => `${app.relatedType}:${app.applyId}:${step}`;
const fetchOf = (app: WithApplication, step: StepName) => () => endpoints.apply.fetchData({ fillStep: codeOf(step), relatedType: app.relatedType, applyId: app.applyId }) as Promise<Answers>;
const withApplication = (app: ApplicationState): app is WithApplication => !!app.applyId;

/** Starts the fetch (once) without taking its answer: for the page about to open, or the next one. */
export function askStepData(app: ApplicationState, step: StepName): void {
  // A failed fetch ahead is not an error yet: the page that needs it asks again.
  if (withApplication(app)) ahead.start(keyOf(app, step), fetchOf(app, step));
}

/** The answers for the page that opens now: the fetch already under way if there is one, else a new one. */
export function takeStepData(app: ApplicationState, step: StepName): Promise<Answers> {
  return withApplication(app) ? ahead.take(keyOf(app, step), fetchOf(app, step)) : Promise.resolve({});
}

/**
 * Answers the boot read of the page it opens on: that page takes them rather than asking the same
 * round trip again. Only that page's: a later arrival asks afresh (another step's save, the identity
 * check, may have changed them since).
 */
export function offerStepData(app: ApplicationState, step: StepName, answers: Answers): void {
  if (withApplication(app)) ahead.start(keyOf(app, step), () => Promise.resolve(answers));
}

/** While the applicant fills a page in, the page NEXT likely opens loads: its code and its saved answers. */
export function prepareAhead(app: ApplicationState, next: StepName | undefined): void {
  if (!next || !FETCHED_AHEAD.includes(next)) return;
  askStepData(app, next);
  void loadStepAssets(next, app).catch(() => undefined);
}

/** What was fetched ahead of a step no longer holds once the step is saved. */
export function forgetStepData(app: ApplicationState, step: StepName): void {
  if (withApplication(app)) ahead.forget(keyOf(app, step));
}
