// keep import.meta.url: scripts/build.mjs leaves this file's import.meta.url alone, so the built
// server finds its worker (dist/pdf.js) beside itself.
//
// The server's side of the PDF worker (pdf.worker.ts): a document's items in, its bytes out.
import { WorkerThread } from '../jobs/worker-thread.ts';
import type { Item } from './pdf-rendering.ts';

const workerUrl = import.meta.url.endsWith('.ts') ? new URL('./pdf.source.mjs', import.meta.url) : new URL('./pdf.js', import.meta.url);

export class PdfRenderer {
  private readonly worker = new WorkerThread(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: 512 } });

  /** The signed application's PDF. */
  async application(items: Item[]): Promise<Uint8Array> {
    const bytes = await this.worker.call<Uint8Array>({ op: 'application', items });
    return new Uint8Array(bytes);
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
