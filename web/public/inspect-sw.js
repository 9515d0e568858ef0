// The inspector app's service worker (docs/product/condition-reports.md#offline, decision 0086). Registered with
// the scope /inspect only: visitors' and dealers' pages are never controlled by it.
//
// - Pages under /inspect: from the network, a copy kept; without a connection, the copy (or the /inspect shell).
// - Hashed scripts and styles (/assets/): kept on first load, served from the copy.
// - The inspector's API answers (session, the queue, a tractor's draft): from the network, a copy kept; without
//   a connection, the copy. Photos (/api/images/) and the engine sound (/api/recordings/) are kept with them, on
//   first load.
// - Nothing else, and no request that changes anything (uploads, answers, publishing: the page's own queue
//   sends them again). Signing in or out drops every copy of pages and API answers: another user on the same
//   phone is never served the last one's.

const PAGES = 'fieldlot-inspect-pages';
const ASSETS = 'fieldlot-inspect-assets';
const API = 'fieldlot-inspect-api';
const API_KEPT = [/^\/api\/auth\/session$/, /^\/api\/inspections(\/[0-9a-f-]{36})?$/, /^\/api\/site(\/|$)/];

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

const inScope = (url) => url.pathname === '/inspect' || url.pathname.startsWith('/inspect/');

async function forgetSignedIn() {
  await Promise.all([caches.delete(PAGES), caches.delete(API)]);
}

/** Copies of what the page asks to keep: pages and API answers fetched again, scripts only when missing. */
async function keep(urls) {
  await Promise.all(
    urls.map(async (path) => {
      const url = new URL(path, self.location.origin);
      if (url.origin !== self.location.origin) return;
      const api = url.pathname.startsWith('/api/');
      const cache = await caches.open(inScope(url) ? PAGES : api ? API : ASSETS);
      if (!api && !inScope(url) && (await cache.match(url.href))) return;
      try {
        const res = await fetch(url.href, { credentials: 'same-origin' });
        if (res.ok) await cache.put(url.href, res);
      } catch {
        // Offline meanwhile: kept the next time it loads.
      }
    }),
  );
}

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'keep' && Array.isArray(data.urls)) event.waitUntil(keep(data.urls));
  if (data.type === 'forget') event.waitUntil(forgetSignedIn());
});

async function cacheFirst(request, name) {
  const cache = await caches.open(name);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

/**
 * The network's answer (a copy kept), else the copy. Never the copy while the network answers, however slowly: a
 * reload must show what the server holds.
 */
async function networkFirst(request, name, fallbackUrl) {
  const cache = await caches.open(name);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(request, res.clone());
    return res;
  } catch (err) {
    const copy = (await cache.match(request)) || (fallbackUrl ? await cache.match(fallbackUrl) : undefined);
    if (copy) return copy;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') {
    // A new session (or none): the copies of the last user's pages and answers go first.
    if (/^\/api\/auth\/(sign-in|sign-out|sign-up|verify|email)/.test(url.pathname))
      event.waitUntil(forgetSignedIn());
    return;
  }
  if (request.mode === 'navigate') {
    if (inScope(url))
      event.respondWith(networkFirst(request, PAGES, new URL('/inspect', self.location.origin).href));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, ASSETS));
    return;
  }
  if (url.pathname.startsWith('/api/images/') || url.pathname.startsWith('/api/recordings/')) {
    event.respondWith(cacheFirst(request, API));
    return;
  }
  if (['/inspect.webmanifest', '/fieldlot-mark.png', '/favicon.svg'].includes(url.pathname)) {
    event.respondWith(networkFirst(request, ASSETS));
    return;
  }
  if (API_KEPT.some((re) => re.test(url.pathname))) event.respondWith(networkFirst(request, API));
});
