// pnpm --filter @kh/server openapi: writes docs/openapi.json from the route schemas. A test fails
// when the file is stale (test/openapi.test.ts).
import { writeFileSync } from 'node:fs';
import { OPENAPI_FILE, openApiDocument } from '../src/openapi.ts';

writeFileSync(OPENAPI_FILE, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
console.log(`Wrote ${OPENAPI_FILE}`);
