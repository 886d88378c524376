// One real field for each field kind of SPEC §3, with what it holds when filled: the "Field kinds"
// stories and the field-kinds docs page both show these.
import type { Field, FormData } from '@kh/engine';
import { realField } from './find-field.ts';

export const KIND_EXAMPLES: Record<string, { field: Field; filled: FormData }> = {
  Header: { field: realField('contact', 'intro'), filled: {} },
  Card: { field: realField('personal', 'registeredAddress'), filled: { regCountry: 'MYS', regPostcode: '50450', regState: '14', regTown: 'Kuala Lumpur', regLine1: 'No 12, Jalan Ampang' } },
  CardGroup: {
    field: { id: 'group', kind: 'CardGroup', labelKey: 'field.work.income.label', children: [realField('work', 'annualIncome'), realField('work', 'estimatedNetWorth')] },
    filled: { annualIncome: 2, estimatedNetWorth: 1 },
  },
  Input: { field: realField('contact', 'username'), filled: { username: 'ali2026' } },
  Select: { field: realField('personal', 'maritalStatus'), filled: { maritalStatus: 2 } },
  Radio: { field: realField('personal', 'gender'), filled: { gender: 2 } },
  Custom: { field: realField('work', 'incomeProof'), filled: { incomeProof: 'uploads/story/payslip.pdf' } },
  ButtonGroup: { field: realField('contact', 'hasCdsAccount'), filled: { hasCdsAccount: false } },
  Button: { field: { id: 'more', kind: 'Button', labelKey: 'common.next', action: 'next' }, filled: {} },
  Switch: { field: realField('personal', 'sameAsRegistered'), filled: { sameAsRegistered: true } },
  CheckBox: { field: realField('agreement', 'agreed'), filled: { agreed: true } },
  DateTime: { field: realField('personal', 'birthDate'), filled: { birthDate: '1990-01-01' } },
};
