// Tells the server, with the next page asked for, which step this tab's flow stands on when it stands
// away from the status page: a reload of that step resumes there (application.tsx), so the server must
// not send the status page drawn first; a step opened in another tab, which opens on the status page,
// still gets it drawn (apps/server/src/pages/web.ts). One cookie names each tab's step (FLOW_AWAY_COOKIE).
import { FLOW_AWAY_COOKIE, FLOW_AWAY_TAB_KEY, flowAwayValue } from '@kh/api';
import { stepByName, type StepName } from '@kh/flow';
import { cookieNamed } from './cookies.ts';

/** This tab's name, kept in the tab across its reloads; one name for every tab where the tab keeps nothing. */
function tabName(): string {
  try {
    let name = sessionStorage.getItem(FLOW_AWAY_TAB_KEY);
    if (!name) sessionStorage.setItem(FLOW_AWAY_TAB_KEY, (name = Math.random().toString(36).slice(2, 10) || 't'));
    return name;
  } catch {
    return 't';
  }
}

export function keepFlowStanding(step: StepName): void {
  const attributes = `; path=/; samesite=lax${window.location.protocol === 'https:' ? '; secure' : ''}`;
  const current = cookieNamed(document.cookie, FLOW_AWAY_COOKIE);
  const value = flowAwayValue(current, tabName(), stepByName(step).page.drawnByServer ? undefined : step);
  if (value === (current ?? '')) return;
  document.cookie = value ? `${FLOW_AWAY_COOKIE}=${value}${attributes}` : `${FLOW_AWAY_COOKIE}=${attributes}; max-age=0`;
}
