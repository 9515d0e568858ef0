// The resilience run's look at the operator's metrics (docs/decisions/0037-operator-metrics.md): one instance's
// fieldlot_database_errors_total is scraped before, during and after the database's outages; it must rise while
// PostgreSQL is away and stop rising once it is back.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

const TOKEN = randomBytes(24).toString('hex');
/** What the instances' environment adds: /metrics answers this bearer token. */
export const METRICS_ENV = { METRICS_TOKEN: TOKEN };

/** How long the counter must stay still once the database is back (requests keep coming meanwhile). */
const STEADY_MS = 3000;
const POLL_MS = 250;

/** The sum of fieldlot_database_errors_total over its kinds, or null when the scrape failed. */
export function scrapeDatabaseErrors(baseUrl: string, timeoutMs = 5000): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.get(
      new URL('/metrics', baseUrl),
      { headers: { authorization: `Bearer ${TOKEN}` }, timeout: timeoutMs },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) return resolve(null);
          const values = text
            .split('\n')
            .filter((line) => line.startsWith('fieldlot_database_errors_total{'))
            .map((line) => Number(line.split(' ').at(-1)));
          resolve(values.length ? values.reduce((a, b) => a + b, 0) : null);
        });
        res.on('error', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
  });
}

/** Scrapes one instance from before the first outage until `finish()`, a few times a second. */
export class DatabaseErrorsWatch {
  private highest: number | null = null;
  private stopped = false;
  private polling: Promise<void> = Promise.resolve();

  private constructor(
    private readonly baseUrl: string,
    private readonly before: number | null,
  ) {}

  static async start(baseUrl: string): Promise<DatabaseErrorsWatch> {
    const watch = new DatabaseErrorsWatch(baseUrl, await scrapeDatabaseErrors(baseUrl));
    watch.polling = watch.poll();
    return watch;
  }

  private async poll() {
    while (!this.stopped) {
      const value = await scrapeDatabaseErrors(this.baseUrl);
      if (value !== null) this.highest = Math.max(this.highest ?? value, value);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  /** Call once the database is back for good, while requests still come: the verdict and the summary's words. */
  async finish(): Promise<{ failures: string[]; text: string }> {
    this.stopped = true;
    await this.polling;
    const after = await scrapeDatabaseErrors(this.baseUrl);
    await new Promise((r) => setTimeout(r, STEADY_MS));
    const later = await scrapeDatabaseErrors(this.baseUrl);
    const failures: string[] = [];
    if (this.before === null || after === null || later === null)
      failures.push(`/metrics could not be scraped (before ${this.before}, after ${after}, ${later})`);
    else {
      if ((this.highest ?? this.before) <= this.before)
        failures.push(`the database errors counter did not rise during the outages (${this.before})`);
      if (later !== after)
        failures.push(
          `the database errors counter kept rising after the database was back (${after} -> ${later})`,
        );
    }
    const text =
      `database errors counter ${this.before ?? '?'} before, up to ${this.highest ?? '?'} during, ` +
      `${after ?? '?'} after and ${later ?? '?'} ${STEADY_MS / 1000} s later`;
    return { failures, text };
  }
}
