import type { PageData, RenderedPage } from '@domain/rendered-page';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { routes } from './app/router';
import { sessionKey } from './features/auth/api/session';
import { listingKeys } from './features/listings/api/listings';
import { answerRequestsWith, api } from './lib/api';
import { setDisplayTimeZone, zoneOffsetAt } from './lib/format';
import { setRenderMoment } from './lib/now';

/**
 * Build-time prerendering of the public pages (decision 0020), run by web/vite.config.ts after the client build:
 * the page as a signed-out visitor first sees it, as HTML, which main.tsx then hydrates. Never runs in a browser.
 */
export async function render(url: string): Promise<string> {
  // The first pass (which waits for everything) loads the lazy components; the second renders them in place in one
  // synchronous pass (no streamed boundaries, whose inline completion scripts the content security policy refuses).
  await renderOnce(url, false);
  const html = await renderOnce(url, true);
  if (/<!--\$[?!]-->|<script/.test(html))
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
  tractorWarm ??= renderOnce(url, false, data).catch(() => undefined);
  await tractorWarm;
  const renderedAt = Date.now();
  setRenderMoment(renderedAt);
  try {
    return { html: await renderOnce(url, true, data), data, renderedAt };
  } finally {
    setRenderMoment(null);
  }
}

/** How the server answers the page's own API requests while rendering it: with the signed-in request's session. */
export type ServerFetch = (request: Request) => Promise<Response>;

/** Waiting passes before the page is taken as it is: session, screen, then what the screen's first data reveals. */
const MAX_PASSES = 4;

/**
 * A signed-in dealer's screen as the dealer first sees it, rendered by the server per request (decision 0058): the
 * page asks for its data as in a browser, the server answers each request with the request's own session (so
 * every access check is the API's), and the page is rendered again until it asks for nothing new. Answers null
 * (the browser renders the page) when nobody is signed in, or when any request failed.
 */
export async function renderSignedInPage(
  url: string,
  serverFetch: ServerFetch,
  timeZone: string,
): Promise<RenderedPage | null> {
  answerRequestsWith(serverFetch);
  setDisplayTimeZone(timeZone);
  // Every pass renders the clock-dependent text at one moment, which the page carries to the browser.
  const renderedAt = Date.now();
  setRenderMoment(renderedAt);
  try {
    queryClient.clear();
    const session = await queryClient.fetchQuery({
      queryKey: sessionKey,
      queryFn: () => api.GET('/api/auth/session'),
    });
    // Dealers' screens only: an admin's or inspector's first screen is another (decision 0058).
    if (session.user?.status !== 'approved') return null;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      await renderOnce(url, false, undefined, true);
      // What this pass asked for and has not got; a query its page holds back (`enabled` false) stays so.
      const waiting = queryClient.getQueryCache().findAll({
        predicate: (q) => {
          const { enabled } = q.options as { enabled?: boolean | ((query: typeof q) => boolean) };
          return (
            q.state.status === 'pending' && (typeof enabled === 'function' ? enabled(q) : enabled) !== false
          );
        },
      });
      if (!waiting.length) break;
      // A failed request shows as the query's error, checked below.
      await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
    }
    const queries = queryClient.getQueryCache().getAll();
    if (queries.some((q) => q.state.status === 'error')) return null;
    const data: PageData = queries
      .filter((q) => q.state.status === 'success')
      .map((q) => [q.queryKey, q.state.data]);
    const html = await renderOnce(url, true, undefined, true);
    return { html, data, renderedAt, zoneOffset: zoneOffsetAt(timeZone, renderedAt) };
  } finally {
    answerRequestsWith(null);
    setDisplayTimeZone(undefined);
    setRenderMoment(null);
  }
}

async function renderOnce(url: string, sync: boolean, data: PageData = [], keep = false): Promise<string> {
  // The page's lazy route in place first, as main.tsx does before hydrating.
  for (const match of matchRoutes(routes, url) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') Object.assign(match.route, await lazy(), { lazy: undefined });
  }
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url}: answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The one query client is seeded right before rendering, with no await in between (the server renders
  // requests one after another on this client).
  // A signed-in render keeps what its earlier passes fetched (`keep`).
  if (!keep) {
    queryClient.clear();
    queryClient.setQueryData(sessionKey, { user: null });
  }
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  const errors: unknown[] = [];
  const app = (
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>
  );
  // A suspended or failed part shows as a client-rendered boundary (<!--$!-->), which render() refuses.
  if (sync) return renderToString(app);
  const { prelude } = await prerender(app, { onError: (err) => void errors.push(err) });
  // A part that failed would be rendered in the browser instead, replacing the prerendered page (a layout shift).
  if (errors.length && !keep) throw new Error(`${url}: ${errors.map(String).join('; ')}`);
  return new Response(prelude).text();
}
