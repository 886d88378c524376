// The real schemas and dictionaries for the stories, bundled by Vite from schemas/.
import { customizeValidator } from '@rjsf/validator-ajv8';
import { assembleDictionaries, compile, type CompileOptions, type DictionaryFile, type StepSchema, type StructuralValidator } from '@kh/engine';

const stepModules = import.meta.glob<StepSchema>('../../../schemas/steps/*.json', { eager: true, import: 'default' });
const dictionaryModules = import.meta.glob<DictionaryFile>('../../../schemas/dictionaries/*.json', { eager: true, import: 'default' });

export const steps: Record<string, StepSchema> = Object.fromEntries(Object.values(stepModules).map((s) => [s.id, s]));
export const dictionaries = assembleDictionaries(Object.values(dictionaryModules));
/** Runtime ajv is fine in Storybook; the app uses the precompiled validators. */
export const validator = customizeValidator() as unknown as StructuralValidator;
export const compileStep = (id: string, options: Partial<CompileOptions> = {}) => compile(steps[id], { dictionaries, ...options });

/** A sandbox upload: reports progress like the API client, then answers a path. */
export async function fakeUpload(file: File, onProgress: (percent: number) => void) {
  for (const percent of [20, 55, 90, 100]) {
    await new Promise((resolve) => setTimeout(resolve, 120));
    onProgress(percent);
  }
  return { filepath: `uploads/story/${file.name}`, originalFilename: file.name };
}
