// The step registry of SPEC §2: every step code, its route, readable aliases, layout, title and
// progress. Data in one place; routes, the machine and the renderer read it from here.

export type Layout = 'Pure' | 'Default' | 'Gradient' | 'GWhite' | 'BackNav';

export interface StepInfo {
  code: number;
  /** The machine's state name, and the schema id for form steps. */
  name: StepName;
  /** Readable paths; the first is the canonical one. */
  aliases: string[];
  layout: Layout;
  titleKey: string;
  /** Index of the progress bar segment (SPEC §2 "Progress"); null where no bar shows. */
  bar: 0 | 1 | 2 | null;
  /** Percent shown by the progress bar; null where no bar shows. */
  percent: number | null;
  /** Whether the page is a form step with a schema in schemas/steps. */
  form: boolean;
  /** Needs a logged-in applicant (route metadata, SPEC §2). */
  requiresLogin: boolean;
  /** How the app treats the page; each absent on an ordinary step. */
  page: PageBehaviour;
}

export interface PageBehaviour {
  /** The server draws this page first (the status entry, apps/server/src/pages/web.ts): a reload away from it must say so. */
  drawnByServer?: boolean;
  /** A provider's return page (identity, payment): its URL replaces the page before it in the history. */
  returnFromProvider?: boolean;
  /** Shows where the applicant is (an unknown path, /error?code) and never moves the URL. */
  keepsUrl?: boolean;
  /** Has nothing to show: the machine moves on as soon as it is drawn. */
  passesThrough?: boolean;
  /** Starts a new application (a supplement), so it is loaded afresh rather than stepped to. */
  newApplication?: boolean;
  /** Restores the supplement's chosen markets and source from the cookie the add-market page left (SPEC §4). */
  readsSupplementChoice?: boolean;
}

export const STEP_NAMES = [
  'start',
  'contact',
  'market',
  'identity',
  'personal',
  'work',
  'financial',
  'investment',
  'tax',
  'declaration',
  'agreement',
  'signature',
  'payment',
  'documentUpload',
  'identityTransit',
  'identityFailed',
  'paymentTransit',
  'paymentFailed',
  'pdf',
  'chooseDevice',
  'addMarket',
  'rejection',
  'entryTransit',
  'result',
  'myAbnormal',
  'notFound',
] as const;
export type StepName = (typeof STEP_NAMES)[number];

const step = (
  code: number,
  name: StepName,
  aliases: string[],
  layout: Layout,
  titleKey: string,
  progress: { bar?: 0 | 1 | 2; percent?: number } = {},
  options: { form?: boolean; requiresLogin?: boolean; page?: PageBehaviour } = {},
): StepInfo => ({
  code,
  name,
  aliases,
  layout,
  titleKey,
  bar: progress.bar ?? null,
  percent: progress.percent ?? null,
  form: options.form ?? false,
  requiresLogin: options.requiresLogin ?? true,
  page: options.page ?? {},
});
const FORM = { form: true };

