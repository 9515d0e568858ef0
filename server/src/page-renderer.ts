import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '../../domain/rendered-page.js';

/** What web/src/prerender.tsx exports for the server (built into web/dist-ssr by web/vite.config.ts). */
interface SsrModule {
  renderTractorPage(id: string, listing: unknown): Promise<RenderedPage>;
  renderSignedInPage(
    url: string,
    serverFetch: (request: Request) => Promise<Response>,
    timeZone: string,
    signal?: AbortSignal,
  ): Promise<RenderedPage | null>;
}

/** How long a request waits for its page to be rendered before it gets the shell instead (the bare shell). */
const RENDER_WAIT_MS = 2_000;
/**
 * Renders in progress at once per process (decision 0090): enough to overlap their database waits, few enough that
 * on a busy machine the pages started are finished in time instead of every page being late together. A request
 * that waits for a place longer than RENDER_WAIT_MS gets the shell without rendering.
 */
const MAX_RENDERS = 8;

/**
 * Renders a tractor page for a visitor on the server (decision 0024) with the web app's own server build, so a
 * phone paints the tractor and its photo from the HTML instead of after the scripts run. Loaded on the first
 * such page (React's server renderer and the app stay out of memory until then).
 * Answers null when there is no server build (a client-only build, the API tests): the page is then the shell.
 */
export class PageRenderer {
  private loaded: { at: number; module: Promise<SsrModule> } | null = null;
  private rendering = 0;
  private readonly waiting: Array<() => void> = [];

  /** `waitMs`: how long a request waits for its page before it gets the shell (tests on a busy machine: longer). */
  constructor(
    private readonly ssrDir: string,
    private readonly waitMs = RENDER_WAIT_MS,
  ) {}

  private module(): Promise<SsrModule> | null {
    const file = path.join(this.ssrDir, 'prerender.js');
    if (!existsSync(file)) return null;
    const at = statSync(file).mtimeMs;
    // Loaded once: its chunks import it by its plain URL, so a second copy (a new build) would not share its
    // router with them. A build newer than the loaded one is not rendered (its pages would not hydrate).
    this.loaded ??= { at, module: import(pathToFileURL(file).href) as Promise<SsrModule> };
    return this.loaded.at === at ? this.loaded.module : null;
  }

  /**
   * Renders side by side with the process's other renders (decision 0090): each has its own query client and
   * scope in the server build, so one page's database waits overlap the others' instead of queueing behind them.
   * A page not rendered within the wait (a busy machine, a database that does not answer) is left to the browser,
   * and its render is told to stop (`signal`) so it does not take the machine's time from pages still waited for.
   */
  private render<T>(render: (module: SsrModule, signal: AbortSignal) => Promise<T>): Promise<T | null> {
    const loading = this.module();
    if (!loading) return Promise.resolve(null);
    const late = new AbortController();
    const timer = setTimeout(() => late.abort(), this.waitMs);
    const gaveUp = new Promise<null>((resolve) => late.signal.addEventListener('abort', () => resolve(null)));
    const run = this.inTurn(late.signal, async () => render(await loading, late.signal));
    run.catch(() => undefined);
    return Promise.race([run, gaveUp]).finally(() => {
      clearTimeout(timer);
      late.abort();
    });
  }

  /** Runs `render` once fewer than MAX_RENDERS are in progress; null if `signal` aborts before its turn. */
  private async inTurn<T>(signal: AbortSignal, render: () => Promise<T>): Promise<T | null> {
    if (this.rendering < MAX_RENDERS) this.rendering += 1;
    else {
      // Handed the place of a render that finished (the count stays), or given up on.
      const turn = await new Promise<boolean>((resolve) => {
        const go = () => {
          signal.removeEventListener('abort', giveUp);
          resolve(true);
        };
        const giveUp = () => {
          const at = this.waiting.indexOf(go);
          if (at >= 0) this.waiting.splice(at, 1);
          resolve(false);
        };
        this.waiting.push(go);
        signal.addEventListener('abort', giveUp, { once: true });
      });
      if (!turn) return null;
    }
    try {
      return await render();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.rendering -= 1;
    }
  }

  tractorPage(id: string, listing: unknown): Promise<RenderedPage | null> {
    return this.render((m) => m.renderTractorPage(id, listing));
  }

  /**
   * A signed-in screen rendered with the request's session (decision 0058): `serverFetch` answers the page's own
   * API requests. Null when the page is left to the browser (no server build, no session, a failed request).
   */
  signedInPage(
    url: string,
    serverFetch: (request: Request) => Promise<Response>,
    timeZone: string,
  ): Promise<RenderedPage | null> {
    return this.render((m, signal) => m.renderSignedInPage(url, serverFetch, timeZone, signal));
  }
}
