import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseErrorKind } from '../db/unavailable.js';

/** Every metric's name starts with this (docs/decisions/0037-operator-metrics.md). */
export const METRICS_PREFIX = 'fieldlot_';

/** Seconds: from a cached first page (about a millisecond) to a slow PDF or a request waiting out an outage. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const DATABASE_ERROR_KINDS: DatabaseErrorKind[] = ['connection', 'timeout', 'other'];

/** The caches whose lookups are counted. */
export type CacheName = 'inventory' | 'session';

/** A value read at each scrape; undefined (or a failed or slow read) leaves the gauge without a sample. */
export type Sample = () => number | undefined | Promise<number | undefined>;

/** A read that takes longer than this is skipped: a scrape never waits out a database outage. */
const SAMPLE_TIMEOUT_MS = 1000;

/**
 * The metrics of one app (one registry per buildApp, so tests may build many in a process). Counters are cheap
 * enough to count always; the HTTP hooks and Node's default metrics are added only when /metrics is served
 * (plugins/metrics.ts). Labels never hold a raw URL or an id: a route is its pattern.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: `${METRICS_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly databaseErrors = new Counter({
    name: `${METRICS_PREFIX}database_errors_total`,
    help: 'Database errors seen: dropped or refused connections, timeouts, requests answered 503 DATABASE_UNAVAILABLE, other failed queries',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly cacheHits = new Counter({
    name: `${METRICS_PREFIX}cache_hits_total`,
    help: 'Lookups answered from an in-process cache',
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });
  private readonly cacheMisses = new Counter({
    name: `${METRICS_PREFIX}cache_misses_total`,
    help: 'Lookups an in-process cache could not answer (read from the database)',
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });
  private defaults = false;

  constructor() {
    // Every series exists from the start, so rate() and increase() see the first one.
    for (const kind of DATABASE_ERROR_KINDS) this.databaseErrors.inc({ kind }, 0);
    for (const cache of ['inventory', 'session'] as const) {
      this.cacheHits.inc({ cache }, 0);
      this.cacheMisses.inc({ cache }, 0);
    }
  }

  /** Node's own metrics: event loop lag, memory, CPU, handles (once per app; they run a small timer). */
  collectDefaults(): void {
    if (this.defaults) return;
    this.defaults = true;
    collectDefaultMetrics({ register: this.registry, prefix: METRICS_PREFIX });
    // The Node version tells an attacker which advisories apply; the operator knows it from the deploy.
    this.registry.removeSingleMetric(`${METRICS_PREFIX}nodejs_version_info`);
  }

  /** A request answered; `seconds` null for a stream that lasted as long as its client stayed. */
  request(route: string, method: string, status: number, seconds: number | null): void {
    this.requests.inc({ route, method, status: String(status) });
    if (seconds !== null) this.latency.observe({ route, method }, seconds);
  }

  databaseError(kind: DatabaseErrorKind): void {
    this.databaseErrors.inc({ kind });
  }

  cacheLookup(cache: CacheName, hit: boolean): void {
    (hit ? this.cacheHits : this.cacheMisses).inc({ cache });
  }

  /** A gauge read when scraped (pools, queues, open streams). `name` without the prefix. */
  gauge(name: string, help: string, read: Sample): void {
    new Gauge({
      name: `${METRICS_PREFIX}${name}`,
      help,
      registers: [this.registry],
      async collect() {
        const value = await readWithin(read, SAMPLE_TIMEOUT_MS);
        if (value === undefined || !Number.isFinite(value)) this.remove();
        else this.set(value);
      },
    });
  }

  /** The text format Prometheus scrapes. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** The sample, or undefined when it fails or takes longer than `ms` (a scrape never throws). */
async function readWithin(read: Sample, ms: number): Promise<number | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(read),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
