// The moment the application first shows a page of its own (a step, the login, a failure): a page
// the server sent drawn for a logged-in applicant (their status page) stays on screen until then,
// and gives way to it (main.tsx), never to a loading screen in between.
import { yieldToMain } from './yield-to-main.ts';

let shown = false;
const waiting: (() => void)[] = [];

export function whenFirstPageShown(callback: () => void): void {
  if (shown) callback();
  else waiting.push(callback);
}

/** Called once the first page is committed (a layout effect: before the browser paints it). */
export function firstPageShown(): void {
  if (shown) return;
  shown = true;
  for (const callback of waiting.splice(0)) callback();
}

let behindDrawnPage = false;
/** The application boots out of sight, behind a page the server drew (main.tsx). */
export function bootingBehindDrawnPage(): void {
  behindDrawnPage = true;
}

/**
 * Between two pieces of the boot: behind a drawn page, a task boundary (a tap on the page is answered
 * in between, and no long task blocks it); with nothing on screen the boot goes straight on, since
 * the first paint waits for it (yielding let other work in first: a reload's paint came later).
 */
export const betweenBootPieces = (): Promise<void> => (behindDrawnPage && !shown ? yieldToMain() : Promise.resolve());
