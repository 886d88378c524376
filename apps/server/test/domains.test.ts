// The server's rooms (ARCHITECTURE.md "Domains"): one folder per domain, the platform below them, and
// the composition root above. These rules are checked on the real tree, and each is shown to catch a
// planted violation, so a rule that silently stopped matching would fail here too.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
/** The business, each with its routes, services, providers and sandbox. */
export const DOMAINS = ['applications', 'steps', 'passport', 'identity', 'payment', 'review', 'staff', 'audit', 'studio', 'documents', 'messages', 'analytics', 'pages', 'screening'] as const;
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

/** Each table's owner: the section of db/schema.ts it sits in ("// ── <room>: …"). */
export function tableOwners(schema: string): Map<string, string> {
  const owners = new Map<string, string>();
  let room = '';
  for (const line of schema.split('\n')) {
    const section = /^\/\/ ── ([a-z]+)/.exec(line);
    if (section) room = section[1]!;
    const table = /^export const (\w+) = pgTable/.exec(line);
    if (table) owners.set(table[1]!, room);
  }
  return owners;
}

/** Every insert, update or delete a domain makes in a table another room owns. */
export function writesAcross(sources: Sources): string[] {
  const owners = tableOwners(sources.get('db/schema.ts') ?? '');
  const found = new Set<string>();
  for (const [file, text] of sources) {
    const here = roomOf(file);
    if (here.kind !== 'domain') continue;
    for (const match of text.matchAll(/\.(insert|update|delete)\((\w+)\)/g)) {
      const owner = owners.get(match[2]!);
      if (owner && owner !== here.name && owner !== 'platform') found.add(`${file} ${match[1]} ${match[2]} (${owner})`);
    }
  }
  return [...found].sort();
}

/**
 * The writes into another domain's tables, each for a reason; any other is a new one to name here.
 * A domain owns the tables of its section: it makes their rows. Others read them in the joins their
 * queries need (the queue, the case, retention).
 */
const NAMED_WRITES_ACROSS = [
  // A purge removes a member everywhere, in one transaction, and leaves the audit an anchor.
  ...['analyticsEvents (analytics)', 'auditAnchors (audit)', 'auditLog (audit)', 'caseNotes (review)', 'ekycChecks (identity)', 'errorReports (analytics)', 'files (documents)', 'handoffTokens (identity)', 'members (passport)', 'payments (payment)', 'smsCodes (passport)', 'smsOutbox (messages)'].flatMap((table) => {
    const verb = table.startsWith('auditAnchors') ? 'insert' : 'delete';
    return [`applications/retention.ts ${verb} ${table}`];
  }),
  'applications/retention.ts update members (passport)',
  // A settled identity check stores its images as the applicant's files and prefills the personal step.
  'identity/ekyc-outcome.ts insert applicationSteps (applications)',
  'identity/ekyc-outcome.ts insert files (documents)',
  // A decision moves the application (and its supplement), opens the member's markets, supersedes a rejected ID's check.
  'review/cases-routes.ts update applications (applications)',
  'review/decisions-routes.ts update applications (applications)',
  'review/decisions-routes.ts update ekycChecks (identity)',
  'review/decisions-routes.ts update members (passport)',
  'review/decisions-routes.ts update supplements (applications)',
  // A confirmed two-person change sets the MY client code.
  'staff/staff-changes.ts update applications (applications)',
].sort();

/** A comparison of a step's (or page's) name with a literal: behaviour that belongs in the step's document or the flow's registry. */
const STEP_BRANCH = /(?<!typeof\s)\b(?:stepId|step|page|route\??\.step)\s*[!=]==?\s*'[^']*'/;
export function stepBranchesIn(sources: Sources): string[] {
  return [...sources].flatMap(([file, text]) => text.split('\n').flatMap((line, index) => (STEP_BRANCH.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])));
}
const WEB_SRC = resolve(SRC, '../../web/src');
const webSources = (): Sources => {
  const found: Sources = new Map();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(name)) found.set(relative(WEB_SRC, path).split(sep).join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(WEB_SRC);
  return found;
};
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

  it('no server or app code branches on a step’s id: the step documents and the flow’s registry declare it', () => {
    expect(stepBranchesIn(real)).toEqual([]);
    expect(stepBranchesIn(webSources())).toEqual([]);
    // The check sees one when there is one (and not a typeof test).
    expect(stepBranchesIn(new Map([['planted.ts', "if (stepId === 'contact') prefill();\nif (typeof step === 'string') go();\n"]]))).toEqual(["planted.ts:1: if (stepId === 'contact') prefill();"]);
    expect(stepBranchesIn(new Map([['planted.tsx', "{route?.step === 'addMarket' && <Main />}\n"]]))).toHaveLength(1);
  });

  it('a domain makes rows in its own tables only, but for the writes across named with their reasons', () => {
    expect(writesAcross(real)).toEqual(NAMED_WRITES_ACROSS);
    const planted = new Map([...real, ['payment/planted.ts', 'await db.update(applications).set({ status: 4 });']]);
    expect(writesAcross(planted)).toContain('payment/planted.ts update applications (applications)');
  });
});
