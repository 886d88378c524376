import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.KH_API_ORIGIN ?? 'http://127.0.0.1:8080';

/** RJSF's default fields that no compiled step renders, replaced where its field registry imports them (see the file). */
function withoutUnusedRjsfFields(): Plugin {
  const unused = /^\.\/(LayoutGridField|LayoutHeaderField|LayoutMultiSchemaField|MultiSchemaField)\.js$/;
  const registry = /@rjsf[\\/]core[\\/]lib[\\/]components[\\/]fields[\\/]index\.js$/;
  const standIn = fileURLToPath(new URL('build/unused-rjsf-field.tsx', import.meta.url));
  return { name: 'kh-without-unused-rjsf-fields', enforce: 'pre', resolveId: (source, importer) => (importer && registry.test(importer) && unused.test(source) ? standIn : undefined) };
}

export default defineConfig({
  plugins: [react(), withoutUnusedRjsfFields()],
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
