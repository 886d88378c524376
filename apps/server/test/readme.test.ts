// README shows the staff roles table as the code has it: the copy between its markers is what
// `pnpm --filter @kh/server staff:roles` prints.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionTable } from '../src/services/staff-access.ts';

describe('README', () => {
  it('prints who may do what exactly as services/staff-access.ts says (run pnpm --filter @kh/server staff:roles)', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const copy = /<!-- staff-roles:start -->\n([\s\S]*?)\n<!-- staff-roles:end -->/.exec(readme)?.[1];
    expect(copy).toBe(permissionTable());
  });
});
