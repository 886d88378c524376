// The step schemas and dictionaries the applicant's app renders, bundled from schemas/: the case
// view shows the answers through the same documents, labels included.
import { assembleDictionaries, type DictionaryFile, type StepSchema } from '@kh/engine';

const stepModules = import.meta.glob<StepSchema>('../../../schemas/steps/*.json', { eager: true, import: 'default' });
const dictionaryModules = import.meta.glob<DictionaryFile>('../../../schemas/dictionaries/*.json', { eager: true, import: 'default' });

export const steps: Record<string, StepSchema> = Object.fromEntries(Object.values(stepModules).map((s) => [s.id, s]));
export const dictionaries = assembleDictionaries(Object.values(dictionaryModules));

/** dataKey → labelKey of a step's fields, to name a changed value in the history. */
export function labelKeysByDataKey(stepId: string, schema: StepSchema | undefined = steps[stepId]): Map<string, string> {
  const labels = new Map<string, string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const field = node as { dataKey?: string; labelKey?: string };
      if (field.dataKey && field.labelKey && !labels.has(field.dataKey)) labels.set(field.dataKey, field.labelKey);
      Object.values(node).forEach(walk);
    }
  };
  walk(schema?.fields);
  return labels;
}
