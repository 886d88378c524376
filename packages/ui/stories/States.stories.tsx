// The states designers review on a whole step: rejection mode (locked and editable fields), a
// non-Malaysian applicant, long real-world values, and an upload in progress, failed and stored.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { stepByName, type StepName } from '@kh/flow';
import type { FormData } from '@kh/engine';
import { useTranslation } from 'react-i18next';
import { PageLayout, StepForm } from '../src/index.ts';
import { compileStep, fakeUpload, validator } from './story-data.ts';

type Upload = (file: File, onProgress: (percent: number) => void) => Promise<{ filepath: string; originalFilename: string }>;
const UPLOADS: Record<string, Upload> = {
  succeeds: fakeUpload,
  // Stops at 55%: the request is still on its way.
  stalls: (_file, onProgress) => (onProgress(55), new Promise(() => undefined)),
  fails: async (_file, onProgress) => {
    onProgress(20);
    throw new Error('network');
  },
};

interface StateProps {
  step: StepName;
  nationality: 'MYS' | 'SGP';
  mode: 'new' | 'rejected';
  rejected: string[];
  upload: keyof typeof UPLOADS;
  filled?: FormData;
  showErrors: boolean;
}

function StepInState({ step, nationality, mode, rejected, upload, filled, showErrors }: StateProps) {
  const { t } = useTranslation();
  const info = stepByName(step);
  const compiled = compileStep(step, { context: { nationality, markets: 19, mode }, rejectedItems: mode === 'rejected' ? rejected : [] });
  return (
    <PageLayout key={`${step}-${nationality}-${mode}-${rejected.join()}`} layout={info.layout} title={t(info.titleKey)} percent={info.percent} onBack={() => {}} onExit={() => {}}>
      <StepForm compiled={compiled} validator={validator} initialData={filled} showAllErrors={showErrors} context={{ upload: UPLOADS[upload], documentUrl: (id) => `#document-${id}` }} />
    </PageLayout>
  );
}

const meta: Meta<typeof StepInState> = {
  title: 'States',
  component: StepInState,
  argTypes: {
    step: { control: 'select', options: ['personal', 'work', 'financial', 'tax', 'documentUpload'], description: 'The step' },
    nationality: { control: 'inline-radio', options: ['MYS', 'SGP'], description: 'Context: the nationality given on the contact step' },
    mode: { control: 'inline-radio', options: ['new', 'rejected'], description: 'Context: a new application, or one a reviewer rejected' },
    rejected: { control: 'check', options: ['name', 'idDocument', 'address', 'incomeProof', 'employment', 'bankStatement', 'bankAccount', 'tax'], description: 'Rejected items: only these fields can be edited' },
    upload: { control: 'inline-radio', options: Object.keys(UPLOADS), description: 'What the upload of a chosen file does' },
    showErrors: { control: 'boolean', description: 'Every error shown, as after a refused submit' },
    filled: { table: { disable: true } },
  },
  args: { step: 'personal', nationality: 'MYS', mode: 'new', rejected: [], upload: 'succeeds', showErrors: false },
};
export default meta;
type Story = StoryObj<typeof StepInState>;

const MALAYSIAN: FormData = {
  documentName: 'Nur Aisyah Binti Muhammad Hafiz Abdul Rahman Al-Haddad',
  nationality: 'MYS',
  identityType: 106,
  nricNumber: '900101-14-5678',
  gender: 2,
  birthDate: '1990-01-01',
  regCountry: 'MYS',
  regPostcode: '50450',
  regState: '14',
  regTown: 'Kuala Lumpur',
  regLine1: 'Lot 1234, Jalan Sultan Ismail,',
  regLine2: 'Taman Bukit Bintang Indah 2',
};

export const RejectedAddressOnly: Story = {
  args: { mode: 'rejected', rejected: ['address'], filled: MALAYSIAN },
  play: async ({ canvasElement }) => {
    // The address is editable; the name, which was not rejected, is locked.
    await expect(canvasElement.querySelector('#root_regLine1')).not.toHaveAttribute('readonly');
    await expect(canvasElement.querySelector('#root_documentName')).toHaveAttribute('readonly');
  },
};
export const NonMalaysian: Story = { args: { nationality: 'SGP', filled: { nationality: 'SGP', identityType: 102 } } };
export const LongMalayNameAndAddress: Story = {
  args: { filled: MALAYSIAN },
  play: async ({ canvasElement }) => {
    // A 30-character address line and a long name fit: nothing overflows the phone's width.
    await expect(MALAYSIAN.regLine1).toHaveLength(30);
    const overflowing = [...canvasElement.querySelectorAll<HTMLElement>('input, .field__label')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1);
    await expect(overflowing).toEqual([]);
  },
};

const chooseFile = async (canvasElement: HTMLElement) => {
  const input = await waitFor(() => {
    const found = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no upload field');
    return found;
  });
  await userEvent.upload(input, new File(['%PDF-1.4 story'], 'statement.pdf', { type: 'application/pdf' }));
};
const uploadState = (canvasElement: HTMLElement) => canvasElement.querySelector('.upload')?.getAttribute('data-state');

export const UploadInProgress: Story = {
  args: { step: 'financial', upload: 'stalls' },
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement);
    await waitFor(() => expect(uploadState(canvasElement)).toBe('uploading'));
    await expect(canvasElement.querySelector('.upload progress')).toHaveAttribute('value', '55');
  },
};
export const UploadFailed: Story = {
  args: { step: 'financial', upload: 'fails' },
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement);
    await waitFor(() => expect(uploadState(canvasElement)).toBe('failed'));
  },
};
export const UploadStored: Story = {
  args: { step: 'financial', upload: 'succeeds' },
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement);
    await waitFor(() => expect(uploadState(canvasElement)).toBe('done'), { timeout: 3000 });
  },
};
