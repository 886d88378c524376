// The step schemas and dictionaries, bundled from schemas/.
import { assembleDictionaries, type DictionaryFile, type StepSchema } from '@kh/engine';

const stepModules = import.meta.glob<StepSchema>('../../../../schemas/steps/*.json', { eager: true, import: 'default' });
const dictionaryModules = import.meta.glob<DictionaryFile>('../../../../schemas/dictionaries/*.json', { eager: true, import: 'default' });

export const steps: Record<string, StepSchema> = Object.fromEntries(Object.values(stepModules).map((s) => [s.id, s]));
export const dictionaries = assembleDictionaries(Object.values(dictionaryModules));
