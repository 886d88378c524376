// Prometheus metrics (prom-client), one registry per server: request durations by route, the
// application's own events, and provider failures by reason. Served at /metrics (see app.ts).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export function createMetrics(queueDepth: () => Promise<Record<string, number>> = async () => ({})) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kh_' });
  const registers = [registry];
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
    queueDepth: new Gauge({
      name: 'kh_queue_depth',
      help: 'Jobs waiting per queue (notify-dead: out of retries)',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        for (const [queue, depth] of Object.entries(await queueDepth().catch(() => ({})))) this.set({ queue }, depth);
      },
    }),
    providerFailures: new Counter({ name: 'kh_provider_failures_total', help: 'Failures answered by the SMS, identity and card providers, by reason', labelNames: ['provider', 'reason'] as const, registers }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
