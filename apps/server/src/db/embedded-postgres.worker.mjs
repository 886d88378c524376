// The embedded database (PGlite) in a worker thread, served over the PostgreSQL wire protocol on a
// Unix socket: its queries run off the server's event loop, and the server talks to it with the same
// driver (node-postgres) as to a real PostgreSQL. Plain JavaScript: a worker gets no TypeScript loader.
//
// The wire server is ours, not @electric-sql/pglite-socket's: that one runs each protocol message on
// its own (a query's Parse, Bind, Describe, Execute and Sync: five runs and five socket writes), so one
// connection's query could run between another's messages, and the server had to keep to one
// connection; the profile of `pnpm bench` then showed the worker idle a third of the time, waiting for
// the next query. Here a connection's messages run together up to the point where its client waits
// (Sync, Query, Flush), answered with one write; several connections keep the worker fed; and PGlite
// being one session, a connection inside a transaction (or between a Flush and its Sync) keeps the
// session until it is out, and each connection's prepared statements are named apart.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { dataDir, socketPath, startFrom } = workerData;
// pg_trgm: the queue's search indexes (drizzle/0027). startFrom: a copy saved by `saveCopy` below.
const db = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(startFrom ? { loadDataDir: new Blob([readFileSync(startFrom)]) } : {}) });

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const FLUSH = 0x48; // 'H'
const WAITS_FOR_ANSWER = new Set([SYNC, QUERY, FLUSH, TERMINATE]);

/** Batches waiting to run, in arrival order: { socket, message, endsOnFlush }, { rollback: true } or { forget: [names] }. */
const waiting = [];
/** The connection that has the session (inside a transaction, or mid extended query), if any. */
let owner = null;
let running = false;

function pump() {
  if (running || waiting.length === 0) return;
  const index = owner ? waiting.findIndex((job) => job.socket === owner) : 0;
  if (index < 0) return;
  const [job] = waiting.splice(index, 1);
  running = true;
  run(job)
    .then(
      (midSequence) => (owner = !db.closed && (db.isInTransaction() || midSequence) ? job.socket : null),
      (error) => (job.socket?.destroy(error), (owner = null)),
    )
    .finally(() => ((running = false), pump()));
}

/** Runs one job; answers whether its connection is mid extended query (its batch ended on a Flush). */
async function run({ socket, message, endsOnFlush, rollback, forget }) {
  if (rollback) {
    if (!db.closed && db.isInTransaction()) await db.exec('rollback');
    return false;
  }
  if (forget) {
    if (!db.closed) for (const name of forget) await db.exec(`deallocate "${name.replaceAll('"', '""')}"`).catch(() => undefined);
    return false;
  }
  if (socket.destroyed) return false;
  if (message[0] === TERMINATE) {
    socket.end();
    return false;
  }
  const answer = [];
  await db.execProtocolRawStream(message, { onRawData: (data) => answer.push(Buffer.from(data)) });
  if (answer.length && !socket.destroyed) socket.write(answer.length === 1 ? answer[0] : Buffer.concat(answer));
  return endsOnFlush;
}

const PARSE = 0x50; // 'P': name, query, …
const BIND = 0x42; // 'B': portal, statement name, …
const DESCRIBE = 0x44; // 'D': 'S' or 'P', name
const CLOSE = 0x43; // 'C': 'S' or 'P', name

/**
 * Prepared statements are a session's, and here every connection shares PGlite's one session: two
 * connections preparing "kh_session_lookup" would collide. Each connection's statement names get its
 * own prefix. Answers the message as it is when it names no statement.
 */
function withOwnStatementName(message, prefix, names) {
  const type = message[0];
  let at;
  if (type === PARSE) at = 5;
  else if (type === BIND) at = message.indexOf(0, 5) + 1;
  else if ((type === DESCRIBE || type === CLOSE) && message[5] === 0x53) at = 6;
  else return message;
  const nameEnd = message.indexOf(0, at);
  if (nameEnd === at) return message; // the unnamed statement: one batch's own, never shared across batches
  const name = `${prefix}${message.toString('utf8', at, nameEnd)}`;
  names.add(name);
  const renamed = Buffer.concat([message.subarray(0, at), Buffer.from(name), message.subarray(nameEnd)]);
  renamed.writeInt32BE(renamed.length - 1, 1);
  return renamed;
}

const sockets = new Set();
let connections = 0;
const server = createServer((socket) => {
  sockets.add(socket);
  const prefix = `c${++connections}_`;
  const statementNames = new Set();
  let pending = Buffer.alloc(0);
  let started = false;
  let messages = [];
  socket.setNoDelay(true);
  socket.on('data', (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    // The messages complete so far; a partial one waits for the rest.
    const batches = [];
    let end = 0;
    for (;;) {
      if (!started) {
        // Untyped start-up messages: an SSL request (refused, "N"), a cancel (not supported), or the start-up itself.
        if (pending.length - end < 8 || pending.length - end < pending.readInt32BE(end)) break;
        const length = pending.readInt32BE(end);
        const code = pending.readInt32BE(end + 4);
        if (code === SSL_REQUEST) socket.write('N');
        else if (code !== CANCEL_REQUEST) {
          batches.push({ socket, message: pending.subarray(end, end + length), endsOnFlush: false });
          started = true;
        }
        end += length;
        continue;
      }
      if (pending.length - end < 5 || pending.length - end < 1 + pending.readInt32BE(end + 1)) break;
      const type = pending[end];
      const length = 1 + pending.readInt32BE(end + 1);
      messages.push(withOwnStatementName(pending.subarray(end, end + length), prefix, statementNames));
      end += length;
      // Messages after the last one the client waits on stay until the rest of their sequence comes.
      if (WAITS_FOR_ANSWER.has(type)) {
        batches.push({ socket, message: Buffer.concat(messages), endsOnFlush: type === FLUSH });
        messages = [];
      }
    }
    pending = Buffer.from(pending.subarray(end));
    messages = messages.map((message) => Buffer.from(message));
    for (const batch of batches) waiting.push({ ...batch, message: new Uint8Array(batch.message) });
    pump();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    sockets.delete(socket);
    for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i].socket === socket) waiting.splice(i, 1);
    // A connection that dropped inside a transaction must not leave it open for the next one.
    if (owner === socket) {
      waiting.unshift({ rollback: true });
      owner = null;
    }
    if (statementNames.size > 0) waiting.push({ forget: [...statementNames] });
    pump();
  });
});
await new Promise((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
parentPort.postMessage({ ready: true });
parentPort.on('message', async (message) => {
  if (message?.saveCopy) {
    // Written beside and renamed: another process never reads half a copy.
    // A copy not saved (a full disk) only means the next start migrates again.
    const partial = `${message.saveCopy}.${process.pid}.${Date.now()}.partial`;
    try {
      await db.exec('checkpoint');
      writeFileSync(partial, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
      renameSync(partial, message.saveCopy);
    } catch {
      rmSync(partial, { force: true });
    }
    parentPort.postMessage({ saved: true });
    return;
  }
  if (message !== 'stop') return;
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  waiting.length = 0;
  while (running) await new Promise((resolve) => setTimeout(resolve, 5));
  await db.close();
  parentPort.postMessage({ stopped: true });
});
