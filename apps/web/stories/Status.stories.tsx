// The status entry (SPEC §4) in each state an applicant can find it in: the real StartPage, on a real
// flow machine.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MARKET, type FlowInput } from '@kh/flow';
import type { KhInfoDto } from '@kh/api';
import { StepPage } from '../src/ApplicationRoot.tsx';
import { StoryApplication } from './story-application.tsx';

const ALL = MARKET.MAS + MARKET.HK + MARKET.US;
const STATES = {
  new: { flow: { mode: 'new' }, record: { exist: false, applyId: null } },
  draft: { flow: { mode: 'draft', status: 1, fillStep: 2005 }, record: {} },
  underReview: { flow: { mode: 'new', status: 2 }, record: { status: 2 } },
  successful: { flow: { mode: 'new', status: 4, openedMarkets: MARKET.MAS }, record: { status: 4, success: true, opened: MARKET.MAS } },
  allMarketsOpened: { flow: { mode: 'new', status: 4, openedMarkets: ALL }, record: { status: 4, success: true, opened: ALL } },
  myInactive: { flow: { mode: 'new', status: 4, openedMarkets: MARKET.MAS, masClientCodeActive: false }, record: { status: 4, opened: MARKET.MAS, masClientCodeActive: false } },
  rejected: { flow: { mode: 'rejected', status: 5, rejectedItems: [{ code: 2003, field: 'address' }] }, record: { status: 5 } },
  supplementary: { flow: { mode: 'supplementary', status: 4, openedMarkets: MARKET.MAS }, record: { status: 4, opened: MARKET.MAS } },
} satisfies Record<string, { flow: FlowInput; record: Partial<KhInfoDto> }>;

function StatusEntry({ state, platform }: { state: keyof typeof STATES; platform: 'app' | 'embedded' | 'pc' }) {
  const { flow, record } = STATES[state];
  return (
    <StoryApplication key={`${state}-${platform}`} step="start" flow={{ ...flow, platform } as FlowInput} record={record as Partial<KhInfoDto>}>
      <StepPage />
    </StoryApplication>
  );
}

const meta: Meta<typeof StatusEntry> = {
  title: 'Screens/Status entry',
  component: StatusEntry,
  argTypes: {
    state: { control: 'select', options: Object.keys(STATES), description: 'What the status check found' },
    platform: { control: 'inline-radio', options: ['app', 'embedded', 'pc'], description: 'Where the flow runs' },
  },
  args: { platform: 'embedded' },
};
export default meta;
type Story = StoryObj<typeof StatusEntry>;

export const New: Story = { args: { state: 'new' } };
export const Draft: Story = { args: { state: 'draft' } };
export const UnderReview: Story = { args: { state: 'underReview' } };
export const Successful: Story = { args: { state: 'successful' } };
export const AllMarketsOpened: Story = { args: { state: 'allMarketsOpened' } };
export const MyInactive: Story = { args: { state: 'myInactive' } };
export const Rejected: Story = { args: { state: 'rejected' } };
export const AddMarket: Story = { args: { state: 'supplementary', platform: 'app' } };
