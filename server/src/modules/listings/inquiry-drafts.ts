import { randomUUID } from 'node:crypto';
import type { Condition } from '../../../../domain/listings.js';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import { storageFor } from '../../lib/storage.js';
import { VARIANT_WIDTHS, variantKey } from './image-files.js';
import { insertImage } from './images.repository.js';
import { insertListings } from './listings.repository.js';

/** A stored picture (its WebP variants at `${storageKey}-{width}.webp`). */
export interface StoredPicture {
  storageKey: string;
  width: number;
  height: number;
}

/**
 * Copies stored pictures (a farmer's sell-form photos, kept under `inquiries/`) to new `listings/` keys, so the
 * listing's pictures are served like any other and the originals stay private. Returns the copies in order; on a
 * failure the copies written so far are removed. Call `removeCopiedPictures` if the listing is not made after all.
 */
export async function copyPicturesForListing(
  ctx: AppContext,
  pictures: StoredPicture[],
): Promise<StoredPicture[]> {
  const storage = storageFor(ctx.config);
  const written: string[] = [];
  const copies: StoredPicture[] = [];
  try {
    for (const p of pictures) {
      const storageKey = `listings/${randomUUID()}`;
      for (const w of VARIANT_WIDTHS) {
        const data = await storage.get(variantKey(p.storageKey, w));
        if (!data) continue;
        await storage.put(variantKey(storageKey, w), data, 'image/webp');
        written.push(variantKey(storageKey, w));
      }
      copies.push({ storageKey, width: p.width, height: p.height });
    }
    return copies;
  } catch (err) {
    await storage.delete(written).catch(() => {});
    throw err;
  }
}

export async function removeCopiedPictures(ctx: AppContext, pictures: StoredPicture[]): Promise<void> {
  const keys = pictures.flatMap((p) => VARIANT_WIDTHS.map((w) => variantKey(p.storageKey, w)));
  await storageFor(ctx.config)
    .delete(keys)
    .catch(() => {});
}

export interface InquiryDraft {
  /** The admin who sent the accepted offer: FieldLot's own listing, like one an admin creates. */
  userId: string;
  make: string;
  model: string;
  year: number;
  hours: number;
  location: string;
  city: string | null;
  zip: string | null;
  yardPhone: string | null;
  /** Null: the farmer did not say; required before it goes live (decision 0073). */
  condition: Condition | null;
  transmission: string | null;
  description: string;
  priceCents: number;
}

/**
 * A FieldLot draft listing from an accepted farmer's offer (docs/product/selling.md#from-accepted-offer-to-draft):
 * inactive, FieldLot's own (no seller), waiting for its condition report like any new admin listing (decision 0014),
 * with the copied pictures in order, the first the primary. Runs in the caller's transaction; an inactive listing is
 * on no public page, so no cached page changes.
 */
export async function insertInquiryDraftListing(
  tx: Tx,
  draft: InquiryDraft,
  pictures: StoredPicture[],
): Promise<{ id: string }> {
  const [created] = await insertListings(tx, [{ ...draft, status: 'inactive' }]);
  for (const [i, p] of pictures.entries())
    await insertImage(tx, { listingId: created.id, ...p, isPrimary: i === 0 });
  return created;
}
