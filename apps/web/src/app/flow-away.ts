// Tells the server, with the next page asked for, whether this browser's flow stands away from the
// status page: a reload then resumes there (application.tsx), so the server must not send the status
// page drawn first (apps/server/src/pages/web.ts). A session cookie with no value worth reading.
import { FLOW_AWAY_COOKIE } from '@kh/api';
import { stepByName, type StepName } from '@kh/flow';

export function keepFlowStanding(step: StepName): void {
  const attributes = `; path=/; samesite=lax${window.location.protocol === 'https:' ? '; secure' : ''}`;
  const away = !stepByName(step).page.drawnByServer;
  if (away === document.cookie.split('; ').some((cookie) => cookie.startsWith(`${FLOW_AWAY_COOKIE}=`))) return;
  document.cookie = away ? `${FLOW_AWAY_COOKIE}=1${attributes}` : `${FLOW_AWAY_COOKIE}=${attributes}; max-age=0`;
}
