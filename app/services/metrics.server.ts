import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The numbers a self-hoster operates by, in one registry per process, served at
 * /metrics (server/metrics.ts) as METRICS_TOKEN allows. What happens is counted
 * where it happens, with the few metrics below; what is (queue depth, lines,
 * the LiteFS role) is read when scraped. Label values are always ours (a route's
 * pattern, a job type, a line's name), never what a client sent.
 */
export const metrics = new Registry();

// Process memory, CPU, handles, and the event loop's delay (p50/p90/p99, from monitorEventLoopDelay).
collectDefaultMetrics({ register: metrics });

export const httpRequests = new Counter({
  name: 'rigroast_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metrics],
});

export const httpDuration = new Histogram({
  name: 'rigroast_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metrics],
});

export const pageCacheLookups = new Counter({
  name: 'rigroast_page_cache_lookups_total',
  help: 'Pages the page cache was asked for, by store (everyone, member) and result: hit (answered from it) or miss (rendered).',
  labelNames: ['store', 'result'] as const,
  registers: [metrics],
});

export const admissionRefusals = new Counter({
  name: 'rigroast_admission_refusals_total',
  help: 'Requests and work refused by a full line: scope all (the line is full) or key (one network holds its share).',
  labelNames: ['line', 'scope'] as const,
  registers: [metrics],
});

export const jobDuration = new Histogram({
  name: 'rigroast_job_duration_seconds',
  help: 'Background jobs run, by type and outcome (done, retry, failed); roasts and screening are the types roast and screen.',
  labelNames: ['type', 'outcome'] as const,
  buckets: [0.05, 0.25, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
  registers: [metrics],
});

export const upkeepThreads = new Counter({
  name: 'rigroast_upkeep_threads_total',
  help: 'Worker threads started for upkeep (the leaderboards, the battle fit, the vote-integrity scan), by entry: a small site ranks on the server thread instead.',
  labelNames: ['entry'] as const,
  registers: [metrics],
});

export const mailsSent = new Counter({
  name: 'rigroast_mail_total',
  help: 'E-mails handed to the mail server, by result (sent, failed).',
  labelNames: ['result'] as const,
  registers: [metrics],
});

export const sqliteWrites = new Histogram({
  name: 'rigroast_sqlite_write_seconds',
  help: 'Time one SQLite write statement took, waiting for the write lock included.',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5, 1, 5],
  registers: [metrics],
});

type GaugeSpec<Label extends string> = {
  name: string;
  help: string;
  labelNames?: readonly Label[];
  /** Called on every scrape: the values as they are now. */
  read: () =>
    Promise<{ labels?: Partial<Record<Label, string>>; value: number }[]> | { labels?: Partial<Record<Label, string>>; value: number }[];
};

/** A number read when scraped (a depth, a role, a lag), registered once per process by the part that knows it. */
export function gaugeReadOnScrape<Label extends string>({ name, help, labelNames = [], read }: GaugeSpec<Label>): void {
  metrics.removeSingleMetric(name);
  new Gauge<Label>({
    name,
    help,
    labelNames,
    registers: [metrics],
    async collect() {
      this.reset();
      for (const { labels, value } of await read()) {
        if (labels) this.set(labels, value);
        else this.set(value);
      }
    },
  });
}

/**
 * One reading shared by several gauges of a scrape. prom-client calls every
 * metric's collect in one synchronous pass before awaiting any, so a reading
 * kept until the next microtask is taken once per scrape and never outlives it.
 */
export function readOncePerScrape<Reading>(read: () => Reading): () => Reading {
  let kept: { reading: Reading } | null = null;
  return () => {
    if (!kept) {
      kept = { reading: read() };
      queueMicrotask(() => {
        kept = null;
      });
    }
    return kept.reading;
  };
}
