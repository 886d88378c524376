// What the applicant sees around the steps: the rejection, the result of a submit, the MY-abnormal
// page, the add-market page, the agreement PDF and the not-found page. The real pages, each on a real
// flow machine at its state; the API double answers what they ask.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MARKET, type FlowInput, type StepName } from '@kh/flow';
import type { KhInfoDto } from '@kh/api';
import { StepPage } from '../src/ApplicationRoot.tsx';
import { NotFoundPage } from '../src/pages/NotFoundPage.tsx';
import { StoryApplication } from './story-application.tsx';
import agreementPdf from './fixtures/agreement.pdf?url';
import { neverAnswered, Refusal, withFakeApi } from './fake-api.ts';

interface ScreenProps {
  step: StepName;
  flow: FlowInput;
  record: Partial<KhInfoDto>;
  relatedType: 'INIT' | 'SUPPLEMENT';
}

function Screen({ step, flow, record, relatedType }: ScreenProps) {
  return (
    <StoryApplication key={`${step}-${relatedType}`} step={step} flow={flow} record={record} relatedType={relatedType}>
      <StepPage />
    </StoryApplication>
  );
}

const hidden = { table: { disable: true } } as const;
const meta: Meta<typeof Screen> = {
  title: 'Screens/Outcomes',
  component: Screen,
  // A screen is its state: the machine's step and the records are the story's, not a control.
  argTypes: { step: hidden, flow: hidden, record: hidden, relatedType: { control: 'inline-radio', options: ['INIT', 'SUPPLEMENT'], description: 'A new account or an added market' } },
  args: { flow: {}, record: {}, relatedType: 'INIT' },
  beforeEach: withFakeApi,
};
export default meta;
type Story = StoryObj<typeof Screen>;

const settled = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await expect(await within(canvasElement).findByRole('heading', { level: 1 }, { timeout: 8000 })).toBeVisible();
};

export const Rejection: Story = {
  args: {
    step: 'rejection',
    flow: { mode: 'rejected', status: 5, rejectedItems: [{ code: 2003, field: 'address' }, { code: 2005, field: 'bankStatement' }] },
    record: { status: 5, rejectedReason: '2003-address,2005-bankStatement', rejectionNote: 'The bank statement must show your name and be dated within the last 3 months.' },
  },
  play: async ({ canvasElement }) => {
    // The reasons arrive with their dictionary: two of them, named.
    await expect(await within(canvasElement).findAllByRole('listitem')).toHaveLength(2);
  },
};

export const ResultSubmitting: Story = { args: { step: 'result', flow: { status: 1 } }, parameters: { api: { '/kh/account/apply/check': neverAnswered } } };

export const ResultSubmitted: Story = {
  args: { step: 'result', flow: { status: 1 } },
  parameters: { api: { '/kh/account/apply/check': { success: false, status: 2, exist: true, fillStep: null, applyId: 'story-application' } } },
  play: settled,
};

export const ResultAccountOpened: Story = {
  args: { step: 'result', flow: { status: 1 } },
  parameters: { api: { '/kh/account/apply/check': { success: true, status: 4, exist: true, fillStep: null, applyId: 'story-application', opened: MARKET.MAS + MARKET.HK } } },
  play: settled,
};

export const ResultSubmitFailed: Story = {
  args: { step: 'result', flow: { status: 1 } },
  parameters: { api: { '/kh/account/apply/check': new Refusal(503, '503', 'Service unavailable') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, { timeout: 8000 })).toBeVisible();
  },
};

export const MyAbnormal: Story = {
  args: { step: 'myAbnormal', flow: { status: 4, openedMarkets: MARKET.MAS, masClientCodeActive: false } },
  parameters: { api: { '/pdp/dict/app-config/app/urls/multiple-value': { liveChat: 'https://example.com/live-chat' } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link')).toHaveAttribute('href', 'https://example.com/live-chat');
  },
};

export const AddMarket: Story = {
  args: { step: 'addMarket', flow: { mode: 'supplementary', status: 4, openedMarkets: MARKET.MAS }, record: { status: 4, opened: MARKET.MAS } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    // MY is open already: HK and US are offered, and Next waits for a choice.
    await waitFor(() => expect(page.getAllByRole('checkbox')).toHaveLength(2));
    const next = canvasElement.querySelector<HTMLButtonElement>('.button--main')!;
    await expect(next).toBeDisabled();
    await userEvent.click(page.getAllByRole('checkbox')[0]);
    await expect(next).toBeEnabled();
  },
};

export const AgreementPdf: Story = {
  args: { step: 'pdf' },
  // The legal document the server renders (apps/server/src/documents/legal-pdf.ts), saved as a fixture.
  parameters: { api: { '/pdp/doc/6/contentV2': () => fetch(agreementPdf) } },
  play: async ({ canvasElement }) => {
    // Drawn page by page: a canvas per page, its text beside it for screen readers.
    await waitFor(() => expect(canvasElement.querySelector('.pdf-viewer')).toHaveAttribute('data-state', 'ready'), { timeout: 8000 });
    await expect(canvasElement.querySelectorAll('canvas').length).toBeGreaterThan(0);
  },
};

export const NotFound: StoryObj<typeof NotFoundPage> = {
  render: (args) => <NotFoundPage {...args} />,
  argTypes: { networkError: { control: 'boolean', description: 'A page that could not load its data, rather than an unknown address' } },
  args: { networkError: false },
};
export const NetworkError: StoryObj<typeof NotFoundPage> = { ...NotFound, args: { networkError: true } };
