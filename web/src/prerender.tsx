import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { routes } from './app/router';
import { sessionKey } from './features/auth/api/session';

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

async function renderOnce(url: string, sync: boolean): Promise<string> {
  // The page's lazy route in place first, as main.tsx does before hydrating.
  for (const match of matchRoutes(routes, url) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') Object.assign(match.route, await lazy(), { lazy: undefined });
  }
  queryClient.clear();
  queryClient.setQueryData(sessionKey, { user: null });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url}: answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
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
