// The application's boot asks the server in two rounds: the status checks, the app's settings and who
// is logged in; then, for the application the first round found, its identity check, whether it pays
// and its saved steps. A logged-in page starts the first round as the page loads (main.tsx), beside
// the application's code and the language's texts, rather than once React has mounted the boot; a
// reload mid-flow starts the second round with it, for the application the tab's saved flow names.
// The boot takes a call started early only when it asks the very same one (same call, same
// arguments), once (calls-ahead.ts); whatever it did not take is dropped when it has booted. A guess
// that no longer holds (the application changed status, the bank changed) costs the round trip it
// would have cost anyway. A page reloaded mid-flow may come with the answers of both rounds in it
// (@kh/api page-answers.ts): the API client answers those calls from the page.
import { BOOT_STEPS, bootRequests, paymentTypeQuery, type KhInfoDto, type RelatedType } from '@kh/api';
import { callsAhead } from './calls-ahead.ts';
import { isHandoff, readSavedFlow } from './saved-flow.ts';
import { endpoints, setApiLanguage } from './services.ts';

const ahead = callsAhead();

/** A boot call and the key it is started and taken by: its name and its arguments, written once. */
interface BootCall<T> {
  key: string;
  call: () => Promise<T>;
}
const bootCall = <T>(name: string, args: unknown[], call: () => Promise<T>): BootCall<T> => ({ key: JSON.stringify([name, ...args]), call });
const start = ({ key, call }: BootCall<unknown>) => ahead.start(key, call);
const ask = <T>({ key, call }: BootCall<T>) => ahead.take(key, call);

/** The boot has its answers: a later boot (after a logout and a login) asks afresh. */
export const dropUntakenCalls = (): void => ahead.clear();

const requests = bootRequests(endpoints);
const calls = {
  check: bootCall('check', [], requests.check),
  supplementCheck: bootCall('supplementCheck', [], requests.supplementCheck),
  appCommons: bootCall('appCommons', [], requests.appCommons),
  user: bootCall('user', [], requests.user),
  ekycStatus: (applyId: string) => bootCall('ekycStatus', [applyId], () => requests.ekycStatus(applyId)),
  paymentType: (query: ReturnType<typeof paymentTypeQuery>) => bootCall('paymentType', [query], () => requests.paymentType(query)),
  stepData: (body: { fillStep: number; relatedType: RelatedType; applyId: string }) => bootCall('stepData', [body], () => requests.stepData(body)),
};

export function firstRound() {
  return Promise.all([
    ask(calls.check),
    ask(calls.supplementCheck).catch(() => null),
    ask(calls.appCommons),
    ask(calls.user),
  ]);
}

/** The second round, for the application the boot goes on with (`applyId`, of kind `relatedType`). */
export function secondRound(record: KhInfoDto, applyId: string | null, relatedType: RelatedType, handoff: boolean) {
  const payment = applyId && !handoff ? paymentTypeQuery(record, applyId, relatedType) : undefined;
  return Promise.all([
    // The identity check belongs to the account's own application.
    record.applyId ? ask(calls.ekycStatus(record.applyId)).catch(() => undefined) : undefined,
    payment ? ask(calls.paymentType(payment)).catch(() => undefined) : undefined,
    // A phone that came by the PC's QR code does the identity check only: it reads nothing else.
    handoff ? ({} as Record<string, Record<string, unknown>>) : stepPayloads(applyId, relatedType),
  ]);
}

async function stepPayloads(applyId: string | null, relatedType: RelatedType): Promise<Record<string, Record<string, unknown>>> {
  if (!applyId) return {};
  const loaded = await Promise.all(BOOT_STEPS.map(([, fillStep]) => ask(calls.stepData({ fillStep, relatedType, applyId })).catch(() => ({}))));
  return Object.fromEntries(BOOT_STEPS.map(([step], i) => [step, loaded[i]!]));
}

/**
 * Starts the boot's calls as a logged-in page loads, in the page's language: the first round, and on
 * a reload mid-flow the second round's for the application the tab was on (a phone handed over by
 * QR code guesses nothing).
 */
export function startBootCalls(language: string, search: string): void {
  setApiLanguage(language);
  for (const first of [calls.check, calls.supplementCheck, calls.appCommons, calls.user]) start(first);
  const saved = readSavedFlow();
  if (!saved?.applyId || isHandoff() || new URLSearchParams(search).get('handoff') === '1') return;
  const { applyId, relatedType } = saved;
  if (relatedType === 'INIT') start(calls.ekycStatus(applyId));
  start(calls.paymentType(paymentTypeQuery({ bankName: saved.bankName }, applyId, relatedType)));
  for (const [, fillStep] of BOOT_STEPS) start(calls.stepData({ fillStep, relatedType, applyId }));
}
