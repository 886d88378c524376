// The step-schema language. schemas/meta/step.schema.json is the same language as JSON Schema;
// test/meta-schema.test.ts keeps the two in step.

import type { FieldBehaviour, StepBehaviour } from './step-behaviour.ts';
import type { PayloadShape } from './payload-types.ts';
export const FIELD_KINDS = [
  'Header',
  'Card',
  'CardGroup',
  'Input',
  'Select',
  'Radio',
  'Custom',
  'ButtonGroup',
  'Button',
  'Switch',
  'CheckBox',
  'DateTime',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const CONTAINER_KINDS = ['Card', 'CardGroup'] as const;
export const DISPLAY_KINDS = ['Header', 'Button'] as const;
export type ContainerKind = (typeof CONTAINER_KINDS)[number];
export type DisplayKind = (typeof DISPLAY_KINDS)[number];
export type ValueKind = Exclude<FieldKind, ContainerKind | DisplayKind>;

export const VALUE_TYPES = ['string', 'number', 'boolean', 'stringList'] as const;
/** stringList is an array in the form and a de-duplicated comma-joined string in the payload (SPEC §3). */
export type ValueType = (typeof VALUE_TYPES)[number];

export const CUSTOM_WIDGETS = [
  'phone',
  'email',
  'dictionarySelect',
  'multiSelect',
  'upload',
  'signature',
  'agreementList',
  'qrcode',
  'identityCheck',
  'payment',
] as const;
export type CustomWidget = (typeof CUSTOM_WIDGETS)[number];

export const CLEANERS = ['numericOnly', 'alphanumericOnly', 'stripChinese', 'basicPrintable'] as const;
export type CleanerName = (typeof CLEANERS)[number];

/** Context keys a rule may read: facts known outside the step (other steps, the application, the app). */
/**
 * Context keys a rule may read: facts known outside the step. markets are the markets of this
 * application and openedMarkets those already open (bit flags); the rest come from earlier steps.
 */
export const CONTEXT_KEYS = ['nationality', 'identityType', 'maritalStatus', 'mode', 'markets', 'openedMarkets', 'islamic', 'accountType'] as const;
export type ContextKey = (typeof CONTEXT_KEYS)[number];

export type Scalar = string | number | boolean;

/** The facts a successful identity check verifies; a field with `verifiedBy` is locked to one of them. */
export const VERIFIED_IDENTITY_KEYS = ['documentType', 'documentNumber', 'name', 'birthDate', 'gender', 'nationality', 'expiryDate'] as const;
export type VerifiedIdentityKey = (typeof VERIFIED_IDENTITY_KEYS)[number];

/** A visibility (or condition) rule. Reads a field of the same step, or a context key. */
export type Rule =
  | { field: string; eq: Scalar }
  | { field: string; in: Scalar[] }
  | { field: string; notIn: Scalar[] }
  | { field: string; filled: boolean }
  /** A stringList field that holds the value. */
  | { field: string; has: Scalar }
  | { context: ContextKey; eq: Scalar }
  | { context: ContextKey; in: Scalar[] }
  | { context: ContextKey; notIn: Scalar[] }
  | { context: ContextKey; hasBit: number }
  | { all: Rule[] }
  | { any: Rule[] }
  | { not: Rule };

export type ValidationRule =
  | { rule: 'required' }
  | { rule: 'maxLength'; max: number }
  | { rule: 'mobile'; areaCodeField: string; min: number; max: number }
  | { rule: 'username'; num: number }
  | { rule: 'passport'; min: number; max: number }
  | { rule: 'nric'; len: number }
  | { rule: 'oldNric'; min: number; max: number }
  | { rule: 'postcode'; len: number }
  | { rule: 'invitationCode'; len: number }
  | { rule: 'email' }
  | { rule: 'age'; min: number; max: number }
  /** The age rule on the birth date a MyKad number gives (refused before a face scan is spent). */
  | { rule: 'ageFromNric'; min: number; max: number }
  | { rule: 'validForMonths'; months: number }
  /** Without nationalityField, the nationality is the context's (from the contact step). */
  | { rule: 'notMalaysianPassport'; identityTypeField: string; nationalityField?: string }
  | { rule: 'marginOnlyForMalaysians' }
  | { rule: 'fileTypes'; types: string[] }
  | { rule: 'mustBeTrue'; messageKey?: string }
  | { rule: 'noChinese' }
  | { rule: 'basicPrintable' }
  | { rule: 'digitsOnly' }
  | { rule: 'alphanumeric' };
export type ValidationRuleName = ValidationRule['rule'];

export interface StaticOption {
  value: Scalar;
  labelKey: string;
  visibleWhen?: Rule;
}

export type DataSource = { dictionary: string; exclude?: Scalar[] } | { options: StaticOption[] };

interface FieldCommon {
  id: string;
  labelKey?: string;
  helpKey?: string;
  visibleWhen?: Rule;
}

export interface ContainerField extends FieldCommon {
  kind: ContainerKind;
  children: Field[];
}

export interface DisplayField extends FieldCommon {
  kind: DisplayKind;
  /** For Button: what pressing it asks the flow for. */
  action?: 'next' | 'previous' | 'exit' | 'link';
  href?: string;
}

export interface ValueField extends FieldCommon, FieldBehaviour {
  kind: ValueKind;
  valueType: ValueType;
  /** Path in the API payload, e.g. "name" or "addressList[addrType=1].postalCode". */
  dataKey: string;
  /** When several fields share one payload string (address lines joined by "_"). */
  dataPart?: { index: number; separator: string };
  default?: Scalar | string[];
  placeholderKey?: string;
  dataSource?: DataSource;
  rules?: ValidationRule[];
  cleaner?: CleanerName;
  widget?: CustomWidget;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  /** false: never editable when resubmitting a rejected application. Defaults to true. */
  editable?: boolean;
  /** The rejected-reason field name that unlocks this field in rejection mode; defaults to the field id. */
  rejectItem?: string;
  /** Once the identity check has succeeded, the field holds this verified fact and cannot be changed. */
  verifiedBy?: VerifiedIdentityKey;
  /** A CheckBox or Switch left unticked (while visible) brings this question before the step is saved. */
  confirmUnticked?: { messageKey: string; nameKey: string };
}

export type Field = ContainerField | DisplayField | ValueField;

export interface StepSchema extends StepBehaviour {
  $schema?: string;
  id: string;
  stepCode: number;
  titleKey: string;
  descriptionKey?: string;
  /** What the step's fill-data payload may hold (see payload-types.ts). */
  payload: PayloadShape;
  fields: Field[];
}

export const isContainer = (field: Field): field is ContainerField =>
  (CONTAINER_KINDS as readonly string[]).includes(field.kind);
export const isValueField = (field: Field): field is ValueField =>
  !isContainer(field) && !(DISPLAY_KINDS as readonly string[]).includes(field.kind);

/** Every field in document order, with the visibility rules of its enclosing containers. */
export function walkFields(fields: Field[], inherited: Rule[] = []): { field: Field; ancestors: Rule[] }[] {
  return fields.flatMap((field) => {
    const here = { field, ancestors: inherited };
    if (!isContainer(field)) return [here];
    const forChildren = field.visibleWhen ? [...inherited, field.visibleWhen] : inherited;
    return [here, ...walkFields(field.children, forChildren)];
  });
}

// A document is never changed in place (step-edits.ts copies it), and a save asks for its value fields
// several times (the server's rules, values and projection): walked once per document.
const valueFieldsByStep = new WeakMap<StepSchema, readonly ValueField[]>();
export function valueFieldsOf(step: StepSchema): readonly ValueField[] {
  let found = valueFieldsByStep.get(step);
  if (!found) {
    found = Object.freeze(
      walkFields(step.fields)
        .map((entry) => entry.field)
        .filter(isValueField),
    );
    valueFieldsByStep.set(step, found);
  }
  return found;
}

/** The dictionary categories a step's options come from: what its page must load. */
export const dictionariesOf = (step: StepSchema): string[] => [
  ...new Set(
    walkFields(step.fields).flatMap(({ field }) =>
      'dataSource' in field && field.dataSource && 'dictionary' in field.dataSource ? [field.dataSource.dictionary] : [],
    ),
  ),
];
