// The PDF worker thread: documents drawn here (pdf-lib, harfbuzz's font cutting), never on the
// server's event loop, where one application's PDF held it for half a second.
import { parentPort } from 'node:worker_threads';
import { answerMessages } from '../jobs/worker-thread.ts';
import { renderApplication, type Item } from './pdf-rendering.ts';

answerMessages(parentPort!, (message) => {
  if (message.op === 'application') return renderApplication(message.items as Item[]);
  throw new Error(`no such PDF: ${message.op}`);
});
