import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FarmerOfferStatus } from '../../../../domain/farmer-offers.js';
import type { InquiryStatus, SaleInquiry } from '../../../../domain/inquiries.js';
import type { Executor } from '../../db/client.js';
import { inquiryOffers, inquiryPhotos, saleInquiries } from '../../db/schema.js';

export type NewInquiry = Omit<
  SaleInquiry,
  'id' | 'status' | 'createdAt' | 'updatedAt' | 'photoCount' | 'draftListingId'
>;

const photoCount = sql<number>`(select count(*)::int from "inquiry_photos" p where p.inquiry_id = "tractor_sale_inquiries"."id")`;

const columns = {
  id: saleInquiries.id,
  make: saleInquiries.make,
  model: saleInquiries.model,
  year: saleInquiries.year,
  hours: saleInquiries.hours,
  location: saleInquiries.location,
  condition: saleInquiries.condition,
  description: saleInquiries.description,
  email: saleInquiries.email,
  transmission: saleInquiries.transmission,
  phone: saleInquiries.phone,
  status: saleInquiries.status,
  draftListingId: saleInquiries.draftListingId,
  createdAt: saleInquiries.createdAt,
  updatedAt: saleInquiries.updatedAt,
};

type Row = Omit<SaleInquiry, 'createdAt' | 'updatedAt' | 'photoCount'> & {
  createdAt: Date;
  updatedAt: Date;
  photoCount?: number;
};

