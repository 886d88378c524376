// The embedded database (PGlite) in a worker thread, served over the PostgreSQL wire protocol on a
// Unix socket: its queries run off the server's event loop, and the server talks to it with the same
// driver (node-postgres) as to a real PostgreSQL. Plain JavaScript: a worker gets no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, connections } = workerData;
const db = await PGlite.create(dataDir);
// The socket server queues the connections' queries and keeps a transaction to the connection that opened it.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: connections });
await server.start();
parentPort.postMessage({ ready: true });
parentPort.on('message', async (message) => {
  if (message !== 'stop') return;
  await server.stop();
  await db.close();
  parentPort.postMessage({ stopped: true });
});
