// keep import.meta.url: scripts/build.mjs leaves this file's import.meta.url alone, so the built
// server finds its worker (dist/studio-compiler.js) beside itself.
//
// Where the studio's work on an editor's document runs: one worker thread, off the server's event
// loop, with a time limit for each piece of work (counted from the moment it starts, not while it
// waits its turn) and a heap limit. A piece that runs over is ended with its thread, which starts
// again for the next. How complex a document is, is measured by the lint (DOCUMENT_LIMITS: the
// conditions its visibility takes, counted), not by a clock; the time limit only stops a runaway. So a
// piece that runs out of time is tried once more on a fresh thread (a busy moment of the machine
// passes), and only then is its caller told the document is too complex. Lint answers are kept by
// content: a published version is linted once.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { AppError } from '../http/envelope.ts';
import type { StudioWork } from './studio-documents.ts';

export interface StudioLimits {
  /** How long one piece of work may run, in milliseconds. */
  timeoutMs: number;
  /** The worker's heap, in megabytes. */
  memoryMb: number;
  /** Pieces waiting beyond this are refused at once (503) rather than queued for ever. */
  maxQueue: number;
}

/** A document the studio could not compile within its limits. */
export class StudioTooComplexError extends AppError {
  constructor(seconds: number) {
    super(422, '422', 'server.studioTooComplex', { seconds });
  }
}

type Op = keyof StudioWork;
type Result<O extends Op> = ReturnType<StudioWork[O]>;
interface Job {
  id: number;
  /** Tries made that ran out of time. */
  timedOut: number;
  op: Op;
  input: unknown;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

// From the TypeScript sources (tests, pnpm dev) a small module registers the loader first.
const workerUrl = import.meta.url.endsWith('.ts') ? new URL('./studio-compiler.source.mjs', import.meta.url) : new URL('./studio-compiler.js', import.meta.url);

const lintKey = (document: unknown, translations: unknown) => createHash('sha256').update(JSON.stringify([document, translations])).digest('hex');

export class StudioCompiler {
  private worker?: Worker;
  private ready?: Promise<void>;
  private readonly queue: Job[] = [];
  private running?: { job: Job; timer?: NodeJS.Timeout };
  private nextId = 1;
  private readonly lints = new Map<string, Result<'lint'>>();
  private closed = false;

  constructor(private readonly limits: StudioLimits) {}

  run<O extends Op>(op: O, input: Parameters<StudioWork[O]>[0]): Promise<Result<O>> {
    if (this.closed) return Promise.reject(new AppError(503, '503', 'server.studioBusy'));
    if (this.queue.length >= this.limits.maxQueue) return Promise.reject(new AppError(503, '503', 'server.studioBusy'));
    return new Promise<Result<O>>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, timedOut: 0, op, input, resolve: resolve as (value: unknown) => void, reject });
      void this.dispatch();
    });
  }

  /** The lint of a version if it has been made already: a list answers with it rather than wait. */
  keptLint(document: unknown, translations: unknown): Result<'lint'> | undefined {
    return this.lints.get(lintKey(document, translations));
  }

  /** The lint of a version, kept by content: the same document and texts are linted once. */
  async lint(document: unknown, translations: unknown): Promise<Result<'lint'>> {
    const key = lintKey(document, translations);
    const kept = this.lints.get(key);
    if (kept) return kept;
    const problems = await this.run('lint', { document, translations } as never);
    this.lints.set(key, problems);
    // Bounded: the oldest goes first.
    if (this.lints.size > 500) this.lints.delete(this.lints.keys().next().value!);
    return problems;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new AppError(503, '503', 'server.studioBusy'));
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private start(): Promise<void> {
    const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: Math.min(64, this.limits.memoryMb / 4) } });
    this.worker = worker;
    worker.unref();
    this.ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    worker.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
      if (message.id === undefined || this.running?.job.id !== message.id) return;
      const { job, timer } = this.running;
      clearTimeout(timer);
      this.running = undefined;
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.result);
      void this.dispatch();
    });
    // Out of memory, or any other end: the piece it ran was too much; the next gets a new thread.
    worker.on('error', () => this.abandon(worker, 'ended'));
    worker.on('exit', () => this.abandon(worker, 'ended'));
    return this.ready;
  }

  private abandon(worker: Worker, why: 'time' | 'ended'): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.ready = undefined;
    void worker.terminate();
    if (this.running) {
      const { job, timer } = this.running;
      const started = timer !== undefined;
      clearTimeout(timer);
      this.running = undefined;
      // Out of time once: tried again first, on the new thread (the clock of a busy machine is no measure).
      if (started && why === 'time' && job.timedOut === 0) {
        job.timedOut += 1;
        this.queue.unshift(job);
      }
      // A piece that had started was too much; one still waiting for its thread is told it could not run.
      else job.reject(started ? new StudioTooComplexError(this.limits.timeoutMs / 1000) : new AppError(503, '503', 'server.studioBusy'));
    }
    void this.dispatch();
  }

  private async dispatch(): Promise<void> {
    if (this.running || this.queue.length === 0 || this.closed) return;
    const job = this.queue.shift()!;
    // Taken now: another dispatch while the thread starts waits its turn.
    this.running = { job };
    try {
      if (!this.worker) await this.start();
      else await this.ready;
    } catch (error) {
      if (this.running?.job !== job) return;
      this.worker = undefined;
      this.running = undefined;
      job.reject(error as Error);
      return void this.dispatch();
    }
    // Abandoned while its thread started: already answered.
    if (this.running?.job !== job || !this.worker) return;
    const worker = this.worker;
    // The clock starts now, with the work itself: waiting in the queue or for a new thread is not its time.
    this.running.timer = setTimeout(() => this.abandon(worker, 'time'), this.limits.timeoutMs);
    worker.postMessage({ id: job.id, op: job.op, input: job.input });
  }
}
