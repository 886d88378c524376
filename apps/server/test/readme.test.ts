// README shows the staff roles table as the code has it: the copy between its markers is what
// `pnpm --filter @kh/server staff:roles` prints.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionTable } from '../src/staff/staff-access.ts';

describe('README', () => {
  it('prints who may do what exactly as staff/staff-access.ts says (run pnpm --filter @kh/server staff:roles)', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const copy = /<!-- staff-roles:start -->\n([\s\S]*?)\n<!-- staff-roles:end -->/.exec(readme)?.[1];
    expect(copy).toBe(permissionTable());
  });
});

describe('README lists every setting', () => {
  it('each KH_* variable the server reads is in README', async () => {
    const { readdirSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));
    const serverDir = resolve(import.meta.dirname, '..');
    const read = new Set([...files(join(serverDir, 'src')), ...files(join(serverDir, 'scripts'))].flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bKH_[A-Z0-9_]*[A-Z0-9]\b/g)].map((m) => m[0])));
    const readme = readFileSync(resolve(serverDir, '../../README.md'), 'utf8');
    expect([...read].filter((name) => !readme.includes(`\`${name}\``) && !readme.includes(`${name},`) && !readme.includes(`${name}\``)).sort()).toEqual([]);
    expect(read.size).toBeGreaterThan(40);
  });
});
