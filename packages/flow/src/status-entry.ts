// Status entry (SPEC §4): what the start page shows for the status check's answer, and its main button.
import type { FlowContext } from './context.ts';
import { guards } from './guards.ts';
import { ALL_MARKETS } from './records.ts';

export type EntryState = 'new' | 'draft' | 'rejected' | 'moreInformation' | 'rejectedFinal' | 'underReview' | 'successful' | 'myInactive' | 'supplementary';

export interface StatusEntry {
  state: EntryState;
  /** Translation key of the status label (SPEC §4 "Labels"). */
  labelKey: string;
  /** The main button: Get started, Continue or Modify; none while under review. */
  buttonKey: string | null;
  /** The successful page offers to open more markets. */
  openMoreMarkets: boolean;
}

export function statusEntry(context: FlowContext): StatusEntry {
  const more = context.openedMarkets !== ALL_MARKETS;
  if (context.mode === 'supplementary') return { state: 'supplementary', labelKey: 'flow.status.openMoreMarkets', buttonKey: 'flow.button.getStarted', openMoreMarkets: true };
  if (context.mode === 'rejected' && context.rejectionKind === 'final') return { state: 'rejectedFinal', labelKey: 'flow.status.rejectedFinal', buttonKey: 'flow.button.seeReasons', openMoreMarkets: false };
  if (context.mode === 'rejected' && context.rejectionKind === 'moreInformation')
    return { state: 'moreInformation', labelKey: 'flow.status.moreInformation', buttonKey: 'flow.button.provideInformation', openMoreMarkets: false };
  if (context.mode === 'rejected') return { state: 'rejected', labelKey: 'flow.status.rejected', buttonKey: 'flow.button.modify', openMoreMarkets: false };
  if (context.mode === 'draft') return { state: 'draft', labelKey: 'flow.status.draft', buttonKey: 'flow.button.continue', openMoreMarkets: false };
  if (guards.underReview(context)) return { state: 'underReview', labelKey: 'flow.status.underReview', buttonKey: null, openMoreMarkets: false };
  if (guards.successButMyInactive(context)) return { state: 'myInactive', labelKey: 'flow.status.myInactive', buttonKey: null, openMoreMarkets: false };
  if (guards.isSuccess(context)) return { state: 'successful', labelKey: 'flow.status.successful', buttonKey: more ? 'flow.button.openMoreMarkets' : null, openMoreMarkets: more };
  return { state: 'new', labelKey: 'flow.status.notOpened', buttonKey: 'flow.button.getStarted', openMoreMarkets: false };
}

/** Get started (new), Continue (draft), Modify (rejected). */
export const mainButtonKey = (context: FlowContext): string | null => statusEntry(context).buttonKey;
