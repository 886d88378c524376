// pnpm --filter @kh/server build: the server as JavaScript for plain `node dist/main.js` (production
// runs no TypeScript loader). The workspace packages (TypeScript) and their libraries are bundled;
// the server's own dependencies stay imports of apps/server/node_modules (native sharp, PGlite's
// wasm). Files the code finds beside itself (migrations, schemas, generated validators, sandbox
// assets, the web app) stay where they are: each source file's import.meta.url is rewritten to its
// place relative to dist, so dist runs inside the checkout it was built in, wherever that lies.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = resolve(serverDir, 'dist');
const own = Object.keys(JSON.parse(readFileSync(resolve(serverDir, 'package.json'), 'utf8')).dependencies ?? {});
const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const layout = {
  name: 'keep-layout',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (builtins.has(args.path)) return { external: true };
      const name = packageOf(args.path);
      // The server's own dependencies resolve from apps/server/node_modules at run time.
      if (!name.startsWith('@kh/') && own.includes(name) && args.importer.startsWith(serverDir)) return { external: true };
      return undefined;
    });
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('node_modules')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      // A file that finds something built beside the bundle (the studio's worker) keeps its own import.meta.url.
      if (!source.includes('import.meta.url') || source.startsWith('// keep import.meta.url')) return undefined;
      const fromDist = relative(outdir, args.path).split('\\').join('/');
      return { loader: 'ts', contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`) };
    });
  },
};

/** What /version answers: the package's version, the commit built and when. */
const commit = process.env.KH_BUILD_COMMIT || (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: serverDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
})();
const buildInfo = { version: JSON.parse(readFileSync(resolve(serverDir, 'package.json'), 'utf8')).version, commit, builtAt: process.env.KH_BUILD_TIME || new Date().toISOString() };

await build({
  define: { __KH_BUILD__: JSON.stringify(buildInfo) },
  entryPoints: { main: resolve(serverDir, 'src/main.ts'), 'staff-create': resolve(serverDir, 'scripts/staff-create.ts'), 'audit-verify': resolve(serverDir, 'scripts/audit-verify.ts'), 'studio-compiler': resolve(serverDir, 'src/studio/studio-compiler.worker.ts'), screening: resolve(serverDir, 'src/screening/screening.worker.ts'), pdf: resolve(serverDir, 'src/documents/pdf.worker.ts'), migrate: resolve(serverDir, 'src/migrate.ts'), retention: resolve(serverDir, 'scripts/retention.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Bundled CommonJS libraries may call require(); ESM output has none unless given one.
  banner: { js: "import { createRequire as __khCreateRequire } from 'node:module'; const require = __khCreateRequire(import.meta.url);" },
  plugins: [layout],
  logLevel: 'warning',
});
console.log(`Built ${relative(process.cwd(), outdir) || outdir}/main.js, migrate.js, staff-create.js, audit-verify.js, studio-compiler.js, screening.js and pdf.js`);
