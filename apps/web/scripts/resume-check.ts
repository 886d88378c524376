// The script a drawn status page runs first, before it paints (inline in its head, allowed by its hash
// in the page's CSP; the server names the step in `data-step` where some tab's flow stands on it): whether the flow standing there is this tab's, a reload, which
// resumes on the step (the app draws it, src/main.tsx); then the drawn page is never shown
// (`data-resuming` on <html> hides it). Another tab opening that step has no flow of its own and opens
// on the status page: drawn, it paints at once. The decision is @kh/api's `tabStandsOn`, written out
// small (test/resume-check.test.ts holds the two to the same answers).
import { FLOW_AWAY_COOKIE, FLOW_AWAY_ENTRY, FLOW_AWAY_TAB_KEY, RESUMING_ATTRIBUTE } from '@kh/api';

/** The check's element as the build writes it into the status pages: no step named, it does nothing. */
export const resumeCheckElement = (): string => `<script data-step="">${resumeCheckCode()}</script>`;

export function resumeCheckCode(): string {
  return [
    '// Written by apps/web/scripts/resume-check.ts: does this tab resume its flow on this drawn page\'s step?',
    '(() => {',
    '  const step = document.currentScript.dataset.step;',
    '  if (!step) return;',
    '  let tab = null;',
    `  try { tab = sessionStorage.getItem(${JSON.stringify(FLOW_AWAY_TAB_KEY)}); } catch {}`,
    `  const pair = document.cookie.split('; ').find((cookie) => cookie.startsWith(${JSON.stringify(`${FLOW_AWAY_COOKIE}=`)}));`,
    `  const entries = pair ? decodeURIComponent(pair.slice(${FLOW_AWAY_COOKIE.length + 1})).split('|') : [];`,
    `  const named = entries.every((entry) => new RegExp(${JSON.stringify(FLOW_AWAY_ENTRY.source)}).test(entry));`,
    `  if ((entries.join('') !== '' && !named) || entries.includes(tab + '.' + step)) document.documentElement.setAttribute(${JSON.stringify(RESUMING_ATTRIBUTE)}, '');`,
    '})();',
    '',
  ].join('\n');
}
