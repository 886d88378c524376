// What an applicant does on a drawn page before the app has taken it over (its scripts come once the
// page has painted): the text typed stays in the drawn fields, and the after-paint script
// (scripts/prerender.ts) holds the clicks on its buttons. Once the app's first page is committed, the
// text is handed to React as if typed then, and the held clicks are done, in that order.

declare global {
  interface Window {
    /** Set by the after-paint script: stops holding clicks and returns the buttons clicked meanwhile. */
    khReleaseClicks?: () => HTMLElement[];
  }
}

/** The text typed into the drawn page's fields, by field id (the value React gave it is its default). */
export type TypedFields = Record<string, string>;

export function typedFields(root: HTMLElement): TypedFields {
  const typed: TypedFields = {};
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]'))
    if (field.type !== 'checkbox' && field.type !== 'radio' && field.value !== field.defaultValue) typed[field.id] = field.value;
  return typed;
}

const nativeValue = {
  input: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!,
  textarea: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!,
};

/**
 * Hands the typed text to the app's fields and, in the next task (once React has rendered that text,
 * which the buttons' handlers read), does the held clicks on the buttons still on the page.
 */
export function replayEarlyInput(typed: TypedFields): void {
  for (const [id, text] of Object.entries(typed)) {
    const field = document.getElementById(id);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    // React notices a change by comparing the value it last saw (kept by its own `value` setter) with
    // the field's: it is told the field was empty, and the text goes in past it.
    field.value = '';
    nativeValue[field instanceof HTMLInputElement ? 'input' : 'textarea'].call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const clicked = window.khReleaseClicks?.() ?? [];
  delete window.khReleaseClicks;
  if (clicked.length) setTimeout(() => clicked.filter((button) => button.isConnected).forEach((button) => button.click()));
}
