import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { GALLERY_IMAGE_SIZES } from '../../domain/listings.js';
import type { RenderedPage } from '../../domain/rendered-page.js';
import type { TractorPageHints } from './modules/listings/index.js';

/** One chunk of Vite's build manifest (web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

const TRACTOR_ROUTE_SOURCE = 'src/app/routes/tractor-detail.tsx';
/** The sign-in dialog a visitor's first page opens (web/src/features/auth/components/sign-in-prompt.tsx). */
const SIGN_IN_DIALOG_SOURCE = 'src/features/auth/components/sign-in-dialog.tsx';

/** The session every signed-in page asks for first (web/src/features/auth/api/session.ts). */
const SESSION_URL = '/api/auth/session';

/**
 * The screens dealers work on, for a signed-in request (decision 0053): the route's modules, and the first data
 * the page asks for once it knows the session (the same URL as the page's own fetch, so it takes this answer).
 * `/` is the inventory for a dealer; its first page's URL depends on the filters in the address, so only its
 * scripts are named.
 */
const DEALER_SCREENS: Record<string, { sources: string[]; data?: string }> = {
  '/': { sources: ['src/app/routes/home.tsx', 'src/features/listings/components/inventory-dashboard.tsx'] },
  '/my-offers': { sources: ['src/app/routes/my-offers.tsx'], data: '/api/offers/mine' },
  '/my-listings': { sources: ['src/app/routes/my-listings.tsx'], data: '/api/my-listings' },
  '/purchased-inventory': { sources: ['src/app/routes/purchased-inventory.tsx'], data: '/api/purchases' },
};

/** A make and model family's market page (docs/product/market.md), a dealer's screen with data in its path. */
const MARKET_FAMILY_SOURCE = 'src/app/routes/market-family.tsx';

/**
 * The data URL a market page fetches first (`GET /api/market/:make/:family`), spelled as the page's own request
 * spells it (each part encoded with encodeURIComponent), so the browser hands the preloaded answer over; null for
 * any other path.
 */
export function marketFamilyDataUrl(pathname: string): string | null {
  const match = /^\/market\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    const [make, family] = [match[1], match[2]].map((part) => encodeURIComponent(decodeURIComponent(part)));
    return `/api/market/${make}/${family}`;
  } catch {
    return null; // A malformed escape: the page fetches on its own.
  }
}

const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The SPA's HTML shell (web/dist/index.html) with hints for one page added to its head, so a phone starts every
 * download the page needs at once instead of one after the other (decision 0023). Read again when the build
 * changes, like the static files.
 */
export class WebShell {
  private loaded: { at: number; html: string; manifest: Record<string, ManifestChunk> } | null = null;

  constructor(private readonly webDist: string) {}

  private load() {
    const file = path.join(this.webDist, 'index.html');
    const at = statSync(file).mtimeMs;
    if (this.loaded?.at !== at) {
      let manifest: Record<string, ManifestChunk> = {};
      try {
        manifest = JSON.parse(readFileSync(path.join(this.webDist, '.vite/manifest.json'), 'utf8'));
      } catch {
        // No manifest (an old build): the page still works, its route scripts just start later.
      }
      this.loaded = { at, html: readFileSync(file, 'utf8'), manifest };
    }
    return this.loaded;
  }

