import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { routes } from './app/router';
import { sessionKey } from './features/auth/api/session';
import { replayEarlyTaps } from './lib/early-taps';
import './index.css';

const root = document.getElementById('root')!;
// Public pages come prerendered for visitors (scripts: web/prerender.tsx, decision 0020): hydrate them. The server
// sends them only to requests without a session cookie, so the page starts as a visitor's (no session
// round trip before the first paint, no swap when it answers; the check still runs in the background).
const prerendered = root.hasAttribute('data-prerendered');

/** Runs once the first render is committed (hydrated): taps made on the rendered page before now happen now. */
function AfterFirstRender() {
  useEffect(() => void replayEarlyTaps(root), []);
  return null;
}

async function start() {
  if (prerendered) {
    queryClient.setQueryData(sessionKey, { user: null }, { updatedAt: 0 });
    // A page the server rendered for this request (a tractor page, decision 0024) brings the data it was rendered
    // from; the same data renders the same markup here, and is refetched in the background like any other.
    const seeded = document.getElementById('fieldlot-page-data')?.textContent;
    if (seeded)
      for (const [key, value] of JSON.parse(seeded) as Array<[unknown[], unknown]>)
        queryClient.setQueryData(key, value, { updatedAt: 0 });
    // The first page's lazy route must be in place before hydrating, or the router would render its fallback.
    for (const match of matchRoutes(routes, window.location) ?? []) {
      const { lazy } = match.route;
      if (typeof lazy === 'function') Object.assign(match.route, await lazy(), { lazy: undefined });
    }
  }
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
      <AfterFirstRender />
    </StrictMode>
  );
  if (prerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
void start();
