import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.KH_API_ORIGIN ?? 'http://127.0.0.1:8080';

/**
 * Modules of RJSF that nothing we draw runs, replaced where they are imported by a stand-in that
 * says so if it ever runs (see each file in build/; test/bundle.test.ts checks every step for it).
 */
const RJSF_STAND_INS: { importer: RegExp; source: RegExp; standIn: string }[] = [
  // The oneOf/anyOf chooser and the layout-grid fields.
  { importer: /@rjsf[\\/]core[\\/]lib[\\/]components[\\/]fields[\\/]index\.js$/, source: /^\.\/(LayoutGridField|LayoutHeaderField|LayoutMultiSchemaField|MultiSchemaField)\.js$/, standIn: 'build/unused-rjsf-field.tsx' },
  // Its own widgets and templates: the theme's draw every field.
  { importer: /@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/, source: /^\.\/components\/widgets\/index\.js$/, standIn: 'build/unused-rjsf-widgets.ts' },
  { importer: /@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/, source: /^\.\/components\/templates\/index\.js$/, standIn: 'build/unused-rjsf-templates.ts' },
  // The allOf merger (and @x0k/json-schema-merge): render schemas hold no allOf.
  { importer: /@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/](retrieveSchema|omitExtraData)\.js$/, source: /^\.\/shallowAllOfMerge\.js$/, standIn: 'build/no-all-of-merge.ts' },
];

function withoutUnusedRjsfModules(): Plugin {
  const standIns = RJSF_STAND_INS.map((entry) => ({ ...entry, standIn: fileURLToPath(new URL(entry.standIn, import.meta.url)) }));
  return {
    name: 'kh-without-unused-rjsf-modules',
    enforce: 'pre',
    resolveId: (source, importer) => (importer ? standIns.find((entry) => entry.importer.test(importer) && entry.source.test(source))?.standIn : undefined),
  };
}

export default defineConfig({
  plugins: [react(), withoutUnusedRjsfModules()],
  resolve: {
    // Code our pages never run, replaced so the applicant does not download it (see the files).
    alias: [
      { find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL('build/no-markdown.ts', import.meta.url)) },
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('build/no-uri-resolver.ts', import.meta.url)) },
    ],
  },
  server: {
    host: '127.0.0.1',
    // One origin in development too: the API and the sandbox pages through the dev server.
    proxy: Object.fromEntries(['/api', '/sandbox', '/ekyc/handoff', '/dev'].map((path) => [path, { target: api, changeOrigin: false }])),
  },
  // The manifest names the chunks the served pages ask for early (scripts/prerender.ts).
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900, manifest: true },
});
