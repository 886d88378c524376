// pnpm --filter @kh/server staff:roles: prints who may do what (staff/staff-access.ts) as the
// Markdown table README shows; a test fails when README's copy differs.
import { permissionTable } from '../src/staff/staff-access.ts';

console.log(permissionTable());
