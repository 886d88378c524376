// pnpm --filter @kh/server staff:roles: prints who may do what (services/staff-access.ts) as the
// Markdown table README shows; a test fails when README's copy differs.
import { permissionTable } from '../src/services/staff-access.ts';

console.log(permissionTable());
