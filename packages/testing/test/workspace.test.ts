// `pnpm --filter <package> test` must run that package's tests: every workspace package with a test
// folder declares a test script that runs vitest, and running it runs at least one test.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const packages = ['packages', 'apps'].flatMap((group) => readdirSync(join(root, group)).map((name) => join(group, name))).filter((dir) => existsSync(join(root, dir, 'package.json')));

describe('every package runs its own tests', () => {
  it.each(packages.filter((dir) => existsSync(join(root, dir, 'test'))))('%s has a test script that runs vitest', (dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    expect(manifest.scripts?.test).toMatch(/vitest run/);
  });
  it('`pnpm --filter @kh/flow test` runs the flow tests', () => {
    const output = execFileSync('pnpm', ['--filter', '@kh/flow', 'test'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    // eslint-disable-next-line no-control-regex -- the reporter's colours
    expect(output.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/Tests\s+[1-9]\d* passed/);
  }, 60_000);
});

// The product runs on the Node the root package declares: no dependency that runs in Node may ask
// for a newer one. Code that only runs in the browser is named here, with why.
const BROWSER_ONLY = new Set(['pdfjs-dist']);

interface Listed {
  path?: string;
  dependencies?: Record<string, Listed>;
}

describe('dependencies run on the Node the product declares', () => {
  it('every production dependency, direct or not, accepts the lowest Node the root allows', () => {
    const declared = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const lowest = semver.minVersion(declared)!.version;
    const projects = JSON.parse(execFileSync('pnpm', ['ls', '-r', '--prod', '--depth', 'Infinity', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as Listed[];
    const refusing = new Set<string>();
    const seen = new Set<string>();
    const visit = (name: string, entry: Listed) => {
      // Optional packages for other platforms are listed but not installed.
      if (!entry.path || seen.has(entry.path) || !existsSync(join(entry.path, 'package.json'))) return;
      seen.add(entry.path);
      const manifest = JSON.parse(readFileSync(join(entry.path, 'package.json'), 'utf8')) as { version: string; engines?: { node?: string } };
      const wants = manifest.engines?.node;
      if (wants && !BROWSER_ONLY.has(name) && !semver.satisfies(lowest, wants)) refusing.add(`${name}@${manifest.version} wants Node ${wants}`);
      for (const [child, listed] of Object.entries(entry.dependencies ?? {})) visit(child, listed);
    };
    for (const project of projects) for (const [name, listed] of Object.entries(project.dependencies ?? {})) visit(name, listed);
    expect(seen.size).toBeGreaterThan(100);
    expect([...refusing]).toEqual([]);
  });
});

// `pnpm test` (what CI runs) is the static checks, then two lanes side by side: together they must
// run every vitest project once, the server suite a second time on PostgreSQL, and the Storybook check.
describe('`pnpm test` runs everything', () => {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  /** The commands a script comes to, `pnpm run <script>` and concurrently's quoted commands opened up. */
  const commandsOf = (script: string): string[] =>
    scripts[script]!.split('&&').flatMap((part) => {
      const command = part.trim();
      const concurrent = /^concurrently\b/.test(command) ? [...command.matchAll(/'([^']+)'/g)].map((match) => match[1]!) : [command];
      return concurrent.flatMap((each) => {
        const run = /^pnpm run ([\w:-]+)$/.exec(each);
        return run ? commandsOf(run[1]!) : [each];
      });
    });
  const commands = commandsOf('test');

  it('runs the static checks and builds, both server passes and the Storybook check', () => {
    for (const expected of ['pnpm --filter @kh/engine build:validators', 'pnpm --filter @kh/engine schemas:lint', 'pnpm -r --if-present typecheck', 'eslint .', 'pnpm --filter @kh/web build', 'pnpm --filter @kh/console build', 'pnpm --filter @kh/server test:postgres', 'storybook build --disable-telemetry --quiet -o storybook-static', 'tsx packages/ui/scripts/check-storybook.ts'])
      expect(commands).toContain(expected);
  });

  it('runs every vitest project once across its lanes', () => {
    const runs = commands.filter((command) => command.startsWith('vitest run'));
    const listed = (args: string[]) =>
      execFileSync('pnpm', ['exec', 'vitest', 'list', '--filesOnly', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
        .split('\n')
        .filter(Boolean)
        .sort();
    const everyFile = listed([]);
    const byLane = runs.flatMap((run) => listed([...run.matchAll(/--project '([^']+)'|--project (\S+)/g)].flatMap((match) => ['--project', match[1] ?? match[2]!])));
    expect(everyFile.length).toBeGreaterThan(100);
    expect(byLane.sort()).toEqual(everyFile);
  }, 120_000);
});
