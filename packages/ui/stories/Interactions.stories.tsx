// The widgets as an applicant uses them, each with a play function: the searchable select, the phone
// number, the date, the signature (and a stroke that leaves the pad), the agreements and the error
// summary. Plays find controls by role and id, never by English text, so they hold in every language.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { compile, type Field } from '@kh/engine';
import { StepForm } from '../src/index.ts';
import { compileStep, dictionaries, fakeUpload, steps, validator } from './story-data.ts';
import { realField } from './find-field.ts';

interface FormProps {
  stepId: string;
  fields?: Field[];
  onSubmit(payload: Record<string, unknown>): void;
  openDocument(id: string): void;
}

const CONTEXT = { nationality: 'MYS', markets: 19 };

function Form({ stepId, fields, onSubmit, openDocument }: FormProps) {
  // A widget on its own is its step with only that field: the real schema, rules and messages.
  const compiled = fields ? compile({ ...steps[stepId], fields }, { dictionaries, context: CONTEXT }) : compileStep(stepId, { context: CONTEXT });
  return (
    <div className="page" style={{ padding: 16 }}>
      <StepForm compiled={compiled} validator={validator} onSubmit={(payload) => onSubmit(payload)} context={{ upload: fakeUpload, documentUrl: (id) => `#document-${id}`, openDocument }} />
    </div>
  );
}

const meta: Meta<typeof Form> = {
  title: 'Interactions',
  component: Form,
  argTypes: {
    stepId: { table: { disable: true } },
    fields: { table: { disable: true } },
  },
  args: { onSubmit: fn(), openDocument: fn() },
};
export default meta;
type Story = StoryObj<typeof Form>;

const submit = (canvasElement: HTMLElement) => userEvent.click(canvasElement.querySelector<HTMLButtonElement>('button[type="submit"]')!);
const errorOf = (canvasElement: HTMLElement, id: string) => canvasElement.querySelector(`#root_${id}`)?.closest('.field')?.querySelector('.field__error');

export const SearchableSelect: Story = {
  args: { stepId: 'personal', fields: [realField('personal', 'nationality')] },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const input = page.getByRole('combobox');
    await userEvent.click(input);
    const all = await page.findAllByRole('option');
    const wanted = all[2].textContent!.trim();
    // Typing part of a name narrows the list to the names that match.
    await userEvent.clear(input);
    await userEvent.type(input, wanted.slice(0, 4));
    const narrowed = await page.findAllByRole('option');
    await expect(narrowed.length).toBeLessThan(all.length);
    await userEvent.click(narrowed.find((o) => o.textContent!.trim() === wanted)!);
    await expect(input).toHaveValue(wanted);
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await submit(canvasElement);
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ nationalityCode: expect.any(String) })));
  },
};

export const PhoneNumber: Story = {
  args: { stepId: 'contact', fields: [realField('contact', 'areaCode'), realField('contact', 'mobile')] },
  play: async ({ canvasElement, args }) => {
    const mobile = canvasElement.querySelector<HTMLInputElement>('#root_mobile')!;
    await userEvent.type(mobile, '12');
    await userEvent.tab();
    // Too short for a Malaysian mobile: said at the field once it is left.
    await waitFor(() => expect(errorOf(canvasElement, 'mobile')).toBeTruthy());
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '123456789');
    await userEvent.tab();
    await waitFor(() => expect(errorOf(canvasElement, 'mobile')).toBeFalsy());
    await submit(canvasElement);
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ mobile: '123456789' })));
  },
};

export const DateOfBirth: Story = {
  args: { stepId: 'personal', fields: [realField('personal', 'birthDate')] },
  play: async ({ canvasElement, args }) => {
    const [day, month, year] = ['#root_birthDate', '#root_birthDate-month', '#root_birthDate-year'].map((id) => canvasElement.querySelector<HTMLInputElement>(id)!);
    // 31 February does not exist.
    await userEvent.type(day, '31');
    await userEvent.type(month, '2');
    await userEvent.type(year, '1990');
    await userEvent.tab();
    await submit(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('.date')?.closest('.field')?.querySelector('.field__error')).toBeTruthy());
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(day);
    await userEvent.type(day, '28');
    await submit(canvasElement);
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ birthDate: '1990-02-28' })));
  },
};

/** A stroke on the pad, in pad coordinates; `leave` lifts nothing and walks off the pad instead. */
function stroke(canvas: HTMLCanvasElement, leave = false) {
  const box = canvas.getBoundingClientRect();
  const at = (x: number, y: number, type: string, buttons: number) =>
    canvas.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 1, isPrimary: true, pointerType: 'mouse', button: 0, buttons, clientX: box.left + x, clientY: box.top + y }));
  at(20, 40, 'pointerdown', 1);
  for (let x = 30; x < 200; x += 10) at(x, 40 + ((x / 10) % 2) * 30, 'pointermove', 1);
  if (leave) at(box.width + 10, 60, 'pointerleave', 1);
  else at(200, 60, 'pointerup', 0);
}

/**
 * Strokes the pad until `shown` holds: signature_pad loads with the widget, so the first strokes can
 * land before it listens.
 */
const strokeUntil = (canvasElement: HTMLElement, leave: boolean, shown: () => void) =>
  waitFor(
    () => {
      const canvas = canvasElement.querySelector<HTMLCanvasElement>('canvas.signature__pad');
      if (!canvas) throw new Error('no signature pad');
      stroke(canvas, leave);
      shown();
    },
    { timeout: 5000, interval: 250 },
  );

export const SignatureDrawn: Story = {
  args: { stepId: 'signature', fields: [realField('signature', 'signature')] },
  // A drawn signature can be saved.
  play: ({ canvasElement }) => strokeUntil(canvasElement, false, () => expect(canvasElement.querySelector('.signature--drawn')).toBeTruthy()),
};

export const SignatureOutOfBounds: Story = {
  args: { stepId: 'signature', fields: [realField('signature', 'signature')] },
  // The stroke left the pad: the applicant is told, and the signature cannot be saved as it is.
  play: ({ canvasElement }) => strokeUntil(canvasElement, true, () => expect(within(canvasElement).getByRole('alert')).toBeVisible()),
};

export const Agreements: Story = {
  args: { stepId: 'agreement', fields: [realField('agreement', 'documents')] },
  play: async ({ canvasElement, args }) => {
    const links = canvasElement.querySelectorAll<HTMLAnchorElement>('.agreements__link');
    await expect(links.length).toBeGreaterThan(0);
    // Each agreement opens in the app's PDF viewer, not a new tab.
    await userEvent.click(links[0]);
    await expect(args.openDocument).toHaveBeenCalledTimes(1);
  },
};

export const ErrorSummary: Story = {
  args: { stepId: 'personal' },
  play: async ({ canvasElement, args }) => {
    await submit(canvasElement);
    const summary = await within(canvasElement).findByRole('alert');
    // The summary takes the focus, so a screen reader reads it; each entry leads to its field.
    // (After a frame: on a loaded machine the check's default second was not always enough.)
    await waitFor(() => expect(summary).toHaveFocus(), { timeout: 5000 });
    const first = summary.querySelector<HTMLAnchorElement>('a')!;
    await userEvent.click(first);
    await expect(document.activeElement?.id).toBe(first.getAttribute('href')!.slice(1));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
