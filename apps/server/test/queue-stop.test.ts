// A job still running when the server stops (past the queue's wait for it) ends after the database's
// pool is closed: its end touches nothing, where pg-boss's report of it was an unhandled rejection
// ("Cannot use a pool after calling end on the pool") that failed a whole test run.
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { QUEUES, startQueue } from '../src/jobs/queue.ts';

describe('the job queue over the embedded database, stopping', () => {
  it('a job that outlives the stop ends without touching the closed pool', { timeout: 60_000 }, async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const queue = await startQueue({ embedded: pool, retryDelaySeconds: 1, retryLimit: 1, pollingIntervalSeconds: 0.5 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: (error?: Error) => void;
    const finished = new Promise<void>((resolve, reject) => (finish = (error) => (error ? reject(error) : resolve())));
    await queue.work(QUEUES.notify, async () => (started(), finished));
    await queue.send(QUEUES.notify, { to: 'nobody' });
    await running;
    // The stop waits its 10 s for the job, then gives up on it; the server then closes the database.
    await queue.stop();
    await database.close();
    finish(new Error('the job failed after the stop'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled.map(String)).toEqual([]);
  });
});
