// Every form step rendered from the real schemas in schemas/, in the toolbar's language, for the
// context chosen in the controls. (The identity and payment steps are pages of their own: see
// Screens/Identity and Screens/Payment, which render the app's real components.)
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MARKET, stepByName, type StepName } from '@kh/flow';
import { useTranslation } from 'react-i18next';
import { PageLayout, StepForm } from '../src/index.ts';
import { compileStep, fakeUpload, validator } from './story-data.ts';

const MARKETS = { 'MY, HK and US': MARKET.MAS + MARKET.HK + MARKET.US, 'MY only': MARKET.MAS, 'HK only': MARKET.HK, 'HK and US': MARKET.HK + MARKET.US };
const MARITAL = { single: 1, married: 2 };

interface StepPageProps {
  step: StepName;
  nationality: 'MYS' | 'SGP' | 'CHN';
  markets: keyof typeof MARKETS;
  maritalStatus: keyof typeof MARITAL;
  mode: 'new' | 'supplementary';
}

function StepPage({ step, nationality, markets, maritalStatus, mode }: StepPageProps) {
  const { t } = useTranslation();
  const info = stepByName(step);
  const compiled = compileStep(step, { context: { nationality, markets: MARKETS[markets], maritalStatus: MARITAL[maritalStatus], mode } });
  return (
    <PageLayout key={`${nationality}-${markets}-${maritalStatus}-${mode}`} layout={info.layout} title={t(info.titleKey)} percent={info.percent} onBack={() => {}} onExit={() => {}}>
      <StepForm compiled={compiled} validator={validator} context={{ upload: fakeUpload, documentUrl: (id) => `#document-${id}` }} />
    </PageLayout>
  );
}

const meta: Meta<typeof StepPage> = {
  title: 'Step pages',
  component: StepPage,
  argTypes: {
    step: { table: { disable: true } },
    nationality: { control: 'inline-radio', options: ['MYS', 'SGP', 'CHN'], description: 'Context: the nationality from the contact step' },
    markets: { control: 'select', options: Object.keys(MARKETS), description: 'Context: the markets being opened' },
    maritalStatus: { control: 'inline-radio', options: Object.keys(MARITAL), description: 'Context: from the personal step (the work step asks about a spouse)' },
    mode: { control: 'inline-radio', options: ['new', 'supplementary'], description: 'Context: a new account, or a market added to one' },
  },
  args: { nationality: 'MYS', markets: 'MY, HK and US', maritalStatus: 'single', mode: 'new' },
};
export default meta;
type Story = StoryObj<typeof StepPage>;

export const Contact: Story = { args: { step: 'contact' } };
export const Market: Story = { args: { step: 'market' } };
export const Personal: Story = { args: { step: 'personal' } };
export const PersonalNonMalaysian: Story = { args: { step: 'personal', nationality: 'SGP' } };
export const Work: Story = { args: { step: 'work', maritalStatus: 'married' } };
export const Financial: Story = { args: { step: 'financial' } };
export const Investment: Story = { args: { step: 'investment' } };
export const Tax: Story = { args: { step: 'tax' } };
export const TaxHongKongOnly: Story = { args: { step: 'tax', markets: 'HK only' } };
export const Declaration: Story = { args: { step: 'declaration' } };
export const Agreement: Story = { args: { step: 'agreement' } };
export const AgreementAddingHkUs: Story = { args: { step: 'agreement', markets: 'HK and US', mode: 'supplementary' } };
export const Signature: Story = { args: { step: 'signature' } };
export const DocumentUpload: Story = { args: { step: 'documentUpload' } };
