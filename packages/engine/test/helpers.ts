import { customizeValidator } from '@rjsf/validator-ajv8';
import { compile, validateStep, type CompileOptions, type FieldError, type FormData, type StepSchema, type StructuralValidator } from '../src/index.ts';
import { loadDictionaries, loadStepSchemas } from '../src/node/load.ts';

export const dictionaries = loadDictionaries();
export const steps: Record<string, StepSchema> = Object.fromEntries(loadStepSchemas().map((s) => [s.id, s]));

/** RJSF's ordinary (runtime-compiled) ajv validator: the reference the precompiled ones must agree with. */
export const runtimeValidator = customizeValidator() as unknown as StructuralValidator;

export const NOW = new Date(2026, 10, 21, 12, 0, 0);

export function compileStep(stepId: string, options: Partial<CompileOptions> = {}) {
  const step = steps[stepId];
  if (!step) throw new Error(`no step ${stepId}`);
  return compile(step, { dictionaries, ...options });
}

export function errorsOf(stepId: string, data: FormData, options: Partial<CompileOptions> = {}, validator = runtimeValidator): FieldError[] {
  return validateStep(compileStep(stepId, options), data, { validator, now: NOW });
}

export const errorOf = (stepId: string, field: string, data: FormData, options: Partial<CompileOptions> = {}) =>
  errorsOf(stepId, data, options).find((e) => e.field === field);

/** A personal step that passes, for a Malaysian with a MyKad. */
export const validPersonal = (): FormData => ({
  documentName: 'TAN AH KOW',
  nationality: 'MYS',
  identityType: 106,
  nricNumber: '900101145678',
  gender: 2,
  birthDate: '1990-01-01',
  maritalStatus: 1,
  race: 2,
  education: 4,
  regCountry: 'MYS',
  regPostcode: '50450',
  regState: '14',
  regTown: 'Kuala Lumpur',
  regLine1: 'No 12, Jalan Ampang',
  sameAsRegistered: true,
});
