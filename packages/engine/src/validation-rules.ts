// The named validation rules of SPEC §5. Each rule says what JSON Schema can check (so ajv gives the
// same verdict in the browser and on the server) and, where JSON Schema cannot, a semantic check
// (numbering plans, dates relative to today) that both sides run through validateStep.
import { mobileMessage } from './checks/phone.ts';
import { isAgeAllowed, isValidForMonths, parseIsoDate } from './checks/dates.ts';
import { parseNric } from './malaysia/nric.ts';
import { ruleToJsonSchema, type FormData, type JsonSchema, type StepContext } from './rules.ts';
import type { ValidationRule, ValueField } from './step-schema.ts';

export type MessageParams = Record<string, number | string>;
export interface Message {
  key: string;
  params?: MessageParams;
}

/** A constraint on the field's own value. */
export interface PropertyConstraint extends Message {
  schema: JsonSchema;
}

/** A constraint on the field that applies only when `when` holds for the whole step's data. */
export interface CrossConstraint extends Message {
  when: JsonSchema;
  schema: JsonSchema;
}

export type SemanticCheck = (value: unknown, data: FormData, context: StepContext, now: Date) => Message | undefined;

export interface RuleParts {
  property?: PropertyConstraint[];
  cross?: CrossConstraint[];
  semantic?: SemanticCheck;
}

