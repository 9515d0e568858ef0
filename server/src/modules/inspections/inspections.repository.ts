import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { INSPECTABLE_REVIEW_STATUSES } from '../../../../domain/dealer-listings.js';
import type { Executor } from '../../db/client.js';
import {
  inspectionPhotos,
  inspectionRatings,
  inspectionRevisions,
  inspections,
  listingImages,
  listings,
  offers,
  users,
} from '../../db/schema.js';

export type InspectionRow = typeof inspections.$inferSelect;
export type RatingRow = typeof inspectionRatings.$inferSelect;
export type PhotoRow = typeof inspectionPhotos.$inferSelect;
export type RevisionRow = typeof inspectionRevisions.$inferSelect;

const listingColumns = {
  id: listings.id,
  make: listings.make,
  model: listings.model,
  year: listings.year,
  hours: listings.hours,
  location: listings.location,
  condition: listings.condition,
  status: listings.status,
  asIsReason: listings.asIsReason,
  gradeTenths: listings.gradeTenths,
  reviewStatus: listings.reviewStatus,
  sellerUserId: listings.sellerUserId,
  yardAddress: listings.yardAddress,
  city: listings.city,
  zip: listings.zip,
  yardPhone: listings.yardPhone,
};
export type ListingRow = {
  id: string;
  make: string;
  model: string;
  year: number;
  hours: number;
  location: string;
  condition: string | null;
  status: string;
  asIsReason: string | null;
  gradeTenths: number;
  /**
   * A dealer's listing waits for review before it goes live (dealer-selling.md#admin-review); null for
   * FieldLot's own.
   */
  reviewStatus: string | null;
  /** The dealer selling it: sees its report whatever its status, like the listing. */
  sellerUserId: string | null;
  /** The yard: a listing goes live only with its whole yard (decision 0041). */
  yardAddress: string | null;
  city: string | null;
  zip: string | null;
  yardPhone: string | null;
};

export async function listingById(exec: Executor, id: string): Promise<ListingRow | undefined> {
  const [row] = await exec.select(listingColumns).from(listings).where(eq(listings.id, id));
  return row;
}

/** Locks the listing row: publishes and as-is decisions on one tractor happen one after the other. */
export async function lockListing(exec: Executor, id: string): Promise<ListingRow | undefined> {
  const [row] = await exec.select(listingColumns).from(listings).where(eq(listings.id, id)).for('update');
  return row;
}

/**
 * Every listing not sold, newest first, with its draft's progress and latest grade: the inspectors' list.
 * `submittedOnly`: FieldLot's own and dealers' listings submitted for review (`submittedForInspection`).
 */
export async function queue(exec: Executor, opts: { submittedOnly: boolean }) {
  return exec
    .select({
      ...listingColumns,
      rated: sql<number>`(select count(*)::int from inspection_ratings r where r.inspection_id = ${inspections.id} and r.rating is not null)`,
      publishedAt: sql<
        string | null
      >`(select max(v.published_at)::text from inspection_revisions v where v.listing_id = ${listings.id})`,
    })
    .from(listings)
    .leftJoin(inspections, eq(inspections.listingId, listings.id))
    .where(
      and(
        ne(listings.status, 'sold'),
        opts.submittedOnly
          ? or(
              isNull(listings.reviewStatus),
              inArray(listings.reviewStatus, [...INSPECTABLE_REVIEW_STATUSES]),
            )
          : undefined,
      ),
    )
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(500);
}

export async function inspectionOf(exec: Executor, listingId: string): Promise<InspectionRow | undefined> {
  const [row] = await exec.select().from(inspections).where(eq(inspections.listingId, listingId));
  return row;
}

/** The inspection of a listing, created on first use (one per listing, whoever comes first). */
export async function ensureInspection(exec: Executor, listingId: string): Promise<InspectionRow> {
  await exec.insert(inspections).values({ listingId }).onConflictDoNothing();
  const row = await inspectionOf(exec, listingId);
  if (!row) throw new Error('inspection row missing after insert');
  return row;
}

export async function updateDetails(
  exec: Executor,
  id: string,
  patch: Partial<Pick<InspectionRow, 'serial' | 'hourMeter' | 'announcements' | 'treads'>>,
  by: string,
  now: Date,
) {
  await exec
    .update(inspections)
    .set({ ...patch, updatedBy: by, updatedAt: now })
    .where(eq(inspections.id, id));
}

export async function ratingsOf(exec: Executor, inspectionId: string): Promise<RatingRow[]> {
  return exec.select().from(inspectionRatings).where(eq(inspectionRatings.inspectionId, inspectionId));
}

export async function saveRating(
  exec: Executor,
  row: {
    inspectionId: string;
    checkpointId: string;
    rating: string | null;
    note: string;
    changedAt: Date;
    deviceId: string | null;
  },
  now: Date,
) {
  const { inspectionId: _, checkpointId: __, ...values } = row;
  await exec
    .insert(inspectionRatings)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: [inspectionRatings.inspectionId, inspectionRatings.checkpointId],
      set: { ...values, updatedAt: now },
    });
}

/** One checkpoint's answer as saved (the caller holds the inspection's row lock). */
export async function ratingOf(exec: Executor, inspectionId: string, checkpointId: string) {
  const [row] = await exec
    .select()
    .from(inspectionRatings)
    .where(
      and(eq(inspectionRatings.inspectionId, inspectionId), eq(inspectionRatings.checkpointId, checkpointId)),
    );
  return row ?? null;
}

