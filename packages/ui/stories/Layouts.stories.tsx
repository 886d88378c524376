// The layouts of SPEC §2, the exit dialog and the toasts.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createToastStore } from '@kh/api';
import { useTranslation } from 'react-i18next';
import { ExitDialog, PageLayout, Toasts } from '../src/index.ts';

function Demo({ layout }: { layout: 'Pure' | 'Default' | 'Gradient' | 'GWhite' | 'BackNav' }) {
  const { t } = useTranslation();
  return (
    <PageLayout layout={layout} title={t('step.personal.title')} percent={25} onBack={() => {}} onExit={() => {}} actions={<button className="button">{t('common.next')}</button>}>
      <p>{t('common.processingTime')}</p>
    </PageLayout>
  );
}

const meta: Meta<typeof Demo> = {
  title: 'Layouts',
  component: Demo,
  argTypes: { layout: { control: 'inline-radio', options: ['Default', 'Pure', 'Gradient', 'GWhite', 'BackNav'], description: 'The layout of SPEC §2' } },
};
export default meta;
type Story = StoryObj<typeof Demo>;

export const Default: Story = { args: { layout: 'Default' } };
export const Pure: Story = { args: { layout: 'Pure' } };
export const Gradient: Story = { args: { layout: 'Gradient' } };
export const GWhite: Story = { args: { layout: 'GWhite' } };
export const BackNav: Story = { args: { layout: 'BackNav' } };

export const ExitConfirmation: Story = {
  render: () => (
    <>
      <Demo layout="Default" />
      <ExitDialog open onConfirm={() => {}} onCancel={() => {}} />
    </>
  ),
};

const store = createToastStore({ durationMs: 60 * 60_000 });
store.show({ kind: 'error', messageKey: 'errors.network' });
store.show({ kind: 'loading', messageKey: 'flow.toast.saving' });
export const ToastsAndLoading: Story = {
  render: () => (
    <>
      <Demo layout="Default" />
      <Toasts store={store} />
    </>
  ),
};
