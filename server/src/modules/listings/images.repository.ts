import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ReviewStatus } from '../../../../domain/dealer-listings.js';
import type { ListingStatus } from '../../../../domain/listings.js';
import type { Executor } from '../../db/client.js';
import {
  dealershipMembers,
  inspectionPhotos,
  inspections,
  listingImages,
  listings,
  offers,
} from '../../db/schema.js';
import { type FirstLookViewer, firstLookHides } from './first-look.js';

export interface ImageRow {
  id: string;
  listingId: string;
  storageKey: string;
  width: number;
  height: number;
  isPrimary: boolean;
  imageOrder: number;
}

const imageColumns = {
  id: listingImages.id,
  listingId: listingImages.listingId,
  storageKey: listingImages.storageKey,
  width: listingImages.width,
  height: listingImages.height,
  isPrimary: listingImages.isPrimary,
  imageOrder: listingImages.imageOrder,
};

/**
 * Locks the listing row so concurrent uploads get distinct orders and one primary. With `sellerUserId`, only
 * that dealer's listing is found (anyone else's answers as missing: 404).
 */
export async function lockListing(
  exec: Executor,
  listingId: string,
  sellerUserId?: string,
): Promise<{ status: ListingStatus; reviewStatus: ReviewStatus | null; archivedAt: Date | null } | null> {
  const rows = await exec
    .select({ status: listings.status, reviewStatus: listings.reviewStatus, archivedAt: listings.archivedAt })
    .from(listings)
    .where(
      sellerUserId
        ? and(eq(listings.id, listingId), eq(listings.sellerUserId, sellerUserId))
        : eq(listings.id, listingId),
    )
    .for('update');
  return rows[0] ?? null;
}

export async function imagesOf(exec: Executor, listingId: string): Promise<ImageRow[]> {
  return exec
    .select(imageColumns)
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .orderBy(asc(listingImages.imageOrder), asc(listingImages.createdAt));
}

export async function imageById(
  exec: Executor,
  listingId: string,
  imageId: string,
): Promise<ImageRow | null> {
  const rows = await exec
    .select(imageColumns)
    .from(listingImages)
    .where(and(eq(listingImages.listingId, listingId), eq(listingImages.id, imageId)));
  return rows[0] ?? null;
}

export async function insertImage(
  exec: Executor,
  row: { listingId: string; storageKey: string; width: number; height: number; isPrimary: boolean },
): Promise<{ id: string }> {
  const next = await exec
    .select({ n: sql<number>`coalesce(max(${listingImages.imageOrder}) + 1, 0)::int` })
    .from(listingImages)
    .where(eq(listingImages.listingId, row.listingId));
  const [inserted] = await exec
    .insert(listingImages)
    .values({ ...row, imageOrder: Number(next[0]?.n ?? 0) })
    .returning({ id: listingImages.id });
  return inserted;
}

export async function clearPrimary(exec: Executor, listingId: string, exceptId?: string): Promise<void> {
  await exec
    .update(listingImages)
    .set({ isPrimary: false })
    .where(
      and(
        eq(listingImages.listingId, listingId),
        eq(listingImages.isPrimary, true),
        exceptId ? ne(listingImages.id, exceptId) : undefined,
      ),
    );
}

export async function setPrimary(exec: Executor, listingId: string, imageId: string): Promise<void> {
  await clearPrimary(exec, listingId, imageId);
  await exec
    .update(listingImages)
    .set({ isPrimary: true })
    .where(and(eq(listingImages.listingId, listingId), eq(listingImages.id, imageId)));
}

export async function setOrder(exec: Executor, listingId: string, orderedIds: string[]): Promise<void> {
  for (const [i, id] of orderedIds.entries()) {
    await exec
      .update(listingImages)
      .set({ imageOrder: i })
      .where(and(eq(listingImages.listingId, listingId), eq(listingImages.id, id)));
  }
}

export async function deleteImage(
  exec: Executor,
  listingId: string,
  imageId: string,
): Promise<ImageRow | null> {
  const rows = await exec
    .delete(listingImages)
    .where(and(eq(listingImages.listingId, listingId), eq(listingImages.id, imageId)))
    .returning(imageColumns);
  return rows[0] ?? null;
}

/** Storage keys of every image of these listings (to remove their files after a delete). */
export async function storageKeysOf(exec: Executor, listingIds: string[]): Promise<string[]> {
  if (listingIds.length === 0) return [];
  const rows = await exec
    .select({ key: listingImages.storageKey })
    .from(listingImages)
    .where(sql`${listingImages.listingId} in ${listingIds}`);
  return rows.map((r) => r.key);
}

/**
 * The listing a stored picture belongs to, with what the viewer has to do with it, and whether it is a listing
 * picture or a condition-report photo (those go through the same storage): null when no row holds the key (an
 * orphan file is never served). Report photos are looked up here too, so one rule serves every stored picture.
 * Claim photos are evidence, not pictures: the purchases module serves them (claim-photos.service.ts).
 */
export async function imageOwnerListing(
  exec: Executor,
  storageKey: string,
  viewer: FirstLookViewer,
  now: Date,
): Promise<{
  status: ListingStatus;
  viewerOffered: boolean;
  hidden: boolean;
  kind: 'listing' | 'report';
} | null> {
  const viewerId = viewer?.userId ?? null;
  // A running first look keeps the viewer from the tractor (docs/product/want-lists.md#first-look).
  const hidden = sql<boolean>`${firstLookHides(sql`${listings.id}`, viewer, now)}`;
  // The seller, or a dealer whose offer (theirs or their dealership's: a teammate's purchase is the whole
  // dealership's, docs/product/purchases.md#purchased-inventory) is on the tractor.
  const viewerOffered = viewerId
    ? sql<boolean>`(${listings.sellerUserId} = ${viewerId} or exists (select 1 from ${offers}
        where ${offers.listingId} = ${listings.id} and (${offers.buyerUserId} = ${viewerId}
          or ${offers.dealershipId} in (select ${dealershipMembers.dealershipId} from ${dealershipMembers}
            where ${dealershipMembers.userId} = ${viewerId} and ${dealershipMembers.removedAt} is null))))`
    : sql<boolean>`false`;
  const pictures = await exec
    .select({ status: listings.status, viewerOffered, hidden })
    .from(listingImages)
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .where(eq(listingImages.storageKey, storageKey))
    .limit(1);
  if (pictures[0])
    return {
      ...pictures[0],
      viewerOffered: Boolean(pictures[0].viewerOffered),
      hidden: Boolean(pictures[0].hidden),
      kind: 'listing',
    };
  const photos = await exec
    .select({ status: listings.status, viewerOffered, hidden })
    .from(inspectionPhotos)
    .innerJoin(inspections, eq(inspections.id, inspectionPhotos.inspectionId))
    .innerJoin(listings, eq(listings.id, inspections.listingId))
    .where(eq(inspectionPhotos.storageKey, storageKey))
    .limit(1);
  if (photos[0])
    return {
      ...photos[0],
      viewerOffered: Boolean(photos[0].viewerOffered),
      hidden: Boolean(photos[0].hidden),
      kind: 'report',
    };
  return null;
}
