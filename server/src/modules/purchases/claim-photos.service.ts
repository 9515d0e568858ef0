import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { storageFor } from '../../lib/storage.js';
import { variantKey } from '../listings/index.js';
import * as repo from './claim-photos.repository.js';

export const CLAIM_PHOTO_NOT_FOUND = 'Photo not found';

/** Admins read every claim; approved dealers their dealership's (checked in the query); nobody else any. */
function claimPhotoViewer(viewer: Actor | null): repo.ClaimPhotoViewer | null {
  if (viewer?.status === 'admin') return { admin: true };
  if (viewer?.status === 'approved') return { admin: false, userId: viewer.userId };
  return null;
}

/**
 * A claim photo variant's bytes (`file`: `{photo id}-{width}.webp`), for the buyer's dealership and admins only
 * (docs/product/purchases.md#inspection-guarantee). Access is checked first, in the query; anyone else, a visitor,
 * an unknown photo or another purchase's photo all answer the same 404, so keys cannot be probed.
 */
export async function claimPhotoFile(
  ctx: AppContext,
  viewer: Actor | null,
  purchaseId: string,
  file: string,
): Promise<Buffer> {
  const who = claimPhotoViewer(viewer);
  const parts = /^(.+)-(\d+)\.webp$/.exec(file);
  if (!who || !parts) throw new AppError('NOT_FOUND', CLAIM_PHOTO_NOT_FOUND);
  const [, id, width] = parts;
  // Photos of claims opened before claim photos had their own folder were stored under listings/.
  const photo = await repo.claimPhotoForViewer(ctx.db, purchaseId, [`claims/${id}`, `listings/${id}`], who);
  if (!photo) throw new AppError('NOT_FOUND', CLAIM_PHOTO_NOT_FOUND);
  const data = await storageFor(ctx.config).get(variantKey(photo.storageKey, Number(width)));
  if (!data) throw new AppError('NOT_FOUND', CLAIM_PHOTO_NOT_FOUND);
  return data;
}
