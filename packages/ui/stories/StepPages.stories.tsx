// Every step page rendered from the real schemas in schemas/, in the toolbar's language.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { stepByName, type StepName } from '@kh/flow';
import { useTranslation } from 'react-i18next';
import { PageLayout, StepForm } from '../src/index.ts';
import { compileStep, fakeUpload, validator } from './story-data.ts';

function StepPage({ step, context = {} }: { step: StepName; context?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const info = stepByName(step);
  const compiled = compileStep(step, { context: { nationality: 'MYS', markets: 19, ...context } });
  return (
    <PageLayout layout={info.layout} title={t(info.titleKey)} percent={info.percent} onBack={() => {}} onExit={() => {}}>
      <StepForm compiled={compiled} validator={validator} context={{ upload: fakeUpload, documentUrl: (id) => `#document-${id}` }} />
    </PageLayout>
  );
}

const meta: Meta<typeof StepPage> = { title: 'Step pages', component: StepPage };
export default meta;
type Story = StoryObj<typeof StepPage>;

export const Contact: Story = { args: { step: 'contact' } };
export const Market: Story = { args: { step: 'market' } };
export const Identity: Story = { args: { step: 'identity' } };
export const Personal: Story = { args: { step: 'personal' } };
export const Work: Story = { args: { step: 'work', context: { maritalStatus: 2 } } };
export const Financial: Story = { args: { step: 'financial' } };
export const Investment: Story = { args: { step: 'investment' } };
export const Tax: Story = { args: { step: 'tax' } };
export const Declaration: Story = { args: { step: 'declaration' } };
export const Agreement: Story = { args: { step: 'agreement' } };
export const Signature: Story = { args: { step: 'signature' } };
export const Payment: Story = { args: { step: 'payment' } };
export const DocumentUpload: Story = { args: { step: 'documentUpload' } };
