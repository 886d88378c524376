// Every widget: searchable dictionary select, phone, date, multi-select, e-mail with suggestions,
// upload, signature, agreement list, QR code.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { QrCode } from '../src/index.ts';
import { AllStates } from './Field.tsx';
import { realField } from './find-field.ts';

const meta: Meta<typeof AllStates> = {
  title: 'Widgets',
  component: AllStates,
  // The field is the story (its real schema); what it holds in each state is the story's too.
  argTypes: { field: { table: { disable: true } }, filled: { table: { disable: true } } },
};
export default meta;
type Story = StoryObj<typeof AllStates>;

export const DictionarySelectWithSearch: Story = { args: { field: realField('personal', 'nationality'), filled: { nationality: 'MYS' } } };
export const PhoneWithAreaCode: Story = { args: { field: { id: 'phone', kind: 'Card', labelKey: 'field.contact.mobile.label', children: [realField('contact', 'areaCode'), realField('contact', 'mobile')] }, filled: { areaCode: '60', mobile: '123456789' } } };
export const DateForPhoneKeyboard: Story = { args: { field: realField('personal', 'passportExpiry'), filled: { passportExpiry: '2030-05-01' } } };
export const MultiSelect: Story = { args: { field: realField('investment', 'objectives'), filled: { objectives: ['1', '4'] } } };
export const EmailWithSuggestions: Story = { args: { field: realField('contact', 'email'), filled: { email: 'ali@gmial.com' } } };
export const Upload: Story = { args: { field: realField('financial', 'bankStatement'), filled: { bankStatement: 'uploads/story/statement.pdf' } } };
export const Signature: Story = { args: { field: realField('signature', 'signature'), filled: {} } };
export const AgreementList: Story = { args: { field: realField('agreement', 'documents'), filled: {} } };

export const QrCodeForPcHandOff: StoryObj<typeof QrCode> = {
  render: () => (
    <div className="page" style={{ padding: 16 }}>
      <QrCode value="http://127.0.0.1:8080/ekyc/handoff/example-token" label="Scan this code with your phone to continue the identity check there." />
    </div>
  ),
};
