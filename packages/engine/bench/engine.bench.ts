// pnpm --filter @kh/engine bench: compile time for all steps, and validations per second of a full
// personal-step payload through the precompiled validator (what the browser and the server run).
import { bench, describe } from 'vitest';
import { compile, validateStep } from '../src/index.ts';
import { loadDictionaries, loadStepSchemas } from '../src/node/load.ts';
import { loadPrecompiled } from '../src/node/generated.ts';

const dictionaries = loadDictionaries();
const steps = loadStepSchemas();
const personal = compile(steps.find((s) => s.id === 'personal')!, { dictionaries, context: { nationality: 'MYS' } });
const validator = loadPrecompiled('personal');
const now = new Date(2026, 10, 21);
const fullPersonal = {
  documentName: 'TAN AH KOW',
  nationality: 'MYS',
  identityType: 106,
  nricNumber: '900101145678',
  oldNricNumber: 'A1234567',
  gender: 2,
  birthDate: '1990-01-01',
  maritalStatus: 2,
  race: 2,
  education: 4,
  regCountry: 'MYS',
  regPostcode: '50450',
  regState: '14',
  regTown: 'Kuala Lumpur',
  regLine1: 'No 12, Jalan Ampang',
  regLine2: 'Taman Ampang Hilir',
  regLine3: 'Ampang',
  sameAsRegistered: false,
  mailCountry: 'MYS',
  mailPostcode: '11600',
  mailState: '07',
  mailTown: 'Jelutong',
  mailLine1: '3A Lorong Batu Lanchang 8',
};

describe('engine', () => {
  bench(`compile all ${steps.length} steps`, () => {
    for (const step of steps) compile(step, { dictionaries, context: { nationality: 'MYS' } });
  });
  bench('validate a full personal-step payload (precompiled)', () => {
    const errors = validateStep(personal, fullPersonal, { validator, now });
    if (errors.length > 0) throw new Error(JSON.stringify(errors));
  });
});