  /** Module preloads for a route's chunk and every chunk it imports that the shell does not load already. */
  private modulePreloads(
    html: string,
    manifest: Record<string, ManifestChunk>,
    ...sources: string[]
  ): string[] {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    for (const source of sources) visit(source);
    return [...files]
      .filter((file) => !html.includes(`"/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${attr(file)}">`);
  }

  /**
   * The shell for a signed-in request (decision 0053): the session's answer preloaded (every page waits for it),
   * and on a dealer's screen its route scripts and first data, so the phone fetches them at once instead of one
   * after the other. Any other page: the shell as built, with the session preload.
   */
  signedInPage(pathname: string, rendered?: RenderedPage | null): string {
    const { html, manifest } = this.load();
    const screen = DEALER_SCREENS[pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname];
    // A rendered page (decision 0058) brings the session and its first data in the page itself.
    const tags = rendered ? [] : [`<link rel="preload" as="fetch" crossorigin href="${SESSION_URL}">`];
    if (screen) {
      tags.push(...this.modulePreloads(html, manifest, ...screen.sources));
      if (screen.data && !rendered)
        tags.push(`<link rel="preload" as="fetch" crossorigin href="${attr(screen.data)}">`);
    }
    const market = marketFamilyDataUrl(pathname);
    if (market) {
      tags.push(...this.modulePreloads(html, manifest, MARKET_FAMILY_SOURCE));
      if (!rendered) tags.push(`<link rel="preload" as="fetch" crossorigin href="${attr(market)}">`);
    }
    const page = html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
    return rendered ? withRenderedPage(page, rendered, true) : page;
  }

  /**
   * The shell of /tractor/{id}: the route's scripts, and for a live listing its data and main photo. With
   * `rendered` (a visitor's page rendered on the server, decision 0024) the page itself and the data it was
   * rendered from, which main.tsx seeds before hydrating.
   */
  tractorPage(hints: TractorPageHints | null, rendered?: RenderedPage | null, signedIn = false): string {
    const { html, manifest } = this.load();
    // The route's scripts: on a rendered page they start after its first paint (withRenderedPage), so they do not
    // compete with its photo, and the route's own import then finds them instead of adding each (decision 0062).
    // A visitor's rendered page opens the sign-in dialog once it has started: its scripts follow the route's.
    const sources =
      rendered && !signedIn ? [TRACTOR_ROUTE_SOURCE, SIGN_IN_DIALOG_SOURCE] : [TRACTOR_ROUTE_SOURCE];
    const tags = this.modulePreloads(html, manifest, ...sources);
    // Signed in, the page first asks who is signed in (decision 0053).
    if (signedIn && !rendered) tags.push(`<link rel="preload" as="fetch" crossorigin href="${SESSION_URL}">`);
    if (hints) {
      // Same URL and credentials as the page's own fetch, which then takes this answer.
      if (!rendered) tags.push(`<link rel="preload" as="fetch" crossorigin href="${attr(hints.dataUrl)}">`);
      if (hints.image)
        tags.push(
          `<link rel="preload" as="image" fetchpriority="high" href="${attr(hints.image.src)}" imagesrcset="${attr(hints.image.srcSet)}" imagesizes="${attr(GALLERY_IMAGE_SIZES)}">`,
        );
    }
    const page = html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
    return rendered ? withRenderedPage(page, rendered, signedIn) : page;
  }
}

/**
 * The shell with a page rendered on the server in its root, and the data it was rendered from, which main.tsx
 * seeds before hydrating. `fresh`: rendered for this request with its session, so the page does not fetch it again
 * at once (a visitor's tractor page is refetched in the background).
 */
function withRenderedPage(page: string, rendered: RenderedPage, fresh: boolean): string {
  // React renders the page's <title> in place; it belongs where the shell's is.
  const title = rendered.html.match(/<title>[^<]*<\/title>/)?.[0];
  const body = title ? rendered.html.replace(title, '') : rendered.html;
  // Data, not script: `<` escaped so nothing in it can close the element.
  const data = JSON.stringify(rendered.data).replace(/</g, '\\u003c');
  // The moment its clock-dependent text was rendered at, which the browser hydrates it with (decision 0060).
  const moment = Number.isSafeInteger(rendered.renderedAt)
    ? ` data-rendered-at="${rendered.renderedAt}"`
    : '';
  // The offset of the zone its dates were written in: the browser writes its zone again only if its own differs
  // (decision 0061).
  const zone = Number.isSafeInteger(rendered.zoneOffset) ? ` data-zone-offset="${rendered.zoneOffset}"` : '';
  // Its scripts start once it has painted (domain/early-taps.ts BOOT_AFTER_PAINT_SCRIPT): marked, not loaded.
  const inert = page
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/g,
      '<script type="text/plain" data-after-paint data-src="$1"></script>',
    )
    .replace(
      /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
      '<link rel="preload-after-paint" data-after-paint href="$1">',
    );
  // Replacer functions: the page's text may hold `$&` and the like, which a replacement string would expand.
  return inert
    .replace(/<title>[^<]*<\/title>/, (shellTitle) => title ?? shellTitle)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-prerendered>${body}</div><script type="application/json" id="fieldlot-page-data"${fresh ? ' data-fresh' : ''}${moment}${zone}>${data}</script>`,
    );
}

/** The listing id of a tractor page's path, or null for any other path. */
export function tractorPageId(pathname: string): string | null {
  const match = /^\/tractor\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i.exec(
    pathname,
  );
  return match ? match[1].toLowerCase() : null;
}

/**
 * The dealer screens the server renders for a signed-in request (decision 0058): inventory, My Offers, My Listings,
 * Purchased Inventory, a tractor page and a market page.
 */
export function isSignedInRenderedScreen(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return path in DEALER_SCREENS || tractorPageId(path) !== null || marketFamilyDataUrl(path) !== null;
}
