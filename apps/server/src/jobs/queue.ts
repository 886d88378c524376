// Background jobs (pg-boss): retried with backoff, and kept in a dead-letter queue once out of
// retries. On PostgreSQL every instance shares the queue; on the embedded PGlite the same pg-boss
// runs over the server's own pool of connections to it (the adapter below).
import PgBoss from 'pg-boss';
import pg from 'pg';

export const QUEUES = {
  notify: 'notify',
  notifyDead: 'notify-dead',
  provider: 'provider',
  providerDead: 'provider-dead',
  studioPublish: 'studio-publish',
  studioPublishDead: 'studio-publish-dead',
  screening: 'screening',
  screeningDead: 'screening-dead',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
/** Each queue whose jobs are retried, and the dead-letter queue that keeps them once out of retries. */
const RETRIED = [
  [QUEUES.notify, QUEUES.notifyDead],
  [QUEUES.provider, QUEUES.providerDead],
  [QUEUES.studioPublish, QUEUES.studioPublishDead],
  [QUEUES.screening, QUEUES.screeningDead],
] as const;
/** A list's import and its screening of everyone may run long: their jobs are not taken for dead at pg-boss's 15 minutes. */
const EXPIRE_SECONDS: Partial<Record<QueueName, number>> = { [QUEUES.screening]: 4 * 3600 };

export interface DeadJob {
  id: string;
  name: string;
  data: unknown;
  createdOn: Date;
}

/** Per queue: jobs waiting, the oldest waiting one's age in seconds, and jobs failed for good. */
export type QueueHealth = Record<string, { waiting: number; oldestAgeSeconds: number; failed: number }>;

export interface JobQueue {
  send<T extends object>(name: QueueName, data: T): Promise<string | null>;
  /** A job that starts no sooner than `at` (kept in the database across restarts until then). */
  sendAt<T extends object>(name: QueueName, data: T, at: Date): Promise<string | null>;
  work<T>(name: QueueName, handler: (data: T) => Promise<void>): Promise<void>;
  health(): Promise<QueueHealth>;
  deadLetters(limit?: number): Promise<DeadJob[]>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  databaseUrl?: string;
  /** The embedded database's pool (no databaseUrl). */
  embedded?: pg.Pool;
  /** Seconds before the first retry; doubled each time (retryBackoff). */
  retryDelaySeconds: number;
  retryLimit: number;
  pollingIntervalSeconds: number;
  /** Where the queue's own failures are told (the server's JSON log). */
  log?: { warn(object: Record<string, unknown>, message: string): void };
}

/**
 * pg-boss's executeSql over a pool: statements without parameters may be several at once (the last one
 * answers). Once the queue has stopped, the server closes that pool: a job that outlived the stop's
 * wait and reports its end then touches nothing (its job expires and is tried again; pg-boss left the
 * failed query an unhandled rejection, and an empty answer a TypeError).
 */
const poolAdapter = (pool: pg.Pool, stopped: () => boolean) => ({
  async executeSql(text: string, values?: unknown[]) {
    // Never answered: pg-boss reads an answer's rows, and an error it does not catch.
    if (stopped()) return new Promise<never>(() => undefined);
    const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
    return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
  },
});

export async function startQueue(options: QueueOptions): Promise<JobQueue> {
  let stopped = false;
  const boss = options.databaseUrl
    ? new PgBoss({ connectionString: options.databaseUrl, max: 4, connectionTimeoutMillis: 5_000, keepAlive: true } as ConstructorParameters<typeof PgBoss>[0])
    : new PgBoss({ db: poolAdapter(options.embedded!, () => stopped), supervise: true, schedule: false });
  // pg-boss reports its failures (the database restarting under its polling) here; it keeps polling.
  boss.on('error', (error) => options.log?.warn({ dependency: 'database', reason: error.message.split('\n')[0]!.slice(0, 120), part: 'job queue' }, 'database unavailable'));
  await boss.start();
  const createQueues = async () => {
    for (const [, deadLetter] of RETRIED) await boss.createQueue(deadLetter, { name: deadLetter, retentionMinutes: 60 * 24 * 30 });
    for (const [name, deadLetter] of RETRIED)
      await boss.createQueue(name, { name, retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds, retryBackoff: true, deadLetter, ...(EXPIRE_SECONDS[name] ? { expireInSeconds: EXPIRE_SECONDS[name] } : {}) });
  };
  if (options.databaseUrl) {
    // Instances starting together deadlock in pg-boss's queue creation (the two-instance test found
    // it): they take turns under an advisory lock held on a connection of its own.
    const holder = new pg.Client({ connectionString: options.databaseUrl });
    holder.on('error', () => undefined);
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock(hashtext('kh:queues'))");
      await createQueues();
    } finally {
      await holder.end();
    }
  } else await createQueues();
  return {
    send: (name, data) => boss.send(name, data),
    sendAt: (name, data, at) => boss.send(name, data, { startAfter: at }),
    async work(name, handler) {
      await boss.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    async health() {
      const result = (await boss.getDb().executeSql(
        `select name,
           count(*) filter (where state in ('created', 'retry')) as waiting,
           coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry'))), 0) as oldest,
           count(*) filter (where state = 'failed') as failed
         from pgboss.job where name = any($1) group by name`,
        [Object.values(QUEUES)],
      )) as { rows: { name: string; waiting: string; oldest: string; failed: string }[] };
      const health: QueueHealth = Object.fromEntries(Object.values(QUEUES).map((name) => [name, { waiting: 0, oldestAgeSeconds: 0, failed: 0 }]));
      for (const row of result.rows) health[row.name] = { waiting: Number(row.waiting), oldestAgeSeconds: Math.round(Number(row.oldest)), failed: Number(row.failed) };
      return health;
    },
    async deadLetters(limit = 50) {
      const rows = (await boss.getDb().executeSql(`select id, name, data, created_on from pgboss.job where name = any($1) order by created_on desc limit ${Number(limit)}`, [RETRIED.map(([, deadLetter]) => deadLetter)])) as { rows: { id: string; name: string; data: unknown; created_on: Date }[] };
      return rows.rows.map((row) => ({ id: row.id, name: row.name, data: row.data, createdOn: new Date(row.created_on) }));
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      stopped = true;
    },
  };
}
