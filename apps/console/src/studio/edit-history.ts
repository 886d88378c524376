// The studio's one undo history over the tree, the form, the texts and the JSON: each is an edit of
// one value (the document's text and its translations), so undoing steps back through all of them in
// the order they were made. Typing is one step per pause, not one per key.

/** How long a pause in typing ends one undo step. */
export const TYPING_PAUSE_MS = 800;
/** Steps kept; the oldest go first. */
export const HISTORY_LIMIT = 200;

export interface EditHistory<T> {
  past: T[];
  future: T[];
  /** The last edit's source and time, to join keystrokes of one burst. */
  last?: { source: string; at: number };
}

export const emptyHistory = <T>(): EditHistory<T> => ({ past: [], future: [] });

/**
 * Records that `before` is about to be replaced. Keystrokes from the same source within the pause
 * join the step already open; anything else starts a step, and any new edit drops the redo steps.
 */
export function recorded<T>(history: EditHistory<T>, before: T, source: string, typing: boolean, now: number): EditHistory<T> {
  const joins = typing && history.last?.source === source && now - history.last.at < TYPING_PAUSE_MS;
  const past = joins ? history.past : [...history.past, before].slice(-HISTORY_LIMIT);
  return { past, future: [], last: typing ? { source, at: now } : undefined };
}

/** The value to show on undo, with the history after it; undefined when there is nothing to undo. */
export function undone<T>(history: EditHistory<T>, current: T): { value: T; history: EditHistory<T> } | undefined {
  const value = history.past.at(-1);
  if (value === undefined) return undefined;
  return { value, history: { past: history.past.slice(0, -1), future: [current, ...history.future] } };
}

export function redone<T>(history: EditHistory<T>, current: T): { value: T; history: EditHistory<T> } | undefined {
  const [value, ...future] = history.future;
  if (value === undefined) return undefined;
  return { value, history: { past: [...history.past, current], future } };
}