export const STEPS: StepInfo[] = [
  step(1000, 'start', ['/status/entry'], 'Gradient', 'step.start.title', {}, { requiresLogin: false, page: { drawnByServer: true } }),
  step(2000, 'contact', ['/info/contact'], 'Default', 'step.contact.title', { bar: 0, percent: 10 }, FORM),
  step(2001, 'market', ['/market'], 'Default', 'step.market.title', { percent: 15 }, { ...FORM, page: { readsSupplementChoice: true } }),
  step(2002, 'identity', ['/iam/start', '/identity/vaild'], 'Default', 'step.identity.title', { percent: 20 }, FORM),
  step(2003, 'personal', ['/info/base', '/identity/address'], 'Default', 'step.personal.title', { bar: 1, percent: 25 }, FORM),
  step(2004, 'work', ['/info/work'], 'Default', 'step.work.title', { bar: 1, percent: 30 }, FORM),
  step(2005, 'financial', ['/info/financial'], 'Default', 'step.financial.title', { bar: 1, percent: 40 }, FORM),
  step(2006, 'investment', ['/info/investment'], 'Default', 'step.investment.title', { bar: 1, percent: 50 }, FORM),
  step(2007, 'tax', ['/info/tax'], 'Default', 'step.tax.title', { bar: 1, percent: 60 }, { ...FORM, page: { readsSupplementChoice: true } }),
  step(2008, 'declaration', ['/statement'], 'Default', 'step.declaration.title', { bar: 2, percent: 70 }, FORM),
  step(2009, 'agreement', ['/statement/sign'], 'Default', 'step.agreement.title', { bar: 2, percent: 80 }, FORM),
  step(2010, 'signature', ['/statement/signature'], 'Pure', 'step.signature.title', { percent: 90 }, FORM),
  step(2011, 'payment', ['/payment/start'], 'Default', 'step.payment.title', { percent: 95 }, FORM),
  // Document upload stands in for the identity check when the ID document is rejected: same band.
  step(2012, 'documentUpload', ['/iam/upload', '/identity/upload'], 'Default', 'step.documentUpload.title', { percent: 20 }, FORM),
  step(100001, 'identityTransit', ['/iam/transit', '/identity/transit', '/identity/face-transit'], 'Pure', 'step.face.title', {}, { page: { returnFromProvider: true } }),
  step(100002, 'identityFailed', ['/iam/fail'], 'Default', 'step.identity.title'),
  step(100003, 'paymentTransit', ['/payment/transit'], 'Pure', 'step.payment.title', {}, { page: { returnFromProvider: true } }),
  step(100004, 'paymentFailed', ['/payment/fail'], 'Default', 'step.payment.title'),
  step(1000006, 'pdf', ['/statement/pdf'], 'GWhite', 'step.agreement.title'),
  step(1000007, 'chooseDevice', ['/iam/device-continue', '/identity/choose'], 'BackNav', 'step.identity.title'),
  step(1000001, 'addMarket', ['/market/again'], 'Default', 'step.reopen.title', {}, { page: { newApplication: true } }),
  // SPEC §2 names no alias for the rejection page; one is added so that no URL shows a step code.
  step(3001, 'rejection', ['/status/rejected'], 'Gradient', 'step.start.title'),
  step(10002, 'entryTransit', ['/status/entry/transit'], 'Pure', 'step.start.title', {}, { page: { passesThrough: true } }),
  step(1900, 'result', ['/status/complete'], 'Gradient', 'step.complete.title'),
  step(1901, 'myAbnormal', ['/status/myfailed'], 'Gradient', 'step.complete.title'),
  step(90000, 'notFound', ['/error'], 'Pure', 'step.notFound.title', {}, { requiresLogin: false, page: { keepsUrl: true } }),
];

const byCode = new Map(STEPS.map((s) => [s.code, s]));
const byName = new Map(STEPS.map((s) => [s.name, s]));

export const stepByCode = (code: number): StepInfo | undefined => byCode.get(code);
export const stepByName = (name: StepName): StepInfo => byName.get(name)!;
export const codeOf = (name: StepName): number => stepByName(name).code;

/** SPEC §2 "Progress" bands: the percentages each bar segment spans. */
export const PROGRESS_BANDS = [
  { from: 'contact', to: 'identity', min: 0, max: 20 },
  { from: 'personal', to: 'work', min: 25, max: 30 },
  { from: 'financial', to: 'declaration', min: 40, max: 70 },
  { from: 'agreement', to: 'payment', min: 80, max: 95 },
] as const;

/** Steps whose page makes no fill-step call (SPEC §7): start, add-market, reject, result, not-found. */
export const FILL_STEP_SKIPPED: readonly StepName[] = ['start', 'addMarket', 'rejection', 'result', 'notFound'];
export const reportsFillStep = (name: StepName): boolean => !FILL_STEP_SKIPPED.includes(name);

/** "Loading..." for identity, transit and payment pages, otherwise "Saving..." (SPEC §4). */
export const savingToastKey = (name: StepName): string =>
  ['identity', 'identityTransit', 'paymentTransit', 'payment', 'chooseDevice', 'entryTransit'].includes(name) ? 'flow.toast.loading' : 'flow.toast.saving';

/**
 * The progress bar's segment a step is in (SPEC §2: contact 0; personal … tax 1; declaration and
 * agreement 2): its own, else that of the last step before it that has one. Null where no bar shows.
 */
export function progressSegment(name: StepName): 0 | 1 | 2 | null {
  const info = stepByName(name);
  if (info.percent === null) return null;
  if (info.bar !== null) return info.bar;
  const before = STEPS.filter((s) => s.bar !== null && s.percent !== null && s.percent <= info.percent!).sort((a, b) => b.percent! - a.percent!)[0];
  return before?.bar ?? 0;
}

/**
 * SPEC §7: arriving on a page makes the fill-step call, skipped on the start, add-market, rejection,
 * result and not-found pages (and the transit, failure and document pages between steps): a draft
 * then resumes on the step the applicant was on, which the status entry opens only for a form step.
 */
export const recordsFillStep = (name: StepName): boolean => stepByName(name).form;
