import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { DICTIONARY_LABELS, dictionaryLabels, stepDocumentsForTheBrowser } from './build/step-documents.ts';

const api = process.env.KH_API_ORIGIN ?? 'http://127.0.0.1:8080';
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Modules of RJSF that nothing we draw runs, replaced where they are imported by a stand-in that
 * says so if it ever runs (see each file in build/; test/bundle.test.ts checks every step for it).
 */
const RJSF_STAND_INS: { importer: RegExp; source: RegExp; standIn: string }[] = [
  // The oneOf/anyOf chooser, the layout-grid fields, the fields of schemas without a type, of null and
  // of $ref cycles, and the array field (the theme's StringListField draws every array a step has).
  {
    importer: /@rjsf[\\/]core[\\/]lib[\\/]components[\\/]fields[\\/]index\.js$/,
    source: /^\.\/(LayoutGridField|LayoutHeaderField|LayoutMultiSchemaField|MultiSchemaField|ArrayField|FallbackField|NullField|CyclicSchemaField)\.js$/,
    standIn: 'build/unused-rjsf-field.tsx',
  },
  // Its own widgets and templates: the theme's draw every field.
  { importer: /@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/, source: /^\.\/components\/widgets\/index\.js$/, standIn: 'build/unused-rjsf-widgets.ts' },
  { importer: /@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/, source: /^\.\/components\/templates\/index\.js$/, standIn: 'build/unused-rjsf-templates.ts' },
  // The oneOf/anyOf option matcher, and the extra-data omission StepForm never asks for.
  { importer: /@rjsf[\\/]utils[\\/]lib[\\/]/, source: /(^|\/)getClosestMatchingOption\.js$/, standIn: 'build/no-option-matching.ts' },
  { importer: /@rjsf[\\/]utils[\\/]lib[\\/]/, source: /(^|\/)omitExtraData\.js$/, standIn: 'build/no-extra-data-omission.ts' },
  { importer: /@rjsf[\\/]utils[\\/]lib[\\/]/, source: /(^|\/)toPathSchema\.js$/, standIn: 'build/no-path-schema.ts' },
  // The allOf merger (and @x0k/json-schema-merge): render schemas hold no allOf.
  { importer: /@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/](retrieveSchema|omitExtraData)\.js$/, source: /^\.\/shallowAllOfMerge\.js$/, standIn: 'build/no-all-of-merge.ts' },
];

/** RJSF's deepEquals, answered without fast-equals (packages/ui/src/form/deep-equals.ts says how it matches). */
const RJSF_DEEP_EQUALS = { importer: /@rjsf[\\/]utils[\\/]lib[\\/]/, source: /(^|\/)deepEquals\.js$/, standIn: '../../packages/ui/src/form/deep-equals.ts' };

function withoutUnusedRjsfModules(): Plugin {
  const standIns = [...RJSF_STAND_INS, RJSF_DEEP_EQUALS].map((entry) => ({ ...entry, standIn: fromHere(entry.standIn) }));
  return {
    name: 'kh-without-unused-rjsf-modules',
    enforce: 'pre',
    resolveId: (source, importer) => (importer ? standIns.find((entry) => entry.importer.test(importer) && entry.source.test(source))?.standIn : undefined),
  };
}

/** The dictionary categories a step document names (its fields' `dataSource.dictionary`). */
const dictionariesNamed = (node: unknown): string[] =>
  node && typeof node === 'object'
    ? Object.entries(node).flatMap(([key, value]) => (key === 'dataSource' && typeof (value as { dictionary?: unknown }).dictionary === 'string' ? [(value as { dictionary: string }).dictionary] : dictionariesNamed(value)))
    : [];

/**
 * One chunk a step for what it loads of its own: its document, its validator and the dictionaries it
 * is the first step (in the flow's order of step codes) to name. As files of their own they were a
 * dozen requests of a few hundred bytes on the personal step, each gzipped apart. The ajv runtime
 * pieces and the validator glue go together too, and so do the framework's modules.
 */
function chunkOfModule(): (id: string) => string | null {
  const steps = readdirSync(fromHere('../../schemas/steps'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(fromHere(`../../schemas/steps/${file}`), 'utf8')) as { id: string; stepCode: number })
    .sort((a, b) => a.stepCode - b.stepCode);
  const chunks = new Map<string, string>();
  for (const step of steps) {
    const chunk = `step-${step.id}`;
    chunks.set(fromHere(`../../schemas/steps/${step.id}.json`), chunk);
    chunks.set(fromHere(`../../packages/engine/generated/${step.id}.validator.cjs`), chunk);
    for (const category of dictionariesNamed(step)) {
      const file = fromHere(`../../schemas/dictionaries/${category}.json`);
      if (!chunks.has(file)) chunks.set(file, chunk);
    }
  }
  const validatorRuntime = /(ajv[\\/]dist[\\/]runtime[\\/](equal|ucs2length)\.js|@rjsf[\\/]utils[\\/]lib[\\/]hashForSchema\.js|packages[\\/]engine[\\/]src[\\/]validators\.ts)$/;
  // React and i18next, which every page runs, in a chunk of their own: it changes only when they are
  // upgraded, so a returning applicant's browser keeps it across our releases.
  const framework = /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store)[\\/]/;
  return (id) => {
    const file = id.split('?')[0]!;
    if (chunks.has(file)) return chunks.get(file)!;
    if (id.startsWith(`\0${DICTIONARY_LABELS}`)) return `dictionary-labels-${id.slice(`\0${DICTIONARY_LABELS}`.length)}`;
    if (validatorRuntime.test(file)) return 'validator-runtime';
    // Vite's preload helper, which every lazy chunk imports, changes with the bundler only: with the framework, not a request of its own.
    return framework.test(file) || file.includes('vite/preload-helper') ? 'framework' : null;
  };
}

export default defineConfig({
  plugins: [react(), withoutUnusedRjsfModules(), stepDocumentsForTheBrowser(), dictionaryLabels()],
  resolve: {
    // Code our pages never run, replaced so the applicant does not download it (see the files).
    alias: [
      { find: /^markdown-to-jsx(\/react)?$/, replacement: fromHere('build/no-markdown.ts') },
      { find: /^fast-uri$/, replacement: fromHere('build/no-uri-resolver.ts') },
    ],
  },
  server: {
    host: '127.0.0.1',
    // One origin in development too: the API and the sandbox pages through the dev server.
    proxy: Object.fromEntries(['/api', '/sandbox', '/ekyc/handoff', '/dev'].map((path) => [path, { target: api, changeOrigin: false }])),
  },
  // The manifest names the chunks the served pages ask for early (scripts/prerender.ts).
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900, manifest: true, rolldownOptions: { output: { codeSplitting: { groups: [{ name: chunkOfModule() }] } } } },
});
