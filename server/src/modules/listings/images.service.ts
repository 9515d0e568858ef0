import { listingStage, SELLER_EDITABLE_STAGES } from '../../../../domain/dealer-listings.js';
import { hasDealerRights } from '../../../../domain/users.js';
import type { Tx } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { storageFor } from '../../lib/storage.js';
import { processImage, variantKeysOf } from './image-files.js';
import * as repo from './images.repository.js';
import { inventoryWrite } from './page-cache.js';

export const LISTING_NOT_FOUND = 'Tractor Not Found';
export const NOT_EDITABLE =
  'This listing cannot be changed while it is in review or live. Withdraw it first, or wait for the review.';

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
  sellerUserId?: string,
): Promise<{ id: string }> {
  const processed = await processImage(data);
  const storage = storageFor(ctx.config);
  const written: string[] = [];
  try {
    for (const v of processed.variants) {
      await storage.put(v.key, v.data, 'image/webp');
      written.push(v.key);
    }
    return await inventoryWrite(ctx, async (tx) => {
      if (!(await repo.lockListing(tx, listingId, sellerUserId)))
        throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
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

/** A dealer acts on their own listings only (admins on any): the seller filter of the repository's lock. */
const sellerOf = (actor: Actor) => (actor.status === 'admin' ? undefined : actor.userId);

/**
 * Locks the listing for a picture change: admins any listing; a dealer only their own (another's is 404) and
 * only while they may edit it (docs/product/dealer-selling.md#listing-as-a-dealer).
 */
async function lockForImages(tx: Tx, actor: Actor, listingId: string) {
  const row = await repo.lockListing(tx, listingId, sellerOf(actor));
  if (!row) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  if (sellerOf(actor) && !SELLER_EDITABLE_STAGES.includes(listingStage(row)))
    throw new AppError('CONFLICT', NOT_EDITABLE);
}

/** Before an upload is read: a dealer's listing that is not theirs answers 404 whatever the body. */
export async function assertImageAccess(ctx: AppContext, actor: Actor, listingId: string): Promise<void> {
  requireRole(actor, 'dealer', 'admin');
  if (sellerOf(actor)) await ctx.db.transaction((tx) => lockForImages(tx, actor, listingId));
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

async function auditImage(ctx: AppContext, actor: Actor, info: RequestInfo, action: string, details: object) {
  await audit(ctx.db, {
    action,
    resourceType: 'listing',
    actorUserId: actor.userId,
    actorEmail: actor.email,
    details: { ...details },
    request: info,
  });
}

export async function uploadImage(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
  data: Buffer,
  info: RequestInfo,
): Promise<{ id: string }> {
  requireRole(actor, 'dealer', 'admin');
  await inventoryWrite(ctx, (tx) => lockForImages(tx, actor, listingId));
  const created = await addListingImageFromBuffer(ctx, listingId, data, {}, sellerOf(actor));
  await auditImage(ctx, actor, info, 'listing.image_added', { listingId, imageId: created.id });
  return created;
}

export async function reorderImages(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
  orderedIds: string[],
  info: RequestInfo,
): Promise<void> {
  requireRole(actor, 'dealer', 'admin');
  await inventoryWrite(ctx, async (tx) => {
    await lockForImages(tx, actor, listingId);
    const current = await repo.imagesOf(tx, listingId);
    const same =
      current.length === orderedIds.length &&
      new Set(orderedIds).size === orderedIds.length &&
      orderedIds.every((id) => current.some((c) => c.id === id));
    if (!same)
      throw new AppError('VALIDATION', 'The new order must list every image of the listing once', {
        fields: { imageIds: 'The new order must list every image of the listing once' },
      });
    await repo.setOrder(tx, listingId, orderedIds);
  });
  await auditImage(ctx, actor, info, 'listing.images_reordered', { listingId });
}

export async function setPrimaryImage(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
  imageId: string,
  info: RequestInfo,
): Promise<void> {
  requireRole(actor, 'dealer', 'admin');
  await inventoryWrite(ctx, async (tx) => {
    await lockForImages(tx, actor, listingId);
    if (!(await repo.imageById(tx, listingId, imageId))) throw new AppError('NOT_FOUND', 'Image not found');
    await repo.setPrimary(tx, listingId, imageId);
  });
  await auditImage(ctx, actor, info, 'listing.primary_image_set', { listingId, imageId });
}

/** Removes one image; when it was the primary, the next image in order becomes primary. */
export async function removeImage(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
  imageId: string,
  info: RequestInfo,
): Promise<void> {
  requireRole(actor, 'dealer', 'admin');
  const removed = await inventoryWrite(ctx, async (tx) => {
    await lockForImages(tx, actor, listingId);
    const row = await repo.deleteImage(tx, listingId, imageId);
    if (!row) throw new AppError('NOT_FOUND', 'Image not found');
    if (row.isPrimary) {
      const [next] = await repo.imagesOf(tx, listingId);
      if (next) await repo.setPrimary(tx, listingId, next.id);
    }
    return row;
  });
  await removeImageFiles(ctx, [removed.storageKey]);
  await auditImage(ctx, actor, info, 'listing.image_removed', { listingId, imageId });
}

/**
 * A picture's bytes for this viewer, or null (404). Pictures of listings the viewer may not see are not
 * served (docs/product/security.md): an active listing's to everyone; any other (inactive, sold, archived)
 * only to admins and to dealers who made an offer on it (their offer lists show it). Condition-report photos:
 * to staff, and to approved dealers where they may see the listing. `path` is `${key}-${width}.webp`.
 */
export async function imageFor(ctx: AppContext, viewer: Actor | null, path: string): Promise<Buffer | null> {
  const key = path.replace(/-(400|800|1600)\.webp$/, '');
  if (!(await mediaVisibleTo(ctx, viewer, key))) return null;
  return storageFor(ctx.config).get(path);
}

/**
 * Whether the viewer may see the picture, report photo or report recording kept under `storageKey` (false when
 * there is none): the tractor's own pictures as the tractor; a report's as the full report.
 */
export async function mediaVisibleTo(ctx: AppContext, viewer: Actor | null, storageKey: string) {
  const listing = await repo.imageOwnerListing(ctx.db, storageKey, viewer, ctx.clock.now());
  if (!listing) return false;
  // Staff see every picture (inspectors photograph tractors before they go live). Report photos are part of
  // the full report, which only approved dealers read (docs/product/condition-reports.md).
  const staff = viewer?.status === 'admin' || viewer?.status === 'inspector';
  const dealer = viewer !== null && hasDealerRights(viewer.status);
  // A tractor under a first look shows no picture to anyone outside it (docs/product/want-lists.md#first-look).
  const allowed =
    staff ||
    (!listing.hidden &&
      (listing.kind === 'report'
        ? dealer && (listing.status === 'active' || listing.viewerOffered)
        : listing.status === 'active' || (dealer && listing.viewerOffered)));
  return allowed;
}
