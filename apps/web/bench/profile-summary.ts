// Reads a CPU profile of the built app (KEYSTROKE_PROFILE=<dir> on test/keystroke.test.ts, or any
// .cpuprofile from the DevTools protocol) through the dist source maps, and prints where the time
// went: `self` by function, `incl` by function with its callees, `pkg` by package (as the bundle report groups).
//   tsx bench/profile-summary.ts /tmp/prof/keystroke.cpuprofile incl
// PROFILE_LAST_MS=10000 reads only the profile's last 10 s (a server's profile: the last load it ran).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { originOf } from '@kh/testing';

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const [profileFile, mode = 'self', top = '40'] = process.argv.slice(2);
if (!profileFile || !(['self', 'incl', 'pkg'].includes(mode) || mode.startsWith('callers='))) throw new Error('usage: profile-summary <file.cpuprofile> [self|incl|pkg|callers=<label part>] [top]');
const assets = resolve(dirname(fileURLToPath(import.meta.url)), '../dist/assets');
const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as Profile;

const maps = new Map<string, { sources: string[]; names: string[]; lines: SourceMapSegment[][] } | null>();
function mapOf(url: string) {
  const file = url.split('/').pop()!;
  if (!maps.has(file)) {
    const path = join(assets, `${file}.map`);
    const map = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { sources: string[]; names: string[]; mappings: string }) : null;
    maps.set(file, map && { sources: map.sources, names: map.names, lines: decode(map.mappings) });
  }
  return maps.get(file);
}

interface Frame {
  /** "function source:line". */
  label: string;
  /** What the bundle-size report groups bytes by too (`originOf` of @kh/testing): a package, `@kh/<name>`, or app. */
  origin: string;
}

function frameOf({ functionName, url, lineNumber, columnNumber }: CallFrame): Frame {
  const name = functionName || '(anonymous)';
  const map = url ? mapOf(url) : null;
  const file = url ? url.split('/').pop()! : '(native)';
  const segment = map ? (map.lines[lineNumber] ?? []).filter((s) => s[0] <= columnNumber).pop() : undefined;
  if (!map || !segment || segment.length < 4) return { label: `${name} ${file}`, origin: file };
  const source = map.sources[segment[1]!];
  const shown = source.replace(/.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return { label: `${segment.length >= 5 ? map.names[segment[4]!] : name} ${shown}:${segment[2]! + 1}`, origin: originOf(source) };
}

const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const frames = new Map(profile.nodes.map((node) => [node.id, frameOf(node.callFrame)]));
const selfTime = new Map<number, number>();
const sampledAt = profile.timeDeltas.map(((sum) => (delta: number) => (sum += delta))(0));
const from = (sampledAt.at(-1) ?? 0) - Number(process.env.PROFILE_LAST_MS ?? Infinity) * 1000;
profile.samples.forEach((id, i) => sampledAt[i]! >= from && selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const totals = new Map<string, number>();
const add = (key: string, micros: number) => totals.set(key, (totals.get(key) ?? 0) + micros);
const callersOf = mode.startsWith('callers=') ? mode.slice('callers='.length) : undefined;
for (const [id, micros] of selfTime) {
  if (callersOf) {
    // The time under each call of the function, by the chain of its three nearest callers.
    const chain: string[] = [];
    let at: number | undefined = id;
    while (at !== undefined && !frames.get(at)!.label.includes(callersOf)) at = parent.get(at);
    for (at = at === undefined ? undefined : parent.get(at); at !== undefined && chain.length < 3; at = parent.get(at)) chain.push(frames.get(at)!.label);
    if (chain.length > 0) add(chain.join('  <  '), micros);
  } else if (mode === 'self') add(frames.get(id)!.label, micros);
  else if (mode === 'pkg') add(frames.get(id)!.origin, micros);
  else {
    // A function counted once per sample, however deep it recurses.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = frames.get(at)!.label;
      if (seen.has(key)) continue;
      seen.add(key);
      add(key, micros);
    }
  }
}
for (const [key, micros] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${(micros / 1000).toFixed(1).padStart(9)} ms  ${key}`);
