// Payment (SPEC §4): RM 11 through the gateway, the transit page while it answers, and the failure.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MARKET, type StepName } from '@kh/flow';
import { StepPage } from '../src/ApplicationRoot.tsx';
import { StoryApplication } from './story-application.tsx';
import { withFakeApi } from './fake-api.ts';
import { expect, waitFor, within } from 'storybook/test';

function Payment({ step, addingMarket }: { step: StepName; addingMarket: boolean }) {
  return (
    <StoryApplication
      key={`${step}-${addingMarket}`}
      step={step}
      flow={addingMarket ? { mode: 'supplementary', status: 4, openedMarkets: MARKET.HK + MARKET.US, addingMarkets: MARKET.MAS } : {}}
      relatedType={addingMarket ? 'SUPPLEMENT' : 'INIT'}
    >
      <StepPage />
    </StoryApplication>
  );
}

const meta: Meta<typeof Payment> = {
  title: 'Screens/Payment',
  component: Payment,
  argTypes: {
    step: { table: { disable: true } },
    addingMarket: { control: 'boolean', description: 'Adding MY to an account that has HK and US' },
  },
  args: { step: 'payment', addingMarket: false },
  // The start page is the payment step's document (its published version's texts): it reads the step as every form step does.
  parameters: { api: { '/money/payment/ghl/queryPay': { result: { payStatus: 2 } }, '/kh/account/apply/fetch-data': {} } },
  beforeEach: withFakeApi,
};
export default meta;
type Story = StoryObj<typeof Payment>;

const payShown = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await waitFor(() => expect(within(canvasElement).getByRole('button', { name: /^(Pay now|立即付款)$/ })).toBeTruthy(), { timeout: 8000 });
};

export const Start: Story = { play: payShown };
export const AddingMalaysia: Story = { args: { addingMarket: true }, play: payShown };
export const Transit: Story = { args: { step: 'paymentTransit' } };
export const Failed: Story = { args: { step: 'paymentFailed' } };
