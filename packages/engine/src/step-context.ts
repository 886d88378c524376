// The context a step's rules read (nationality, marital status, markets…), derived from the payloads
// already saved: the server and the browser derive it the same way.
import type { StepContext } from './rules.ts';

type Payloads = Record<string, Record<string, unknown> | undefined>;

/** The markets ticked on the market step, as bit flags (HK 1, US 2, MAS 16). */
export const marketBits = (market: Record<string, unknown> | undefined): number =>
  (market?.myMarket ? 16 : 0) + (market?.hkMarket ? 1 : 0) + (market?.usMarket ? 2 : 0);

/** The steps whose saved answers the context is made of: all a save needs read of the others. */
export const CONTEXT_STEP_IDS = ['contact', 'personal', 'market', 'financial'] as const;

export function contextFromPayloads(payloads: Payloads, application: { market: number; opened: number; status: number; relatedType: string }): StepContext {
  const contact = payloads.contact ?? {};
  const personal = payloads.personal ?? {};
  const market = payloads.market ?? {};
  const financial = payloads.financial ?? {};
  const myType = typeof market.myType === 'number' ? market.myType : undefined;
  return {
    nationality: (personal.nationalityCode ?? contact.nationalityCode) as string | undefined,
    identityType: personal.identityKind as number | undefined,
    maritalStatus: personal.maritalStatus as number | undefined,
    // The saved market step is newer than a record read before it was saved.
    markets: marketBits(market) || application.market,
    openedMarkets: application.opened,
    islamic: myType === 2 || financial.isIslamicBank === true,
    accountType: myType,
    mode: application.status === 5 ? 'rejected' : application.relatedType === 'SUPPLEMENT' ? 'supplementary' : application.status === 1 ? 'draft' : 'new',
  };
}
