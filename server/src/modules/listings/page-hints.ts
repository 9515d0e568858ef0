import type { AppContext } from '../../lib/context.js';
import { firstLookHidesFrom } from './first-look.js';
import * as images from './images.repository.js';
import * as repo from './listings.repository.js';
import { imageSources } from './listings.service.js';

export interface TractorPageHints {
  /** What the page fetches first (the same URL, so the browser uses the preloaded answer). */
  dataUrl: string;
  /** The main photo as the gallery renders it. */
  image: { src: string; srcSet: string } | null;
}

/**
 * For the HTML of a tractor page: the listing's data URL and main photo, so a phone fetches both while the
 * scripts are still loading instead of after them (decision 0023). Only for live listings, which anyone may see;
 * for anything else the page loads as before.
 */
export async function tractorPageHints(ctx: AppContext, id: string): Promise<TractorPageHints | null> {
  const row = await repo.listingById(ctx.db, id);
  if (row?.status !== 'active') return null;
  // Under a first look the photo stays unannounced (docs/product/want-lists.md#first-look).
  if (await firstLookHidesFrom(ctx.db, id, null, ctx.clock.now())) return null;
  const [first] = await images.imagesOf(ctx.db, id);
  return {
    dataUrl: `/api/listings/${id}`,
    image: first ? imageSources(first.storageKey, first.width) : null,
  };
}
