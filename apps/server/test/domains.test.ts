// The server's rooms (ARCHITECTURE.md "Domains"): one folder per domain, the platform below them, and
// the composition root above. These rules are checked on the real tree, and each is shown to catch a
// planted violation, so a rule that silently stopped matching would fail here too.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
/** The business, each with its routes, services, providers and sandbox. */
export const DOMAINS = ['applications', 'steps', 'passport', 'identity', 'payment', 'review', 'staff', 'audit', 'studio', 'documents', 'messages', 'analytics', 'pages'] as const;
/** Shared below every domain; knows none of them. */
export const PLATFORM = ['http', 'db', 'storage', 'jobs', 'observability', 'config', 'sandbox', 'types'] as const;

type Sources = Map<string, string>;

function sourcesOf(dir: string, into: Sources = new Map()): Sources {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'assets') sourcesOf(path, into);
    } else if (/\.(ts|mjs)$/.test(name)) into.set(relative(SRC, path).split(sep).join('/'), readFileSync(path, 'utf8'));
  }
  return into;
}

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Every relative import (static, re-export or dynamic) with the file it names. */
function importsOf(sources: Sources): Import[] {
  const found: Import[] = [];
  for (const [file, text] of sources) {
    const pattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;'"]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;
    for (const match of text.matchAll(pattern)) {
      const specifier = match[3] ?? match[4]!;
      const to = relative(SRC, resolve(SRC, dirname(file), specifier)).split(sep).join('/');
      found.push({ from: file, to, typeOnly: Boolean(match[2]) });
    }
  }
  return found;
}

const roomOf = (file: string): { kind: 'domain' | 'platform' | 'root' | 'outside'; name: string } => {
  if (file.startsWith('..')) return { kind: 'outside', name: file };
  const [top, ...rest] = file.split('/');
  if (rest.length === 0) return { kind: 'root', name: top! };
  if ((DOMAINS as readonly string[]).includes(top!)) return { kind: 'domain', name: top! };
  if ((PLATFORM as readonly string[]).includes(top!)) return { kind: 'platform', name: top! };
  return { kind: 'outside', name: top! };
};

/** The rules: what each import may reach, and the domains' calls in one direction only. */
export function violationsOf(sources: Sources): string[] {
  const problems: string[] = [];
  const calls = new Map<string, Set<string>>();
  for (const { from, to, typeOnly } of importsOf(sources)) {
    const here = roomOf(from);
    const there = roomOf(to);
    if (here.kind === 'outside') problems.push(`${from}: a folder that is neither a domain nor the platform`);
    if (here.kind === 'platform' && (there.kind === 'domain' || there.kind === 'root')) problems.push(`${from} → ${to}: the platform knows no domain and not the composition root`);
    if (here.kind === 'platform' && here.name === 'config' && there.name !== 'config') problems.push(`${from} → ${to}: config reads settings and imports nothing else`);
    if (here.kind === 'domain' && there.kind === 'root' && !typeOnly) problems.push(`${from} → ${to}: a domain takes only types from the composition root`);
    if (here.kind === 'domain' && there.kind === 'domain' && here.name !== there.name) {
      if (to !== `${there.name}/index.ts`) problems.push(`${from} → ${to}: another domain is reached only through its index (${there.name}/index.ts)`);
      if (!calls.has(here.name)) calls.set(here.name, new Set());
      calls.get(here.name)!.add(there.name);
    }
  }
  // The domains' calls form no circle: a domain never reaches, through others, back to itself.
  const visiting: string[] = [];
  const done = new Set<string>();
  const visit = (domain: string) => {
    if (done.has(domain)) return;
    if (visiting.includes(domain)) {
      problems.push(`a circle between domains: ${[...visiting.slice(visiting.indexOf(domain)), domain].join(' → ')}`);
      return;
    }
    visiting.push(domain);
    for (const next of [...(calls.get(domain) ?? [])].sort()) visit(next);
    visiting.pop();
    done.add(domain);
  };
  [...calls.keys()].sort().forEach(visit);
  return problems;
}

/** Which domain calls which, as ARCHITECTURE.md's table lists it. */
export function domainCalls(sources: Sources): Record<string, string[]> {
  const calls: Record<string, Set<string>> = {};
  for (const { from, to } of importsOf(sources)) {
    const here = roomOf(from);
    const there = roomOf(to);
    if (here.kind === 'domain' && there.kind === 'domain' && here.name !== there.name) (calls[here.name] ??= new Set()).add(there.name);
  }
  return Object.fromEntries(Object.entries(calls).map(([domain, set]) => [domain, [...set].sort()]));
}

const real = sourcesOf(SRC);
const planted = (file: string, text: string) => new Map([...real, [file, text]]);

describe('the server is arranged by domain', () => {
  it('every folder under src is a domain or the platform, and each domain says what it offers in an index', () => {
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
    expect(folders.filter((name) => ![...DOMAINS, ...PLATFORM].includes(name as never))).toEqual([]);
    for (const domain of DOMAINS) expect(real.has(`${domain}/index.ts`), `${domain}/index.ts`).toBe(true);
  });

  it('no import breaks a rule: domains through indexes, the platform below them, no circles, config alone', () => {
    expect(violationsOf(real)).toEqual([]);
  });

  it('the domains that call others, and the ones nobody calls', () => {
    const calls = domainCalls(real);
    // Steps (the documents) and audit sit at the bottom: they call no domain.
    expect(calls.steps).toBeUndefined();
    expect(calls.audit).toBeUndefined();
    // Identity and payment settle into applications; review reaches documents and messages, never the reverse.
    expect(calls.identity).toContain('applications');
    expect(calls.review).toEqual(expect.arrayContaining(['applications', 'documents', 'messages', 'staff']));
    expect(calls.documents ?? []).not.toContain('review');
  });

  it('a planted import of another domain’s file, past its index, is caught', () => {
    const problems = violationsOf(planted('review/planted.ts', "import { payloadsOf } from '../applications/applications.ts';\n"));
    expect(problems).toEqual(['review/planted.ts → applications/applications.ts: another domain is reached only through its index (applications/index.ts)']);
  });

  it('a planted circle between two domains is caught', () => {
    const problems = violationsOf(planted('steps/planted.ts', "export { reviewPlanted } from '../review/index.ts';\n"));
    expect(problems.some((problem) => problem.startsWith('a circle between domains:') && problem.includes('steps'))).toBe(true);
  });

  it('the platform importing a domain, config importing a provider, and a domain taking code from the root are caught', () => {
    expect(violationsOf(planted('http/planted.ts', "import { STATUS } from '../applications/index.ts';\n"))).toEqual([
      'http/planted.ts → applications/index.ts: the platform knows no domain and not the composition root',
    ]);
    expect(violationsOf(planted('config/planted.ts', "import { zolozFrom } from '../identity/index.ts';\n"))).toEqual([
      'config/planted.ts → identity/index.ts: the platform knows no domain and not the composition root',
      'config/planted.ts → identity/index.ts: config reads settings and imports nothing else',
    ]);
    expect(violationsOf(planted('payment/planted.ts', "import { loadConfig } from '../config.ts';\n"))).toEqual([
      'payment/planted.ts → config.ts: a domain takes only types from the composition root',
    ]);
    expect(violationsOf(planted('payment/planted.ts', "import type { ServerConfig } from '../config.ts';\n"))).toEqual([]);
  });
});