export async function photosOf(exec: Executor, inspectionId: string): Promise<PhotoRow[]> {
  return exec
    .select()
    .from(inspectionPhotos)
    .where(and(eq(inspectionPhotos.inspectionId, inspectionId), isNull(inspectionPhotos.removedAt)))
    .orderBy(asc(inspectionPhotos.createdAt), asc(inspectionPhotos.id));
}

/** Inserts the photo; null when a photo with its client id is stored already (the unique index decides). */
export async function insertPhoto(
  exec: Executor,
  row: Omit<typeof inspectionPhotos.$inferInsert, 'id'>,
): Promise<PhotoRow | null> {
  const [created] = await exec
    .insert(inspectionPhotos)
    .values(row)
    .onConflictDoNothing({ target: inspectionPhotos.clientId })
    .returning();
  return created ?? null;
}

/** The photo the phone sent with this client id, and the tractor of its draft. */
export async function photoByClientId(exec: Executor, clientId: string) {
  const [found] = await exec
    .select({ photo: inspectionPhotos, listingId: inspections.listingId })
    .from(inspectionPhotos)
    .innerJoin(inspections, eq(inspections.id, inspectionPhotos.inspectionId))
    .where(eq(inspectionPhotos.clientId, clientId));
  return found ?? null;
}

/** The audio type of the recording kept under `storageKey`, or null when there is none. */
export async function recordingType(exec: Executor, storageKey: string): Promise<string | null> {
  const [found] = await exec
    .select({ mediaType: inspectionPhotos.mediaType })
    .from(inspectionPhotos)
    .where(eq(inspectionPhotos.storageKey, storageKey))
    .limit(1);
  return found?.mediaType ?? null;
}

/** The revision a submission of the phone published, if it did. */
export async function revisionBySubmission(exec: Executor, submissionId: string) {
  const [found] = await exec
    .select({
      listingId: inspectionRevisions.listingId,
      number: inspectionRevisions.number,
      gradeTenths: inspectionRevisions.gradeTenths,
    })
    .from(inspectionRevisions)
    .where(eq(inspectionRevisions.submissionId, submissionId));
  return found ?? null;
}

/** Takes a photo out of the draft; published revisions keep their copy of it. */
export async function removePhoto(exec: Executor, inspectionId: string, photoId: string, now: Date) {
  const rows = await exec
    .update(inspectionPhotos)
    .set({ removedAt: now })
    .where(
      and(
        eq(inspectionPhotos.id, photoId),
        eq(inspectionPhotos.inspectionId, inspectionId),
        isNull(inspectionPhotos.removedAt),
      ),
    )
    .returning({ id: inspectionPhotos.id });
  return rows.length > 0;
}

export async function revisionsOf(exec: Executor, listingId: string): Promise<RevisionRow[]> {
  return exec
    .select()
    .from(inspectionRevisions)
    .where(eq(inspectionRevisions.listingId, listingId))
    .orderBy(desc(inspectionRevisions.number));
}

export async function insertRevision(
  exec: Executor,
  row: Omit<typeof inspectionRevisions.$inferInsert, 'id'>,
): Promise<RevisionRow> {
  const [created] = await exec.insert(inspectionRevisions).values(row).returning();
  return created;
}

/** Dealers with an open offer (pending or countered) on the listing: told when the report changes. */
export async function openOfferDealers(exec: Executor, listingId: string) {
  return exec
    .selectDistinct({ userId: users.id, email: users.email, name: users.name })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.buyerUserId))
    .where(and(eq(offers.listingId, listingId), inArray(offers.status, ['pending', 'countered'])));
}

/** Whether the user bought this listing (an accepted offer): buyers keep seeing sold tractors. */
export async function boughtBy(exec: Executor, listingId: string, userId: string): Promise<boolean> {
  const rows = await exec
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(eq(offers.listingId, listingId), eq(offers.buyerUserId, userId), eq(offers.status, 'accepted')),
    )
    .limit(1);
  return rows.length > 0;
}

/** The frozen revision of each of a dealer's purchases. */
export async function purchasedRevisions(exec: Executor, userId: string) {
  return exec
    .select({
      offerId: offers.id,
      listingId: offers.listingId,
      number: inspectionRevisions.number,
      gradeTenths: inspectionRevisions.gradeTenths,
    })
    .from(offers)
    .innerJoin(inspectionRevisions, eq(inspectionRevisions.id, offers.inspectionRevisionId))
    .where(and(eq(offers.buyerUserId, userId), eq(offers.status, 'accepted')));
}

/** The revision frozen with this dealer's purchase of the listing, if any. */
export async function frozenNumber(exec: Executor, listingId: string, userId: string) {
  const [row] = await exec
    .select({ number: inspectionRevisions.number })
    .from(offers)
    .innerJoin(inspectionRevisions, eq(inspectionRevisions.id, offers.inspectionRevisionId))
    .where(
      and(eq(offers.listingId, listingId), eq(offers.buyerUserId, userId), eq(offers.status, 'accepted')),
    );
  return row?.number ?? null;
}

export async function emailTaken(exec: Executor, email: string): Promise<boolean> {
  const rows = await exec.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

export async function inspectorsList(exec: Executor) {
  return exec
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.status, 'inspector'))
    .orderBy(asc(users.name));
}

/** The tractor's own photos (primary first), for the printed report. */
export async function listingImageKeys(exec: Executor, listingId: string, limit: number) {
  return exec
    .select({
      storageKey: listingImages.storageKey,
      width: listingImages.width,
      height: listingImages.height,
    })
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .orderBy(desc(listingImages.isPrimary), asc(listingImages.imageOrder))
    .limit(limit);
}
