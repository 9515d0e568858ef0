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
  ): Promise<RenderedPage | null>;
}

/** How long a request waits for its page to be rendered before it gets the shell instead. */
const RENDER_WAIT_MS = 2_000;

/**
 * Renders a tractor page for a visitor on the server (decision 0024) with the web app's own server build, so a
 * phone paints the tractor and its photo from the HTML instead of after the scripts run. Loaded on the first
 * such page (React's server renderer and the app stay out of memory until then).
 * Answers null when there is no server build (a client-only build, the API tests): the page is then the shell.
 */
export class PageRenderer {
  private loaded: { at: number; module: Promise<SsrModule> } | null = null;
  // One render at a time: the app's query client is shared by the renders of this process.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly ssrDir: string) {}

  private module(): Promise<SsrModule> | null {
    const file = path.join(this.ssrDir, 'prerender.js');
    if (!existsSync(file)) return null;
    const at = statSync(file).mtimeMs;
    // Loaded once: its chunks import it by its plain URL, so a second copy (a new build) would not share its
    // router with them. A build newer than the loaded one is not rendered (its pages would not hydrate).
    this.loaded ??= { at, module: import(pathToFileURL(file).href) as Promise<SsrModule> };
    return this.loaded.at === at ? this.loaded.module : null;
  }

  private enqueue<T>(render: (module: SsrModule) => Promise<T>): Promise<T | null> {
    const loading = this.module();
    if (!loading) return Promise.resolve(null);
    const run = this.queue.then(async () => render(await loading));
    this.queue = run.catch(() => undefined);
    // A page that waits too long (renders queued behind a slow one, a database that does not answer) is left to
    // the browser; the render itself still finishes before the next starts (they share the app's query client).
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_WAIT_MS);
    });
    return Promise.race([run, late]).finally(() => clearTimeout(timer));
  }

  tractorPage(id: string, listing: unknown): Promise<RenderedPage | null> {
    return this.enqueue((m) => m.renderTractorPage(id, listing));
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
    return this.enqueue((m) => m.renderSignedInPage(url, serverFetch, timeZone));
  }
}
