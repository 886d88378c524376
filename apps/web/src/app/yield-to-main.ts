/**
 * Ends the current task and carries on in a new one: the browser may paint and answer a tap in
 * between. A boot's work done in one piece is one long task, which blocks input for all of it.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