function toView(r: Row): SaleInquiry {
  return {
    ...r,
    photoCount: Number(r.photoCount ?? 0),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function insertInquiry(exec: Executor, row: NewInquiry): Promise<SaleInquiry> {
  const [created] = await exec.insert(saleInquiries).values(row).returning(columns);
  return toView(created);
}

/** An offer whose date has passed, still unanswered: the inquiry shows `offer_expired` before the sweep writes it. */
const dueOffer = (now: Date) =>
  sql`exists (select 1 from "inquiry_offers" o where o.inquiry_id = "tractor_sale_inquiries"."id" and o.status = 'sent' and o.valid_until <= ${now.toISOString()}::timestamptz)`;

/** The status as of `now`: reads compute the expiry from the clock and never write it (the sweep does). */
const statusAt = (now: Date) =>
  sql<InquiryStatus>`case when ${saleInquiries.status} = 'offer_sent' and ${dueOffer(now)} then 'offer_expired' else ${saleInquiries.status} end`;

/** Newest first; the admin list is bounded so a flood of inquiries cannot make the page unusable. */
export async function listInquiries(exec: Executor, limit: number, now: Date): Promise<SaleInquiry[]> {
  const rows = await exec
    .select({ ...columns, status: statusAt(now), photoCount })
    .from(saleInquiries)
    .orderBy(desc(saleInquiries.createdAt), desc(saleInquiries.id))
    .limit(limit);
  return rows.map(toView);
}

export async function findInquiry(
  exec: Executor,
  id: string,
  opts: { lock?: boolean; now?: Date } = {},
): Promise<SaleInquiry | null> {
  const status = opts.now ? statusAt(opts.now) : saleInquiries.status;
  const q = exec
    .select({ ...columns, status, photoCount })
    .from(saleInquiries)
    .where(eq(saleInquiries.id, id));
  const [row] = opts.lock ? await q.for('update', { of: saleInquiries }) : await q;
  return row ? toView(row) : null;
}

/** The inquiry whose accepted offer drafted this listing, if any. */
export async function inquiryOfDraft(exec: Executor, listingId: string): Promise<SaleInquiry | null> {
  const [row] = await exec
    .select({ ...columns, photoCount })
    .from(saleInquiries)
    .where(eq(saleInquiries.draftListingId, listingId));
  return row ? toView(row) : null;
}

/** Conditional update: moves the inquiry only if it is still in `from` (two admins at once: one wins). */
export async function transitionInquiry(
  exec: Executor,
  id: string,
  from: InquiryStatus,
  to: InquiryStatus,
  now: Date,
  extra: { draftListingId?: string } = {},
): Promise<SaleInquiry | null> {
  const [row] = await exec
    .update(saleInquiries)
    .set({ status: to, updatedAt: now, ...extra })
    .where(and(eq(saleInquiries.id, id), eq(saleInquiries.status, from)))
    .returning(columns);
  return row ? toView(row) : null;
}

export async function findInquiryStatus(exec: Executor, id: string): Promise<InquiryStatus | null> {
  const [row] = await exec
    .select({ status: saleInquiries.status })
    .from(saleInquiries)
    .where(eq(saleInquiries.id, id));
  return row?.status ?? null;
}

// ---- The sell form's photos ----

export interface InquiryPhotoRow {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  position: number;
}

export async function insertPhotos(
  exec: Executor,
  inquiryId: string,
  photos: { storageKey: string; width: number; height: number }[],
): Promise<void> {
  if (photos.length === 0) return;
  await exec.insert(inquiryPhotos).values(photos.map((p, position) => ({ ...p, inquiryId, position })));
}

export async function photosOf(exec: Executor, inquiryId: string): Promise<InquiryPhotoRow[]> {
  return exec
    .select({
      id: inquiryPhotos.id,
      storageKey: inquiryPhotos.storageKey,
      width: inquiryPhotos.width,
      height: inquiryPhotos.height,
      position: inquiryPhotos.position,
    })
    .from(inquiryPhotos)
    .where(eq(inquiryPhotos.inquiryId, inquiryId))
    .orderBy(asc(inquiryPhotos.position));
}

// ---- Offers ----

export type OfferRow = typeof inquiryOffers.$inferSelect;

export async function insertOffer(exec: Executor, row: typeof inquiryOffers.$inferInsert): Promise<OfferRow> {
  const [created] = await exec.insert(inquiryOffers).values(row).returning();
  return created;
}

export async function offersOf(exec: Executor, inquiryId: string): Promise<OfferRow[]> {
  return exec
    .select()
    .from(inquiryOffers)
    .where(eq(inquiryOffers.inquiryId, inquiryId))
    .orderBy(asc(inquiryOffers.createdAt), asc(inquiryOffers.id));
}

export async function offerByTokenHash(
  exec: Executor,
  tokenHash: string,
  lock = false,
): Promise<OfferRow | null> {
  const q = exec.select().from(inquiryOffers).where(eq(inquiryOffers.tokenHash, tokenHash));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Writes the answer once: only an offer still `sent` changes (the trigger refuses any other change). */
export async function answerOffer(
  exec: Executor,
  id: string,
  status: Exclude<FarmerOfferStatus, 'sent'>,
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .update(inquiryOffers)
    .set({ status, answeredAt: now })
    .where(and(eq(inquiryOffers.id, id), eq(inquiryOffers.status, 'sent')))
    .returning({ id: inquiryOffers.id });
  return rows.length > 0;
}

/** Marks every open offer of the inquiry superseded (a revised offer replaces it; its link stops working). */
export async function supersedeOpenOffers(exec: Executor, inquiryId: string, now: Date): Promise<string[]> {
  const rows = await exec
    .update(inquiryOffers)
    .set({ status: 'superseded', answeredAt: now })
    .where(and(eq(inquiryOffers.inquiryId, inquiryId), eq(inquiryOffers.status, 'sent')))
    .returning({ id: inquiryOffers.id });
  return rows.map((r) => r.id);
}

/**
 * Inquiries waiting on an offer whose date has passed move to `offer_expired` (the offer row itself stays `sent`).
 * Called by the scheduled sweep and inside write transactions, never by a read.
 */
export async function expireDueInquiries(exec: Executor, now: Date): Promise<string[]> {
  const rows = await exec
    .update(saleInquiries)
    .set({ status: 'offer_expired', updatedAt: now })
    .where(and(eq(saleInquiries.status, 'offer_sent'), dueOffer(now)))
    .returning({ id: saleInquiries.id });
  return rows.map((r) => r.id);
}

export { adminEmails } from '../users/index.js';
