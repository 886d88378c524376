// pnpm --filter @kh/server audit:verify (or node dist/audit-verify.js): recomputes the audit log's
// hash chain in the database of DATABASE_URL (or DATA_DIR's embedded one, with the server stopped)
// and prints the head to note elsewhere, or the first entry that does not fit. Exit 1 when broken.
// `--expect <position>:<hash>` also checks a head noted earlier is still in the chain: nothing was cut.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/database.ts';
import { auditLog } from '../src/db/schema.ts';
import { verifyAuditChain } from '../src/audit/audit.ts';

const { values } = parseArgs({ options: { expect: { type: 'string' } } });
const database = await openDatabase({ dataDir: resolve(process.env.DATA_DIR ?? '.data'), databaseUrl: process.env.DATABASE_URL || undefined }).catch((error: Error) => {
  console.error(`Could not open the database: ${error.message}`);
  process.exit(2);
});
const REASONS = {
  hash: 'its columns are not what its hash says (it was changed)',
  link: 'it does not link to the entry before it (an entry before it was removed or changed)',
  gap: 'the chain skips positions before it (entries were removed)',
  unchained: 'it has no place in the chain (written around the trigger)',
};
try {
  const verdict = await verifyAuditChain(database.db);
  if (verdict.broken) {
    console.error(`Audit log broken at entry ${verdict.broken.id} (chain position ${verdict.broken.chainSeq ?? 'none'}): ${REASONS[verdict.broken.reason]}.`);
    process.exitCode = 1;
  } else {
    console.log(`Audit log intact: ${verdict.entries} entries; head ${verdict.head ? `${verdict.head.chainSeq}:${verdict.head.hash}` : '(empty)'}`);
  }
  if (values.expect) {
    const [position, hash] = values.expect.split(':');
    const [row] = await database.db.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.chainSeq, Number(position)));
    if (row?.hash !== hash) {
      console.error(`The head noted earlier (${values.expect}) is not in the chain: entries up to it were removed or rewritten.`);
      process.exitCode = 1;
    } else console.log(`The head noted earlier (position ${position}) is still in the chain.`);
  }
} finally {
  await database.close();
}
