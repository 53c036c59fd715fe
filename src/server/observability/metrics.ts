import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * This process's Prometheus figures (prom-client), served at GET /metrics (metrics-route.ts).
 * Counters are bumped where the thing happens; gauges that describe a resource (queue depth,
 * pool use) are read when scraped, from cheap sources (pg-boss's cached queue counts, the pool's
 * own counters), never by counting a table.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** A counter of this registry, by the labels named. */
const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Counter<L>({ name, help, labelNames, registers });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route template and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const httpRequestsInFlight = new Gauge({
  name: 'http_requests_in_flight',
  help: 'HTTP requests being served now',
  registers,
});

export const jobsFailed = counter(
  'jobs_failed_total',
  'Background job attempts that failed on this instance, per queue',
  ['queue'],
);

export const emailsTotal = counter(
  'emails_total',
  'Lead email attempts by kind (alert, auto_reply) and outcome (sent, failed, retry, suppressed)',
  ['kind', 'status'],
);

export const webhookDeliveries = counter(
  'webhook_deliveries_total',
  'Webhook delivery attempts by outcome (succeeded, retry, failed)',
  ['status'],
);

export const contactsSubmitted = counter(
  'contacts_submitted_total',
  'Contact submissions by source (website, api) and outcome (accepted, quarantined, refused)',
  ['source', 'outcome'],
);

export const pageViewsDropped = counter(
  'page_views_dropped_total',
  'Page views not stored: rate_limited, buffer_full, write_failed or daily_cap',
  ['reason'],
);

export const pageViewValuesFolded = counter(
  'page_view_values_folded_total',
  "Page-view values stored as '(other)' past a day's cap of distinct values, and visitors folded past a network's",
  [],
);

export const importsRunning = new Gauge({
  name: 'imports_running',
  help: 'CSV imports running on this instance',
  registers,
});

/** What the scrape-time gauges read; server.ts sets it once the queue and the pool exist. */
interface ScrapeSources {
  queuedJobs: () => Promise<Record<string, number>>;
  poolInUse: () => number;
}
let sources: ScrapeSources | undefined;
export const observeForMetrics = (s: ScrapeSources) => {
  sources = s;
};

new Gauge({
  name: 'jobs_queued',
  help: 'Jobs waiting in each queue (pg-boss cached counts, shared by every instance)',
  labelNames: ['queue'] as const,
  registers,
  async collect() {
    this.reset();
    for (const [queue, count] of Object.entries((await sources?.queuedJobs()) ?? {}))
      this.set({ queue }, count);
  },
});

new Gauge({
  name: 'db_pool_in_use',
  help: 'Database connections of this instance checked out of the pool',
  registers,
  collect() {
    this.set(sources?.poolInUse() ?? 0);
  },
});
