// The identity check (SPEC §4): the step itself (MyKad or passport), the app too old for it, the
// transit page while the provider answers, the failure with each reason, and the PC's QR hand-off.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { installBridgeDouble } from '@kh/api';
import type { FlowInput, StepName } from '@kh/flow';
import { StepPage } from '../src/ApplicationRoot.tsx';
import { StoryApplication } from './story-application.tsx';
import { withFakeApi } from './fake-api.ts';

const REASONS = ['faceMismatch', 'recognitionFailed', 'wrongIdType', 'blurry', 'noFace', 'fake', 'overexposed', 'tooFrequent', 'multipleIds', 'blacklisted', 'ageMismatch', 'highRisk', 'submissionLimit'] as const;
type Reason = (typeof REASONS)[number];

interface IdentityProps {
  step: StepName;
  nationality: 'MYS' | 'SGP';
  platform: 'app' | 'embedded' | 'pc';
  reason: Reason;
}

function Identity({ step, nationality, platform }: IdentityProps) {
  const flow: FlowInput = { nationality, platform };
  return (
    <StoryApplication key={`${step}-${nationality}-${platform}`} step={step} flow={flow} payloads={{ contact: { nationality } }}>
      <StepPage />
    </StoryApplication>
  );
}

const PENDING = { state: 'pending', isEkycSuccess: false };
const meta: Meta<typeof Identity> = {
  title: 'Screens/Identity',
  component: Identity,
  argTypes: {
    step: { table: { disable: true } },
    nationality: { control: 'inline-radio', options: ['MYS', 'SGP'], description: 'From the contact step: a MyKad, or a passport' },
    platform: { control: 'inline-radio', options: ['app', 'embedded', 'pc'], description: 'Where the flow runs: a PC hands the check over to a phone' },
    reason: { control: 'select', options: REASONS, description: "The provider's reason (failure page)" },
  },
  args: { step: 'identity', nationality: 'MYS', platform: 'embedded', reason: 'recognitionFailed' },
  parameters: {
    api: {
      '/kh/account/apply/fetch-data': {},
      '/ekyc/rest-api/ctos/fetch-ekyc-status': PENDING,
      '/ekyc/handoff': () => ({ url: 'http://127.0.0.1:8080/ekyc/handoff/7c0c2b7e-story', expiresAt: new Date(Date.now() + 5 * 60_000).toISOString() }),
    },
  },
  beforeEach: withFakeApi,
};
export default meta;
type Story = StoryObj<typeof Identity>;

const formShown = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await waitFor(() => expect(canvasElement.querySelector('form')).not.toBeNull(), { timeout: 8000 });
};

export const MyKad: Story = { play: formShown };
export const Passport: Story = { args: { nationality: 'SGP' }, play: formShown };

export const AppTooOld: Story = {
  args: { platform: 'app' },
  beforeEach: () => installBridgeDouble(window as { KhBridge?: never }, { appVersion: '4.9.0' }).uninstall,
  play: async ({ canvasElement }) => {
    // The step says why it cannot be done here, and offers the link to a browser instead.
    await expect(await within(canvasElement).findByRole('status', {}, { timeout: 8000 })).toBeVisible();
  },
};

export const Transit: Story = { args: { step: 'identityTransit' } };

export const HandOffToPhone: Story = {
  args: { step: 'chooseDevice', platform: 'pc' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.handoff-link a')).toHaveAttribute('href', expect.stringContaining('/ekyc/handoff/')), { timeout: 8000 });
  },
};

/** The failure page with the provider's reason, as the transit page left it. */
const failure = (reason: Reason): Story => ({
  args: { step: 'identityFailed', reason },
  beforeEach: ({ args }) => {
    sessionStorage.setItem('kh.identity.reason', args.reason);
    return () => sessionStorage.removeItem('kh.identity.reason');
  },
});
export const FailedFaceMismatch = failure('faceMismatch');
export const FailedRecognition = failure('recognitionFailed');
export const FailedWrongIdType = failure('wrongIdType');
export const FailedBlurry = failure('blurry');
export const FailedNoFace = failure('noFace');
export const FailedFake = failure('fake');
export const FailedOverexposed = failure('overexposed');
export const FailedTooFrequent = failure('tooFrequent');
export const FailedMultipleIds = failure('multipleIds');
export const FailedBlacklisted = failure('blacklisted');
export const FailedAgeMismatch = failure('ageMismatch');
export const FailedHighRisk = failure('highRisk');
export const FailedSubmissionLimit = failure('submissionLimit');
