import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What web/src/prerender.tsx exports for the server (built into web/dist-ssr by web/vite.config.ts). */
interface SsrModule {
  renderTractorPage(id: string, listing: unknown): Promise<{ html: string; data: unknown }>;
}

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

  tractorPage(id: string, listing: unknown): Promise<{ html: string; data: unknown } | null> {
    const loading = this.module();
    if (!loading) return Promise.resolve(null);
    const run = this.queue.then(async () => (await loading).renderTractorPage(id, listing));
    this.queue = run.catch(() => undefined);
    return run;
  }
}
