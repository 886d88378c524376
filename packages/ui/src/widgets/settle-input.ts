// What was typed but not yet handed to the form (the hand-over waits for a pause in the typing) is
// handed over now: before the app leaves the page by itself (the browser's back button), when no
// blur or submit does it first.
export const SETTLE_INPUT_EVENT = 'kh:settle-input';

export const settleTypedInput = (): void => void window.dispatchEvent(new Event(SETTLE_INPUT_EVENT));
