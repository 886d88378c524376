// Every field kind of SPEC §3 in its states: empty, filled, error and read-only (rejection mode).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AllStates } from './Field.tsx';
import { KIND_EXAMPLES } from './kind-examples.ts';

const meta: Meta<typeof AllStates> = {
  title: 'Field kinds',
  component: AllStates,
  // The field is the story (its real schema); what it holds in each state is the story's too.
  argTypes: { field: { table: { disable: true } }, filled: { table: { disable: true } } },
};
export default meta;
type Story = StoryObj<typeof AllStates>;

export const Header: Story = { args: KIND_EXAMPLES.Header };
export const Card: Story = { args: KIND_EXAMPLES.Card };
export const CardGroup: Story = { args: KIND_EXAMPLES.CardGroup };
export const Input: Story = { args: KIND_EXAMPLES.Input };
export const Select: Story = { args: KIND_EXAMPLES.Select };
export const Radio: Story = { args: KIND_EXAMPLES.Radio };
export const Custom: Story = { args: KIND_EXAMPLES.Custom };
export const ButtonGroup: Story = { args: KIND_EXAMPLES.ButtonGroup };
export const Button: Story = { args: KIND_EXAMPLES.Button };
export const Switch: Story = { args: KIND_EXAMPLES.Switch };
export const CheckBox: Story = { args: KIND_EXAMPLES.CheckBox };
export const DateTime: Story = { args: KIND_EXAMPLES.DateTime };
