import type { PageData, RenderedPage } from '@domain/rendered-page';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { routes } from './app/router';
import { sessionKey } from './features/auth/api/session';
import { listingKeys } from './features/listings/api/listings';
import { api } from './lib/api';
import { zoneOffsetAt } from './lib/format';
import { type RenderScope, readRenderScopeWith } from './lib/render-scope';

/** Node's AsyncLocalStorage, as far as it is used here (the web app is typed without Node's types). */
interface ScopeStore {
  getStore(): RenderScope | undefined;
  run<T>(scope: RenderScope, render: () => T): T;
}
const { AsyncLocalStorage } = (
  globalThis as unknown as {
    process: { getBuiltinModule(id: 'node:async_hooks'): { AsyncLocalStorage: new () => ScopeStore } };
  }
).process.getBuiltinModule('node:async_hooks');
/**
 * Each page renders in its own scope (lib/render-scope.ts) and with its own query client, so the server renders
 * several at once, each overlapping its database waits with the others' (decision 0090): the scope follows a
 * render across its awaits, and no render ever reads another's fetcher, zone, moment or data.
 */
const scopes = new AsyncLocalStorage();
readRenderScopeWith(() => scopes.getStore());

/** A signed-out visitor's query client, holding the data the page is rendered from. */
function visitorClient(data: PageData = []): QueryClient {
  const client = createQueryClient();
  client.setQueryData(sessionKey, { user: null });
  for (const [key, value] of data) client.setQueryData(key, value);
  return client;
}

/**
 * Build-time prerendering of the public pages (decision 0020), run by web/vite.config.ts after the client build:
 * the page as a signed-out visitor first sees it, as HTML, which main.tsx then hydrates. Never runs in a browser.
 */
export async function render(url: string): Promise<string> {
  // The first pass (which waits for everything) loads the lazy components; the second renders them in place in one
  // synchronous pass (no streamed boundaries, whose inline completion scripts the content security policy refuses).
  await renderOnce(url, false, visitorClient());
  const html = await renderOnce(url, true, visitorClient());
  if (SUSPENDED.test(html) || html.includes('<script'))
    throw new Error(
      `${url}: part of the prerendered page is left to the browser (a suspended boundary or a script)`,
    );
  return html;
}

let tractorWarm: Promise<unknown> | null = null;

/**
 * A tractor page as a visitor first sees it, rendered by the server per request (decision 0024) from the listing
 * exactly as `GET /api/listings/{id}` answered it. Returns the HTML and the data main.tsx seeds before hydrating;
 * what the page fetches after (the condition report, the delivery estimate) renders as loading on both sides.
 */
export async function renderTractorPage(id: string, listing: unknown): Promise<RenderedPage> {
  const url = `/tractor/${id}`;
  const data: PageData = [[listingKeys.detail(id), listing]];
  // Once per process: the first, waiting pass loads the route's lazy parts; later passes are synchronous.
  tractorWarm ??= renderOnce(url, false, visitorClient(data)).catch(() => undefined);
  await tractorWarm;
  const renderedAt = Date.now();
  const html = await scopes.run({ renderedAt }, () => renderOnce(url, true, visitorClient(data)));
  return { html, data, renderedAt };
}

/** How the server answers the page's own API requests while rendering it: with the signed-in request's session. */
export type ServerFetch = (request: Request) => Promise<Response>;

/** Passes before the page is taken as it is: session, screen, then what the screen's first data reveals. */
const MAX_PASSES = 4;
/** A part of the page left to the browser: a boundary still suspended, or failed on the server. */
const SUSPENDED = /<!--\$[?!]-->/;

/**
 * A signed-in dealer's screen as the dealer first sees it, rendered by the server per request (decision 0058): the
 * page asks for its data as in a browser, the server answers each request with the request's own session (so
 * every access check is the API's), and the page is rendered again until it asks for nothing new. Answers null
 * (the browser renders the page) when nobody is signed in, or when any request failed, or once `signal` aborts
 * (the request has got the shell: the rest of the render would be wasted).
 */
export async function renderSignedInPage(
  url: string,
  serverFetch: ServerFetch,
  timeZone: string,
  signal?: AbortSignal,
): Promise<RenderedPage | null> {
  // Every pass renders the clock-dependent text at one moment, which the page carries to the browser.
  const renderedAt = Date.now();
  return scopes.run({ fetch: serverFetch, timeZone, renderedAt }, async () => {
    // This page's own client: what it fetches is never another page's (TanStack Query's advice for servers).
    const client = createQueryClient();
    const session = await client.fetchQuery({
      queryKey: sessionKey,
      queryFn: () => api.GET('/api/auth/session'),
    });
    // Dealers' screens only: an admin's or inspector's first screen is another (decision 0058).
    if (session.user?.status !== 'approved') return null;
    // The first pass waits for the page's lazy parts; later passes are synchronous (a third fewer renders of a
    // screen, decision 0090), unless the last left a part suspended (a lazy part its data revealed).
    let html = '';
    let sync = false;
    let done = false;
    for (let pass = 0; pass < MAX_PASSES && !done; pass++) {
      if (signal?.aborted) return null;
      html = await renderOnce(url, sync, client, true);
      const suspended = SUSPENDED.test(html);
      // What this pass asked for and has not got; a query its page holds back (`enabled` false) stays so.
      const waiting = client.getQueryCache().findAll({
        predicate: (q) => {
          const { enabled } = q.options as { enabled?: boolean | ((query: typeof q) => boolean) };
          return (
            q.state.status === 'pending' && (typeof enabled === 'function' ? enabled(q) : enabled) !== false
          );
        },
      });
      // A synchronous pass that asked for nothing new and left nothing suspended is the page.
      done = sync && !suspended && !waiting.length;
      sync = !(sync && suspended);
      // A failed request shows as the query's error, checked below.
      await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
    }
    if (signal?.aborted) return null;
    const queries = client.getQueryCache().getAll();
    if (queries.some((q) => q.state.status === 'error')) return null;
    const data: PageData = queries
      .filter((q) => q.state.status === 'success')
      .map((q) => [q.queryKey, q.state.data]);
    // Out of passes: rendered once more, synchronously, as it is.
    if (!done) html = await renderOnce(url, true, client, true);
    return { html, data, renderedAt, zoneOffset: zoneOffsetAt(timeZone, renderedAt) };
  });
}

/** `signedIn`: a pass of a signed-in render, whose failed parts are its queries' errors, checked by its caller. */
async function renderOnce(
  url: string,
  sync: boolean,
  client: QueryClient,
  signedIn = false,
): Promise<string> {
  // The page's lazy route in place first, as main.tsx does before hydrating.
  for (const match of matchRoutes(routes, url) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') Object.assign(match.route, await lazy(), { lazy: undefined });
  }
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url}: answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const app = (
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>
  );
  // A suspended or failed part shows as a client-rendered boundary (<!--$!-->), which render() refuses.
  if (sync) return renderToString(app);
  const { prelude } = await prerender(app, { onError: (err) => void errors.push(err) });
  // A part that failed would be rendered in the browser instead, replacing the prerendered page (a layout shift).
  if (errors.length && !signedIn) throw new Error(`${url}: ${errors.map(String).join('; ')}`);
  return new Response(prelude).text();
}
