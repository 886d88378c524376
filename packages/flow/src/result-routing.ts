// Result routing (SPEC §2): where an applicant goes from the result, as a pure function of the
// application record and the supplement info.
import { ALL_MARKETS, MARKET, hasMarket, type KhInfo, type SupplementInfo } from './records.ts';
import { canonicalPath, type RouteQuery } from './routes.ts';
import type { StepName } from './steps.ts';

export interface ResultRoute {
  step: StepName;
  query: RouteQuery;
  path: string;
}

const route = (step: StepName, query: RouteQuery = {}): ResultRoute => ({ step, query, path: canonicalPath(step, query) });

export function resultRoute(record: KhInfo, supplement: SupplementInfo | null, passOn: { entryCode?: string; scnl?: string } = {}): ResultRoute {
  const opened = record.opened ?? 0;
  // MY successful but the MY client code not active: the MY-abnormal page.
  if (record.success && hasMarket(opened, MARKET.MAS) && record.masClientCodeActive === false) return route('myAbnormal');
  // Succeeded but MY, or HK/US, not opened: the add-market page, passing entryCode and scnl on.
  if (record.success && opened !== ALL_MARKETS) {
    const query: RouteQuery = {};
    if (passOn.entryCode) query.entryCode = passOn.entryCode;
    if (passOn.scnl) query.scnl = passOn.scnl;
    if (supplement?.marketType && !query.entryCode) query.entryCode = String(supplement.marketType);
    return route('addMarket', query);
  }
  // All markets succeeded: the opening start.
  return route('start');
}
