// The studio's worker thread: runs one piece of studio work at a time (studio-documents.ts) and
// answers it. The server times each piece and ends this thread when one runs too long or too big.
import { parentPort } from 'node:worker_threads';
import { STUDIO_WORK, type StudioWork } from './studio-documents.ts';

const port = parentPort!;
port.on('message', (job: { id: number; op: keyof StudioWork; input: never }) => {
  try {
    const result = STUDIO_WORK[job.op](job.input);
    port.postMessage({ id: job.id, result });
  } catch (error) {
    port.postMessage({ id: job.id, error: (error as Error).message });
  }
});
port.postMessage({ ready: true });