export const MALAYSIA = 'MYS';
export const IDENTITY_TYPE = { resident: 101, passport: 102, myTentera: 103, myPR: 104, nric: 106, myKas: 107 } as const;
export const ACCOUNT_TYPE = { cash: 0, margin: 1, islamicCash: 2 } as const;
export const UPLOAD_TYPES = ['bmp', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf'];

/** SPEC §5 age 18-99: one rule and one message, whether the birth date is typed or read from a MyKad. */
const ageMessage = (birthDate: string, now: Date, min: number, max: number): Message | undefined =>
  isAgeAllowed(birthDate, now, min, max) ? undefined : { key: 'validation.age', params: { min, max } };

const caseInsensitive = (word: string): string =>
  [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join('');

const pattern = (regex: string, key: string, params?: MessageParams): PropertyConstraint => ({
  schema: { pattern: regex },
  key,
  params,
});

/**
 * Dates and e-mail addresses are checked by patterns (and a date's day by the calendar, below), not
 * by ajv's "format" keyword: a validator with a format needs ajv-formats' whole table at run time,
 * in every browser that opens the step. The e-mail pattern is ajv-formats' own "email", spelled
 * without the `i` flag a JSON Schema pattern cannot carry.
 */
const ISO_DATE = pattern('^[0-9]{4}-[0-9]{2}-[0-9]{2}$', 'validation.format');
const EMAIL_WORD = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const EMAIL_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const EMAIL_PATTERN = `^${EMAIL_WORD}(?:\\.${EMAIL_WORD})*@(?:${EMAIL_LABEL}\\.)+${EMAIL_LABEL}$`;
/** A date the calendar has ("2023-02-30" is not one), then the rule's own check of it. */
const onRealDate =
  (check: (date: string, now: Date) => Message | undefined): SemanticCheck =>
  (value, _data, _context, now) =>
    parseIsoDate(String(value)) ? check(String(value), now) : { key: 'validation.format' };

export const ruleParts: { [R in ValidationRule as R['rule']]: (rule: R, field: ValueField) => RuleParts } = {
  required: () => ({}),
  maxLength: ({ max }) => ({ property: [{ schema: { maxLength: max }, key: 'validation.maxLength', params: { max } }] }),
  mobile: ({ areaCodeField, min, max }) => ({
    property: [
      pattern('^(?!0)', 'validation.mobileLeadingZero'),
      pattern(`^[0-9]{${min},${max}}$`, 'validation.mobile', { min, max }),
    ],
    semantic: (value, data) => mobileMessage(String(data[areaCodeField] ?? ''), String(value), min, max),
  }),
  username: ({ num }) => ({ property: [pattern(`^[A-Za-z0-9]{1,${num}}$`, 'validation.username', { num })] }),
  passport: ({ min, max }) => ({ property: [pattern(`^[A-Za-z0-9]{${min},${max}}$`, 'validation.passport', { min, max })] }),
  nric: ({ len }) => ({
    property: [pattern(`^[0-9]{${len}}$`, 'validation.nric', { len })],
    semantic: (value, _data, _context, now) => (parseNric(String(value), now) ? undefined : { key: 'validation.nric', params: { len } }),
  }),
  oldNric: ({ min, max }) => ({ property: [pattern(`^[A-Za-z0-9]{${min},${max}}$`, 'validation.oldNric', { min, max })] }),
  postcode: ({ len }) => ({ property: [pattern(`^[0-9]{${len}}$`, 'validation.postcode', { len })] }),
  invitationCode: ({ len }) => ({ property: [pattern(`^[A-Za-z0-9]{${len}}$`, 'validation.invitationCode', { len })] }),
  email: () => ({
    property: [
      { schema: { maxLength: 100 }, key: 'validation.maxLength', params: { max: 100 } },
      pattern(EMAIL_PATTERN, 'validation.email'),
    ],
  }),
  age: ({ min, max }) => ({
    property: [ISO_DATE],
    semantic: onRealDate((date, now) => ageMessage(date, now, min, max)),
  }),
  ageFromNric: ({ min, max }) => ({
    semantic: (value, _data, _context, now) => {
      const facts = parseNric(String(value), now);
      return facts ? ageMessage(facts.birthDate, now, min, max) : undefined;
    },
  }),
  validForMonths: ({ months }) => ({
    property: [ISO_DATE],
    semantic: onRealDate((date, now) => (isValidForMonths(date, now, months) ? undefined : { key: 'validation.validForMonths', params: { num: months } })),
  }),
  notMalaysianPassport: ({ nationalityField }) => ({
    cross: [
      {
        when: ruleToJsonSchema(nationalityField ? { field: nationalityField, eq: MALAYSIA } : { context: 'nationality', eq: MALAYSIA }),
        schema: { not: { const: IDENTITY_TYPE.passport } },
        key: 'validation.malaysianPassport',
      },
    ],
  }),
  marginOnlyForMalaysians: () => ({
    cross: [
      {
        when: ruleToJsonSchema({ context: 'nationality', notIn: [MALAYSIA] }),
        schema: { not: { const: ACCOUNT_TYPE.margin } },
        key: 'validation.marginOnlyForMalaysians',
      },
    ],
  }),
  fileTypes: ({ types }) => ({
    property: [pattern(`\\.(${types.map(caseInsensitive).join('|')})$`, 'validation.fileType', { types: types.join(', ') })],
  }),
  mustBeTrue: ({ messageKey }) => ({ property: [{ schema: { const: true }, key: messageKey ?? 'validation.agreement' }] }),
  noChinese: () => ({ property: [pattern('^[^\\u2E80-\\u2FDF\\u3000-\\u303F\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF]*$', 'validation.noChinese')] }),
  basicPrintable: () => ({ property: [pattern('^[\\x20-\\x7E]*$', 'validation.specialCharacters')] }),
  digitsOnly: () => ({ property: [pattern('^[0-9]*$', 'validation.format')] }),
  alphanumeric: () => ({ property: [pattern('^[A-Za-z0-9]*$', 'validation.format')] }),
};

export const partsOf = (rule: ValidationRule, field: ValueField): RuleParts =>
  (ruleParts[rule.rule] as (r: ValidationRule, f: ValueField) => RuleParts)(rule, field);

/** The "please enter / select / upload" message that fits the field's kind. */
export function requiredMessageKey(field: ValueField): string {
  if (field.widget === 'upload') return 'validation.requiredUpload';
  if (field.widget === 'signature') return 'validation.signatureRequired';
  if (field.rules?.some((r) => r.rule === 'mustBeTrue')) return 'validation.agreement';
  if (['Select', 'Radio', 'ButtonGroup', 'DateTime', 'CheckBox', 'Switch'].includes(field.kind)) return 'validation.requiredSelect';
  if (field.widget === 'dictionarySelect' || field.widget === 'multiSelect') return 'validation.requiredSelect';
  return 'validation.requiredEnter';
}
