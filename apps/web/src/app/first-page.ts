// The moment the application first shows a page of its own (a step, the login, a failure): a page
// the server sent drawn for a logged-in applicant (their status page) stays on screen until then,
// and gives way to it (main.tsx), never to a loading screen in between.
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
