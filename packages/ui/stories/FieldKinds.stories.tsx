// Every field kind of SPEC §3 in its states: empty, filled, error and read-only (rejection mode).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AllStates } from './Field.tsx';
import { realField } from './find-field.ts';

const meta: Meta<typeof AllStates> = { title: 'Field kinds', component: AllStates,
  // The field is the story (its real schema); what it holds in each state is the story's too.
  argTypes: { field: { table: { disable: true } }, filled: { table: { disable: true } } },
};
export default meta;
type Story = StoryObj<typeof AllStates>;

export const Header: Story = { args: { field: realField('contact', 'intro'), filled: {} } };
export const Card: Story = { args: { field: realField('personal', 'registeredAddress'), filled: { regCountry: 'MYS', regPostcode: '50450', regState: '14', regTown: 'Kuala Lumpur', regLine1: 'No 12, Jalan Ampang' } } };
export const CardGroup: Story = {
  args: {
    field: { id: 'group', kind: 'CardGroup', labelKey: 'field.work.income.label', children: [realField('work', 'annualIncome'), realField('work', 'estimatedNetWorth')] },
    filled: { annualIncome: 2, estimatedNetWorth: 1 },
  },
};
export const Input: Story = { args: { field: realField('contact', 'username'), filled: { username: 'ali2026' } } };
export const Select: Story = { args: { field: realField('personal', 'maritalStatus'), filled: { maritalStatus: 2 } } };
export const Radio: Story = { args: { field: realField('personal', 'gender'), filled: { gender: 2 } } };
export const Custom: Story = { args: { field: realField('work', 'incomeProof'), filled: { incomeProof: 'uploads/story/payslip.pdf' } } };
export const ButtonGroup: Story = { args: { field: realField('contact', 'hasCdsAccount'), filled: { hasCdsAccount: false } } };
export const Button: Story = { args: { field: { id: 'more', kind: 'Button', labelKey: 'common.next', action: 'next' }, filled: {} } };
export const Switch: Story = { args: { field: realField('personal', 'sameAsRegistered'), filled: { sameAsRegistered: true } } };
export const CheckBox: Story = { args: { field: realField('agreement', 'agreed'), filled: { agreed: true } } };
export const DateTime: Story = { args: { field: realField('personal', 'birthDate'), filled: { birthDate: '1990-01-01' } } };
