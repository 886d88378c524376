// pnpm build:validators — compiles every step with the shipped dictionaries and writes, per step,
// its JSON Schema and the ajv standalone validator code (CommonJS: RJSF's ids break the ESM output),
// made as a publish makes a version's (validatorCode). First, the tables the step compiler reads:
// every area code with its regions, Malaysia's numbering plan alone (checks/numbering-plans.ts), and
// the countries' ISO codes (countries.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import isoCountries from 'i18n-iso-countries';
import mobilePlansJson from 'libphonenumber-js/metadata.mobile.json';
import { HOME_CALLING_CODE } from '../src/checks/numbering-plans.ts';
import { GENERATED_DIR } from '../src/node/generated.ts';

const mobilePlans = mobilePlansJson as unknown as { version: number; country_calling_codes: Record<string, string[]>; countries: Record<string, unknown> };

rmSync(GENERATED_DIR, { recursive: true, force: true });
mkdirSync(GENERATED_DIR, { recursive: true });
writeFileSync(join(GENERATED_DIR, 'calling-codes.json'), `${JSON.stringify(mobilePlans.country_calling_codes)}\n`);
// The countries' ISO 3166 codes, alpha-2 to alpha-3 (countries.ts).
const alpha2Codes = Object.keys(isoCountries.getAlpha2Codes());
writeFileSync(join(GENERATED_DIR, 'country-codes.json'), `${JSON.stringify(Object.fromEntries(alpha2Codes.map((alpha2) => [alpha2, isoCountries.alpha2ToAlpha3(alpha2)])))}\n`);
const homeRegions = mobilePlans.country_calling_codes[HOME_CALLING_CODE]!;
const homePlan = { version: mobilePlans.version, country_calling_codes: { [HOME_CALLING_CODE]: homeRegions }, countries: Object.fromEntries(homeRegions.map((region) => [region, mobilePlans.countries[region]])) };
writeFileSync(join(GENERATED_DIR, `numbering-plan-${HOME_CALLING_CODE}.json`), `${JSON.stringify(homePlan)}\n`);

// After those: the step compiler reads the area codes (the CallingCode dictionary) from them.
const { compile } = await import('../src/compile.ts');
const { loadDictionaries, loadStepSchemas } = await import('../src/node/load.ts');
const { validatorCode } = await import('../src/node/validator-code.ts');
const dictionaries = loadDictionaries();
const steps = loadStepSchemas();
for (const step of steps) {
  const compiled = compile(step, { dictionaries });
  writeFileSync(join(GENERATED_DIR, `${step.id}.schema.json`), `${JSON.stringify(compiled.jsonSchema, null, 2)}\n`);
  writeFileSync(join(GENERATED_DIR, `${step.id}.validator.cjs`), validatorCode(compiled));
}
writeFileSync(join(GENERATED_DIR, 'steps.json'), `${JSON.stringify(steps.map((s) => s.id))}\n`);
console.log(`Precompiled validators for ${steps.length} steps in ${GENERATED_DIR}`);
