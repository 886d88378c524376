// What an applicant does on a drawn page before the app has taken it over (its scripts come once the
// page has painted): the text typed and the options chosen stay in the drawn fields, and the
// after-paint script (scripts/prerender.ts) holds the clicks on its buttons. Once the app's first page
// is committed, the fields are handed to React as if changed then, and the held clicks are done, in
// that order.

declare global {
  interface Window {
    /** Set by the after-paint script: stops holding clicks and returns the buttons clicked meanwhile. */
    khReleaseClicks?: () => HTMLElement[];
  }
}

/**
 * What the applicant typed or chose in the drawn page's fields, by field id: the text of a text field
 * whose value is not the one React gave it (its default), the value of a select whose option is not
 * the one drawn selected.
 */
export type TypedFields = Record<string, { text: string } | { choice: string }>;

export function typedFields(root: HTMLElement): TypedFields {
  const typed: TypedFields = {};
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]'))
    if (field.type !== 'checkbox' && field.type !== 'radio' && field.value !== field.defaultValue) typed[field.id] = { text: field.value };
  for (const select of root.querySelectorAll<HTMLSelectElement>('select[id]')) if (chosenAway(select)) typed[select.id] = { choice: select.value };
  return typed;
}

const chosenAway = (select: HTMLSelectElement) => !!select.selectedOptions[0] && !select.selectedOptions[0].defaultSelected && [...select.options].some((option) => option.defaultSelected);

const nativeValue = {
  input: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!,
  textarea: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!,
};

/**
 * Hands the typed text to the app's fields and, in the next task (once React has rendered that text,
 * which the buttons' handlers read), does the held clicks.
 */
export function replayEarlyInput(typed: TypedFields): void {
  for (const [id, input] of Object.entries(typed)) {
    const field = document.getElementById(id);
    if (field instanceof HTMLSelectElement && 'choice' in input) {
      // React reads a select's change from the event alone: told of it, it takes the option shown. A
      // hydrated select shows the choice already (React left it), a select drawn anew may not.
      const differs = field.value !== input.choice || chosenAway(field);
      field.value = input.choice;
      if (differs) field.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !('text' in input)) continue;
    // React notices a change by comparing the value it last saw (kept by its own `value` setter) with
    // the field's: it is told the field was empty, and the text goes in past it.
    field.value = '';
    nativeValue[field instanceof HTMLInputElement ? 'input' : 'textarea'].call(field, input.text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const clicked = stopHoldingClicks();
  if (clicked.length) setTimeout(() => clicked.map(counterpart).forEach((button) => button?.click()));
}

/**
 * The button itself if the app took it over, else the app's own button that looks and reads the same
 * (a page the app drew anew); none if the app's first page has no such button.
 */
function counterpart(button: HTMLElement): HTMLElement | undefined {
  if (button.isConnected) return button;
  return [...document.querySelectorAll<HTMLElement>('#root button')].find((candidate) => candidate.className === button.className && candidate.textContent === button.textContent);
}

/** Clicks go to the app from now on: the buttons clicked on the drawn page meanwhile (none where it was never shown, a tab resuming its flow). */
export function stopHoldingClicks(): HTMLElement[] {
  const clicked = window.khReleaseClicks?.() ?? [];
  delete window.khReleaseClicks;
  return clicked;
}
