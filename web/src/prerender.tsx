import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { routes } from './app/router';
import { sessionKey } from './features/auth/api/session';
import { listingKeys } from './features/listings/api/listings';

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

/** A query's key and data, as the server puts them in the page for main.tsx to seed before hydrating. */
export type PageData = Array<[readonly unknown[], unknown]>;

let tractorWarm: Promise<unknown> | null = null;

/**
 * A tractor page as a visitor first sees it, rendered by the server per request (decision 0024) from the listing
 * exactly as `GET /api/listings/{id}` answered it. Returns the HTML and the data main.tsx seeds before hydrating;
 * what the page fetches after (the condition report, the delivery estimate) renders as loading on both sides.
 */
export async function renderTractorPage(
  id: string,
  listing: unknown,
): Promise<{ html: string; data: PageData }> {
  const url = `/tractor/${id}`;
  const data: PageData = [[listingKeys.detail(id), listing]];
  // Once per process: the first, waiting pass loads the route's lazy parts; later passes are synchronous.
  tractorWarm ??= renderOnce(url, false, data).catch(() => undefined);
  await tractorWarm;
  return { html: await renderOnce(url, true, data), data };
}

async function renderOnce(url: string, sync: boolean, data: PageData = []): Promise<string> {
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
  queryClient.clear();
  queryClient.setQueryData(sessionKey, { user: null });
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
  if (errors.length) throw new Error(`${url}: ${errors.map(String).join('; ')}`);
  return new Response(prelude).text();
}
