// `pnpm --filter <package> test` must run that package's tests: every workspace package with a test
// folder declares a test script that runs vitest, and running it runs at least one test.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
