// node dist/retention.js <command> (pnpm --filter @kh/server retention <command>): the records'
// retention, run by operators and by a scheduled job with the server's own settings (README "Retention").
//   report                                what is due for removal now, what is held; JSON
//   purge [--limit N]                     removes what is due and not held, then the audit log's oldest entries
//   close <memberId> [--at ISO] --by NAME the broker closed this account: its retention period starts
//   hold <memberId> --reason TEXT --by NAME   nothing of this member is removed until released
//   release <memberId> --by NAME          ends the member's holds
// Every action but report is an audit entry. Output is one JSON line; exit 2 for a usage error.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { closeAccount, placeHold, purgeDue, releaseHolds, retentionReport } from '../src/applications/retention.ts';
import { localFileStorage } from '../src/storage/file-storage.ts';
import { s3FileStorage } from '../src/storage/s3-storage.ts';
import { join } from 'node:path';

const USAGE = 'Usage: retention report | purge [--limit N] | close <memberId> [--at ISO] --by NAME | hold <memberId> --reason TEXT --by NAME | release <memberId> --by NAME';
// The member id comes right after its command, taken as it is: an id may begin with "-" (ids are
// base64url), which parseArgs would read as an option.
const [command, ...rest] = process.argv.slice(2);
const memberId = ['close', 'hold', 'release'].includes(command ?? '') ? rest.shift() : undefined;
const { values } = parseArgs({ args: rest, options: { limit: { type: 'string' }, at: { type: 'string' }, reason: { type: 'string' }, by: { type: 'string' } } });
const fail = (message: string, code = 2): never => {
  console.error(JSON.stringify({ level: 'error', msg: message }));
  process.exit(code);
};
if (!['report', 'purge', 'close', 'hold', 'release'].includes(command ?? '')) fail(USAGE);
if (['close', 'hold', 'release'].includes(command!) && (!memberId || !values.by)) fail(USAGE);
if (command === 'hold' && !values.reason?.trim()) fail('hold: --reason is required');
const at = values.at ? new Date(values.at) : new Date();
if (Number.isNaN(at.getTime())) fail(`--at: "${values.at}" is not a date`);
const limit = values.limit ? Number(values.limit) : 1000;
if (!Number.isInteger(limit) || limit < 1) fail(`--limit: "${values.limit}" is not a positive whole number`);

let config: ReturnType<typeof loadConfig>;
try {
  // The server's settings (KH_RETENTION_YEARS, the bucket): the job runs with the server's environment.
  config = loadConfig(process.env);
} catch (error) {
  fail((error as Error).message);
}
const database = await openDatabase({ dataDir: config!.dataDir, databaseUrl: config!.databaseUrl }).catch((error: Error) => fail(`Could not open the database: ${error.message}`, 1));
const storage = config!.s3 ? s3FileStorage(config!.s3) : localFileStorage(join(config!.dataDir, 'files'));
try {
  const db = database.db;
  const settings = config!.retention;
  if (command === 'report') {
    const report = await retentionReport(db, settings, new Date());
    console.log(JSON.stringify({ level: 'info', msg: 'retention report', settings, dueMembers: report.due.filter((d) => !d.held).length, heldMembers: report.due.filter((d) => d.held).length, auditEntriesDue: report.auditEntriesDue, due: report.due }));
  } else if (command === 'purge') {
    const outcome = await purgeDue(db, storage, settings, new Date(), limit);
    console.log(JSON.stringify({ level: 'info', msg: 'retention purge', ...outcome }));
  } else if (command === 'close') {
    await closeAccount(db, memberId!, at, values.by!);
    console.log(JSON.stringify({ level: 'info', msg: 'account closed', memberId, closedAt: at.toISOString() }));
  } else if (command === 'hold') {
    const holdId = await placeHold(db, memberId!, values.reason!.trim(), values.by!);
    console.log(JSON.stringify({ level: 'info', msg: 'legal hold placed', memberId, holdId }));
  } else {
    const released = await releaseHolds(db, memberId!, values.by!);
    console.log(JSON.stringify({ level: 'info', msg: 'legal holds released', memberId, released }));
  }
} catch (error) {
  console.error(JSON.stringify({ level: 'error', msg: `retention ${command} failed`, reason: (error as Error).message.split('\n')[0] }));
  process.exitCode = 1;
} finally {
  await database.close();
}
