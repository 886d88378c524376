// Prometheus metrics (prom-client), one registry per server: request durations by route, the
// application's own events, and provider failures by reason. Served at /metrics (see app.ts).
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { QueueHealth } from '../jobs/queue.ts';
import { BUILD } from './build-info.ts';

export interface MetricSources {
  /** Per queue: jobs waiting, the oldest one's age, failed and dead-lettered counts. */
  queueHealth?: () => Promise<QueueHealth>;
  /** The database pool: connections in use and requests waiting for one. */
  pool?: pg.Pool;
}

export function createMetrics({ queueHealth = async () => ({}), pool }: MetricSources = {}) {
  const registry = new Registry();
  // The event loop sampled every 2 ms, not prom-client's 10: its lag maximum is the longest gap
  // between two samples, so a block read up to one sampling interval longer than it was.
  collectDefaultMetrics({ register: registry, prefix: 'kh_', eventLoopMonitoringPrecision: 2 });
  const registers = [registry];
  // What is running, as a metric a dashboard can join on.
  new Gauge({ name: 'kh_build_info', help: 'The running build: version, commit and build time (always 1)', labelNames: ['version', 'commit', 'built_at'] as const, registers }).set({ version: BUILD.version, commit: BUILD.commit, built_at: BUILD.builtAt }, 1);
  let health: Promise<QueueHealth> | undefined;
  // One read of the queue per scrape, shared by its four gauges.
  const queueNow = () => (health ??= queueHealth().catch(() => ({}) as QueueHealth).finally(() => setTimeout(() => (health = undefined), 1000)));
  const queueGauge = (name: string, help: string, read: (entry: QueueHealth[string]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        for (const [queue, entry] of Object.entries(await queueNow())) this.set({ queue }, read(entry));
      },
    });
  queueGauge('kh_queue_oldest_job_age_seconds', 'Age of the oldest job waiting per queue', (entry) => entry.oldestAgeSeconds);
  queueGauge('kh_queue_failed_jobs', 'Jobs that failed for good per queue (kept for their retention)', (entry) => entry.failed);
  if (pool) {
    new Gauge({ name: 'kh_db_pool_connections_in_use', help: 'Database connections checked out', registers, collect() { this.set(pool.totalCount - pool.idleCount); } });
    new Gauge({ name: 'kh_db_pool_waiting', help: 'Requests waiting for a database connection', registers, collect() { this.set(pool.waitingCount); } });
  }
  return {
    registry,
    requestDuration: new Histogram({
      name: 'kh_http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    stepSaves: new Counter({ name: 'kh_step_saves_total', help: 'Steps saved (fill-data accepted), by step', labelNames: ['step'] as const, registers }),
    submissions: new Counter({ name: 'kh_submissions_total', help: 'Applications and supplements submitted', labelNames: ['kind'] as const, registers }),
    decisions: new Counter({ name: 'kh_decisions_total', help: 'Reviewer decisions: approved (per market opened) and rejected', labelNames: ['decision'] as const, registers }),
    queueDepth: queueGauge('kh_queue_depth', 'Jobs waiting per queue (notify-dead, provider-dead: out of retries, for a person to follow up)', (entry) => entry.waiting),
    providerFailures: new Counter({ name: 'kh_provider_failures_total', help: 'Failures answered by the SMS, identity and card providers, by reason', labelNames: ['provider', 'reason'] as const, registers }),
    analyticsDropped: new Counter({ name: 'kh_analytics_events_dropped_total', help: 'Analytics events dropped for saying what no event says (free text, an unknown field or version)', registers }),
    screeningDuration: new Histogram({
      name: 'kh_screening_duration_seconds',
      help: 'A submit screened against the live lists (in the screening worker), from asking to the stored result',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
