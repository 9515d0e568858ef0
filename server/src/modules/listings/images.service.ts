import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/context.js';
import { storageFor } from '../../lib/storage.js';
import { processImage, variantKeysOf } from './image-files.js';
import * as repo from './images.repository.js';

export const LISTING_NOT_FOUND = 'Tractor Not Found';

/**
 * Stores an image for a listing: checks and re-encodes it (see processImage), writes the WebP
 * variants to storage, then inserts the row (next order; the first image or `isPrimary` becomes
 * the primary). Files written before a failed insert are removed, so nothing is left behind.
 * No access check: callers (the admin route, the demo seed) decide who may add images.
 */
export async function addListingImageFromBuffer(
  ctx: AppContext,
  listingId: string,
  data: Buffer,
  opts: { isPrimary?: boolean } = {},
): Promise<{ id: string }> {
  const processed = await processImage(data);
  const storage = storageFor(ctx.config);
  const written: string[] = [];
  try {
    for (const v of processed.variants) {
      await storage.put(v.key, v.data, 'image/webp');
      written.push(v.key);
    }
    return await ctx.db.transaction(async (tx) => {
      if (!(await repo.lockListing(tx, listingId))) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
      const existing = await repo.imagesOf(tx, listingId);
      const isPrimary = opts.isPrimary === true || !existing.some((i) => i.isPrimary);
      if (isPrimary) await repo.clearPrimary(tx, listingId);
      return repo.insertImage(tx, {
        listingId,
        storageKey: processed.storageKey,
        width: processed.width,
        height: processed.height,
        isPrimary,
      });
    });
  } catch (err) {
    await storage.delete(written).catch(() => {});
    throw err;
  }
}

/** Removes the stored files of images whose rows are already gone; failures are logged, not thrown. */
export async function removeImageFiles(ctx: AppContext, storageKeys: string[]): Promise<void> {
  const keys = storageKeys.flatMap(variantKeysOf);
  try {
    await storageFor(ctx.config).delete(keys);
  } catch (err) {
    ctx.log.error({ err, count: keys.length }, 'could not remove image files');
  }
}
