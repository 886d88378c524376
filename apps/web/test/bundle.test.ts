// The production bundle compiles nothing at run time, and the server sends it with a strict CSP.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_PROPERTY, compile } from '@kh/engine';
import { widgets } from '@kh/ui';
import { loadDictionaries, loadStepSchemas } from '@kh/engine/node';
import { startProduct, type Product } from './harness.ts';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist/assets');
let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product?.close());

describe('the built app', () => {
  it('holds no new Function or eval: the validators are precompiled', () => {
    const scripts = readdirSync(dist).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) expect(readFileSync(join(dist, file), 'utf8'), file).not.toMatch(/new Function\(|\beval\(/);
  });
  it('loads the QR code, signature and PDF libraries with their pages only, and one phone metadata set', () => {
    // The first load: the entry script and the chunks the page preloads for it (the framework's).
    const page = readFileSync(join(dist, '../index.html'), 'utf8');
    const firstLoad = [...page.matchAll(/(?:src|href)="\/assets\/([\w-]+\.js)"/g)].map((match) => match[1]!);
    expect(firstLoad.some((file) => file.startsWith('index-'))).toBe(true);
    // A `?url` module is only the address of an asset (pdf.js's worker), not the library.
    // (The bundler's own runtime comes without a map.)
    const sources = firstLoad.filter((file) => existsSync(join(dist, `${file}.map`))).flatMap((file) => (JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources);
    expect(sources.some((s) => s.includes('react-dom'))).toBe(true);
    for (const deferred of ['/qrcode/', '/signature_pad/', '/pdfjs-dist/', 'metadata.min.json']) expect(sources.filter((s) => s.includes(deferred) && !s.endsWith('?url')), deferred).toEqual([]);
  });
  it("leaves out what of RJSF nothing draws: no step's render schema or uiSchema can ask for it", () => {
    const dictionaries = loadDictionaries();
    const steps = loadStepSchemas();
    expect(steps.length).toBeGreaterThan(10);
    const asks = (node: unknown): string[] =>
      node && typeof node === 'object'
        ? Object.entries(node).flatMap(([key, value]) => [...(['oneOf', 'anyOf', 'allOf', 'ui:field'].includes(key) ? [key] : []), ...asks(value)])
        : [];
    for (const step of steps) {
      const compiled = compile(step, { dictionaries });
      // The oneOf/anyOf chooser, the layout-grid fields and the allOf merger.
      expect(asks(compiled.renderSchema), step.id).toEqual([]);
      expect(asks(compiled.uiSchema), step.id).toEqual([]);
      // RJSF's own widgets and its fields for arrays, nulls and untyped schemas: every answer is a
      // string, number, boolean or list of strings drawn by one of the theme's widgets (the context
      // rides along hidden, drawn by nothing).
      for (const [id, property] of Object.entries(compiled.renderSchema.properties ?? {}) as [string, { type?: string; items?: { type?: string } }][]) {
        const widget = (compiled.uiSchema[id] as { 'ui:widget'?: string } | undefined)?.['ui:widget'];
        if (id === CONTEXT_PROPERTY) {
          expect([property.type, widget], step.id).toEqual(['object', 'hidden']);
          continue;
        }
        expect(Object.keys(widgets), `${step.id}.${id}`).toContain(widget);
        expect(['string', 'number', 'boolean', 'array'], `${step.id}.${id}`).toContain(property.type);
        if (property.type === 'array') expect(property.items?.type, `${step.id}.${id}`).toBe('string');
      }
    }
    const sources = readdirSync(dist)
      .filter((f) => f.endsWith('.js.map'))
      .flatMap((f) => (JSON.parse(readFileSync(join(dist, f), 'utf8')) as { sources: string[] }).sources);
    const left = sources.filter(
      (s) =>
        /@rjsf\/core\/lib\/components\/(fields\/(Layout\w+|MultiSchemaField|ArrayField|FallbackField|NullField|CyclicSchemaField)|widgets\/\w+|templates\/[\w/]+)\.js$/.test(s) ||
        /@rjsf\/utils\/lib\/schema\/(shallowAllOfMerge|getClosestMatchingOption|omitExtraData|toPathSchema)\.js$/.test(s) ||
        s.includes('/@x0k/json-schema-merge/'),
    );
    expect(left).toEqual([]);
  });
  it('is served on the API origin with a strict Content-Security-Policy, every app path answering the app', async () => {
    for (const path of ['/status/entry', '/info/base', '/market/again', '/error?code=500']) {
      const res = await fetch(`${product.origin}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).toContain('<div id="root"');
    }
    const api = await fetch(`${product.origin}/api/kh/account/apply/nothing`);
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe('404');
  });
});
