// The ajv runtime pieces a standalone validator may require, for validator modules the server
// publishes (node/validator-code.ts): the page hands these to the module instead of it importing them.
// Each is given in its CommonJS shape, which is what the generated code reads (`.default`,
// `.fullFormats`), whichever way the bundler or Node presents a CommonJS import.
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import * as equal from 'ajv/dist/runtime/equal.js';
import * as formats from 'ajv-formats/dist/formats.js';
import type { StructuralValidator } from './validate.ts';
import { generatedValidator, type ValidateFunctions } from './validators.ts';

type Loose = Record<string, unknown> & { default?: unknown };
const functionOf = (module: Loose): unknown => {
  const inner = module.default as Loose | ((...args: unknown[]) => unknown) | undefined;
  return typeof inner === 'function' ? inner : inner?.default;
};
const formatsOf = (module: Loose) => (module.fullFormats ? module : (module.default as Loose));

const pieces: Record<string, unknown> = {
  'ajv/dist/runtime/ucs2length': { default: functionOf(ucs2length as Loose) },
  'ajv/dist/runtime/equal': { default: functionOf(equal as Loose) },
  'ajv-formats/dist/formats': formatsOf(formats as Loose),
};

export function validatorRuntime(name: string): unknown {
  if (!(name in pieces)) throw new Error(`A validator module asked for ${name}`);
  return pieces[name];
}

/** What a served validator module exports (node/validator-code.ts `validatorModule`). */
export interface ValidatorModule {
  default(require: (name: string) => unknown): ValidateFunctions;
}

/** A served validator module as the validator validateStep calls: its function, given the runtime pieces. */
export const validatorOfModule = (module: ValidatorModule): StructuralValidator => generatedValidator(module.default(validatorRuntime));
