// tsx scripts/prerender.ts: after `vite build` and `vite build --ssr src/prerender.tsx`, writes the
// pages the server sends (apps/server/src/pages/web.ts), from dist/index.html, into dist/pages/:
// - <start|login>.<language>.html: what a logged-out applicant first sees, drawn in that language,
//   which the app takes over as it is;
// - status-<state>.<language>.html: a logged-in applicant's status page in each state drawn (src/prerender.tsx),
//   which the server sends when the application would open on it, or may (a step a tab's flow stands
//   on: its resume check, first in the head, then names the step and hides the page in the tab that resumes there);
// - app.<language>.html: the empty page for a logged-in applicant, which says so (no login check on
//   the way to the first page) and asks at once for the application's code and the language's texts.
// Every page asks early for its language's texts, which the first render needs. A drawn page carries
// its styles inline, so it paints with the HTML alone (the server allows them by hash in its CSP), and
// asks for its scripts only once it has painted (after-paint-<hash>.js): nothing it shows waits for
// them, and on a slow network they took the first paint's bandwidth (Lighthouse's simulated LCP
// counted every script asked for before the paint).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifySync } from 'vite';
import { RESUMING_STYLE, pageBootAttributes, type DrawnPage, type PageBoot } from '@kh/api';
import { LANGUAGES, type Language } from '@kh/i18n';
import { resumeCheckElement } from './resume-check.ts';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const { drawLoggedOut, drawStatus, DRAWN_STATUS } = (await import(join(web, 'dist-prerender/prerender.js'))) as typeof import('../src/prerender.tsx');
const template = readFileSync(join(web, 'dist/index.html'), 'utf8');
if (!template.includes('<div id="root"></div>') || !template.includes('<html lang="en">') || !template.includes('</head>'))
  throw new Error('dist/index.html has no empty root, no <html lang="en"> or no </head> to fill');

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
const manifest = JSON.parse(readFileSync(join(web, 'dist/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const entry = manifest['index.html']!;
/** A chunk's file and those of the chunks it imports, less what the entry page loads anyway. */
function chunkFiles(key: string, seen = new Set<string>(['index.html', ...(entry.imports ?? [])])): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build has no chunk ${key}`);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(imported, seen))];
}
const languageChunk = (language: Language) => chunkFiles(`../../packages/i18n/src/bundles/${language}.ts`);
const applicationChunks = chunkFiles('src/ApplicationRoot.tsx');

const entryStyles = entry.css ?? [];
for (const file of entryStyles) if (readFileSync(join(web, 'dist', file), 'utf8').includes('</style')) throw new Error(`${file} cannot be inlined: it holds </style`);
const inlineStyles = entryStyles.map((file) => `<style>${readFileSync(join(web, 'dist', file), 'utf8').replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')}</style>`).join('');
/**
 * The script a drawn page asks for instead of the app's, the same for every drawn page: once the page
 * has painted, it asks for the files its tag names (the entry's chunks and the page's language, and
 * for a logged-in applicant the application's: modulepreload, as the head did) and runs the entry
 * named first. Until the app has taken the page over, it holds the clicks on its buttons.
 * Named by its content, as the build's own files are (they are served as immutable).
 */
function afterPaintScript(): string {
  const source = [
    "// Written by apps/web/scripts/prerender.ts: a drawn page's scripts, asked for once it has painted.",
    "const [entry, ...files] = document.querySelector('script[data-after-paint]').dataset.afterPaint.split(' ');",
    '// A click on a button before the app has taken the page over is held, and done once it has (src/app/early-input.ts).',
    'const held = [];',
    'const hold = (event) => {',
    "  const button = event.target instanceof Element ? event.target.closest('#root button') : null;",
    '  if (!button) return;',
    '  event.preventDefault();',
    '  event.stopImmediatePropagation();',
    '  if (!held.includes(button)) held.push(button);',
    '};',
    "document.addEventListener('click', hold, true);",
    "window.khReleaseClicks = () => (document.removeEventListener('click', hold, true), held);",
    'requestAnimationFrame(() => setTimeout(() => {',
    "  for (const href of files) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }));",
    '  import(entry);',
    '}));',
    '',
  ].join('\n');
  // Minified as the build's own scripts are: it is part of every drawn page's download.
  const code = minifySync('after-paint.js', source, { module: true, compress: true, mangle: true }).code;
  const file = `assets/after-paint-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(web, 'dist', file), code);
  return file;
}
const afterPaint = afterPaintScript();

const entryChunks = [entry.file, ...chunkFiles('index.html', new Set())].filter((file, i, all) => all.indexOf(file) === i);
const withScriptsAfterPaint = (html: string, language: Language, session: 'in' | 'out') => {
  // A logged-in applicant's drawn page asks for the application's code too.
  const files = [...entryChunks, ...languageChunk(language), ...(session === 'in' ? applicationChunks : [])].map((file) => `/${file}`).join(' ');
  return html
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(`<script type="module" crossorigin src="/${entry.file}"></script>`, `<script type="module" src="/${afterPaint}" data-after-paint="${files}"></script>`);
};
const withStylesInline = (html: string) => {
  for (const file of entryStyles) {
    const link = `<link rel="stylesheet" crossorigin href="/${file}">`;
    if (!html.includes(link)) throw new Error(`dist/index.html has no ${link}`);
    html = html.replace(link, '');
  }
  return html.replace('</head>', `    ${inlineStyles}\n  </head>`);
};

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
function page(language: Language, boot: PageBoot, preload: string[], drawn?: { html: string; title: string }): string {
  // A drawn page's preloads are its after-paint script's.
  const hints = drawn ? '' : preload.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join('');
  let html = template
    .replace('<html lang="en">', `<html lang="${language}">`)
    .replace('</head>', `${hints}  </head>`)
    .replace('<div id="root"></div>', `<div id="root"${pageBootAttributes(boot)}>${drawn?.html ?? ''}</div>`);
  if (drawn) html = withScriptsAfterPaint(withStylesInline(html.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(drawn.title)}</title>`)), language, boot.session ?? 'out');
  return html;
}

// A logged-out page for each: a path that needs no login shows the start page, any other the login.
const pathOf: Record<Exclude<DrawnPage, 'status'>, string> = { start: '/status/entry', login: '/info/base' };
mkdirSync(join(web, 'dist/pages'), { recursive: true });
let written = 0;
const write = (name: string, html: string) => (writeFileSync(join(web, `dist/pages/${name}.html`), html), written++);
for (const language of LANGUAGES) {
  for (const drawnPage of ['start', 'login'] as const)
    write(`${drawnPage}.${language}`, page(language, { session: 'out', drawn: drawnPage, language }, languageChunk(language), await drawLoggedOut(pathOf[drawnPage], language)));
  for (const state of Object.keys(DRAWN_STATUS) as (keyof typeof DRAWN_STATUS)[])
    write(`status-${state}.${language}`, page(language, { session: 'in', drawn: 'status', language }, [], await drawStatus(state, language)).replace('<head>', `<head>\n    ${resumeCheckElement()}`).replace('</head>', `<style>${RESUMING_STYLE}</style>\n  </head>`));
  write(`app.${language}`, page(language, { session: 'in' }, [...languageChunk(language), ...applicationChunks]));
}
console.log(`wrote ${written} pages into dist/pages`);
