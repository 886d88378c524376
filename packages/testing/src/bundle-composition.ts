// What a built chunk is made of: its source map attributes every generated character to a source,
// and sources group by package. Used by the bundle budget test and the bench to say where bytes go.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

export interface ChunkShare {
  /** npm package name, `@kh/<workspace package>`, `schemas`, or `app` for the app's own code. */
  origin: string;
  minified: number;
  /** The origin's share of the chunk's gzip size, in proportion to its minified bytes. */
  gzip: number;
}

export function originOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = source.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const workspace = /(?:^|\/)packages\/([^/]+)\//.exec(source);
  if (workspace) return `@kh/${workspace[1]}`;
  if (/(?:^|\/)schemas\//.test(source)) return 'schemas';
  return 'app';
}

/** Minified and (proportional) gzip bytes of each origin in one chunk, largest first. */
export function chunkComposition(jsPath: string): ChunkShare[] {
  const code = readFileSync(jsPath, 'utf8');
  const total = Buffer.byteLength(code);
  const gzip = gzipSync(code, { level: 9 }).length;
  // The bundler's own runtime comes without a map.
  if (!existsSync(`${jsPath}.map`)) return [{ origin: '(JSON data, bundler glue)', minified: total, gzip }];
  const map = JSON.parse(readFileSync(`${jsPath}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const bytes = new Map<string, number>();
  const add = (origin: string, n: number) => bytes.set(origin, (bytes.get(origin) ?? 0) + n);
  decode(map.mappings).forEach((segments, line) => {
    const text = lines[line] ?? '';
    let attributed = 0;
    segments.forEach((segment, i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : text.length;
      const origin = segment.length > 1 ? originOf(map.sources[segment[1]!]) : '(JSON data, bundler glue)';
      add(origin, Buffer.byteLength(text.slice(segment[0], end)));
      attributed = end;
    });
    // A line's text before its first segment (and lines without any) is glue the bundler wrote.
    const unattributed = Buffer.byteLength(text) - Buffer.byteLength(text.slice(segments[0]?.[0] ?? text.length, attributed));
    if (unattributed > 0) add('(JSON data, bundler glue)', unattributed);
  });
  return [...bytes]
    .map(([origin, minified]) => ({ origin, minified, gzip: Math.round((gzip * minified) / total) }))
    .sort((a, b) => b.minified - a.minified);
}

/** Sums shares of several chunks (a page's whole first load) by origin. */
export function mergeCompositions(parts: ChunkShare[][]): ChunkShare[] {
  const merged = new Map<string, ChunkShare>();
  for (const share of parts.flat()) {
    const seen = merged.get(share.origin) ?? { origin: share.origin, minified: 0, gzip: 0 };
    merged.set(share.origin, { origin: share.origin, minified: seen.minified + share.minified, gzip: seen.gzip + share.gzip });
  }
  return [...merged.values()].sort((a, b) => b.minified - a.minified);
}

export function formatComposition(shares: ChunkShare[], limit = 20): string {
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
  const rows = shares.slice(0, limit).map((s) => `${s.origin.padEnd(40)}${kb(s.minified)} KB${kb(s.gzip)} KB gz`);
  const rest = shares.slice(limit);
  if (rest.length) rows.push(`${`(${rest.length} more)`.padEnd(40)}${kb(rest.reduce((n, s) => n + s.minified, 0))} KB${kb(rest.reduce((n, s) => n + s.gzip, 0))} KB gz`);
  return rows.join('\n');
}
