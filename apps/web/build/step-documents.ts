// The build's copy of the step documents and dictionaries (vite.config.ts, and Storybook's, which
// draws the same pages).
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { browserCopyOf } from '../../../packages/engine/src/step-behaviour.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const DICTIONARY_LABELS = 'kh:dictionary-labels/';

type Dictionary = { category: string; entries: { value: string | number | boolean; label: Record<string, string> }[] };
const dictionariesDir = fromHere('../../../schemas/dictionaries');
const dictionaries = () =>
  readdirSync(dictionariesDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(`${dictionariesDir}/${file}`, 'utf8')) as Dictionary);

/**
 * The dictionaries' labels in one language, `kh:dictionary-labels/<language>` (category → value →
 * label): what step-assets.ts lays into entries that came labelled in English only.
 */
export function dictionaryLabels(): Plugin {
  return {
    name: 'kh-dictionary-labels',
    resolveId: (source) => (source.startsWith(DICTIONARY_LABELS) ? `\0${source}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${DICTIONARY_LABELS}`)) return undefined;
      const language = id.slice(`\0${DICTIONARY_LABELS}`.length);
      const all = dictionaries();
      for (const { category } of all) this.addWatchFile(`${dictionariesDir}/${category}.json`);
      const labels = Object.fromEntries(all.map(({ category, entries }) => [category, Object.fromEntries(entries.flatMap(({ value, label }) => (label[language] ? [[String(value), label[language]]] : [])))]));
      return `export default ${JSON.stringify(labels)};`;
    },
  };
}

/**
 * The step documents and dictionaries as the browser needs them: a step without the words only the
 * server reads (unique, projectTo…), a dictionary as its entries alone (step-assets.ts reads no more),
 * labelled in English; its labels in another language come in that language's module
 * (dictionaryLabels), loaded in it only: each entry carried all three languages, 1.4 KB gzip of the
 * personal step's first load in English.
 */
export function stepDocumentsForTheBrowser(): Plugin {
  const stepFile = /[\\/]schemas[\\/]steps[\\/][^\\/]+\.json$/;
  const dictionaryFile = /[\\/]schemas[\\/]dictionaries[\\/][^\\/]+\.json$/;
  const copyOf = (code: string, id: string) => {
    if (stepFile.test(id)) return browserCopyOf(JSON.parse(code));
    if (dictionaryFile.test(id)) return { entries: (JSON.parse(code) as Dictionary).entries.map((entry) => ({ ...entry, label: { en: entry.label.en } })) };
    return undefined;
  };
  return {
    name: 'kh-step-documents-for-the-browser',
    enforce: 'pre',
    transform: (code, id) => {
      const copy = copyOf(code, id);
      return copy === undefined ? undefined : { code: JSON.stringify(copy), map: null };
    },
  };
}
