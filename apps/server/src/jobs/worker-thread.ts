// keep import.meta.url: a worker's file is named by its caller's import.meta.url; nothing here reads its own.
//
// A worker thread asked one thing at a time by message, for work that would hold the event loop
// (reading a list, screening, drawing a PDF): started at the first call, answered by id, started
// again after it ends (every call then waiting is refused, so no caller waits for ever). An idle
// thread does not keep the process up.
import { Worker, type ResourceLimits } from 'node:worker_threads';

export class WorkerThread {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private closed = false;

  /** `onRestart` is told when a thread ended, so what it held (a loaded list) is loaded again. */
  constructor(
    private readonly url: URL,
    private readonly options: { resourceLimits?: ResourceLimits; onRestart?: () => void } = {},
  ) {}

  get started(): boolean {
    return this.worker !== undefined;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.url, { resourceLimits: this.options.resourceLimits });
    worker.unref();
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.result);
    });
    const ended = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      this.options.onRestart?.();
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`the worker thread stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }

  call<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the worker thread is closed'));
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // A waiting call keeps the process up; an idle thread does not.
      worker.ref();
      worker.postMessage({ ...message, id }, transfer);
    }).finally(() => {
      if (this.pending.size === 0) this.worker?.unref();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

/** The worker side: answers each message with `run`'s result (or its error), by the message's id. */
export function answerMessages(port: import('node:worker_threads').MessagePort, run: (message: { id: number; op: string } & Record<string, unknown>) => unknown | Promise<unknown>): void {
  port.on('message', async (message: { id: number; op: string } & Record<string, unknown>) => {
    try {
      port.postMessage({ id: message.id, result: await run(message) });
    } catch (error) {
      port.postMessage({ id: message.id, error: (error as Error).message });
    }
  });
}
