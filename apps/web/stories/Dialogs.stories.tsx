// The dialogs over a real step page (which carries its own exit dialog): the exit question (the title bar's exit) and the question for a
// market box left unticked (schema: confirmUnticked). Escape and Cancel keep the applicant where they are.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { StepName } from '@kh/flow';
import { StepPage } from '../src/ApplicationRoot.tsx';
import { StoryApplication } from './story-application.tsx';
import { withFakeApi } from './fake-api.ts';

function OverStep({ step }: { step: StepName }) {
  return (
    <StoryApplication key={step} step={step} flow={{ platform: 'embedded' }}>
      <StepPage />
    </StoryApplication>
  );
}

const meta: Meta<typeof OverStep> = {
  title: 'Screens/Dialogs',
  component: OverStep,
  argTypes: { step: { control: 'select', options: ['contact', 'market', 'personal', 'work'], description: 'The step under the dialog' } },
  parameters: { api: { '/kh/account/apply/fetch-data': {} } },
  beforeEach: withFakeApi,
};
export default meta;
type Story = StoryObj<typeof OverStep>;

const formReady = (canvasElement: HTMLElement) => waitFor(() => expect(canvasElement.querySelector('form')).not.toBeNull(), { timeout: 8000 });

export const ExitConfirmation: Story = {
  args: { step: 'personal' },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement);
    document.dispatchEvent(new Event('kh:exit'));
    const dialog = await within(canvasElement).findByRole('alertdialog');
    // The focus is in the dialog, on Confirm; Escape would cancel (ExitEscapeCancels).
    await expect(dialog.contains(document.activeElement)).toBe(true);
  },
};

export const ExitEscapeCancels: Story = {
  args: { step: 'personal' },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement);
    document.dispatchEvent(new Event('kh:exit'));
    await within(canvasElement).findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await expect(within(canvasElement).queryByRole('alertdialog')).toBeNull();
  },
};

export const MarketLeftUnticked: Story = {
  args: { step: 'market' },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement);
    const us = canvasElement.querySelector<HTMLInputElement>('input[type="checkbox"][id$="usMarket"]');
    await expect(us).not.toBeNull();
    await userEvent.click(us!);
    // MY stays ticked and asks its account type: Cash.
    await userEvent.click(canvasElement.querySelector<HTMLInputElement>('input[type="radio"][id*="myType"]')!);
    await userEvent.click(canvasElement.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    await expect(await within(canvasElement).findByRole('alertdialog', {}, { timeout: 5000 })).toBeVisible();
  },
};
