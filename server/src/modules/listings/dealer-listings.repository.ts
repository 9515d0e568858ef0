import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReviewStatus } from '../../../../domain/dealer-listings.js';
import type { ChargeLine, CreditBearer, LedgerEntry, Reversible } from '../../../../domain/ledger.js';
import type { ListingStatus } from '../../../../domain/listings.js';
import type { PaymentMethod } from '../../../../domain/payment-terms.js';
import { type Executor, rowsOf } from '../../db/client.js';
import { listings, users } from '../../db/schema.js';

export interface MyListingRow {
  id: string;
  make: string;
  model: string;
  year: number;
  hours: number;
  location: string;
  condition: string;
  grade_tenths: number;
  hours_corrected_from: number | null;
  price_cents: string | number;
  floor_price_cents: string | number | null;
  status: ListingStatus;
  review_status: ReviewStatus | null;
  archived_at: string | null;
  change_request_reason: string | null;
  updated_at: string;
  image_key: string | null;
  image_width: number | null;
  image_count: number;
  offer_count: number;
  watch_count: number;
  open_offer_count: number;
  best_open_cents: string | number | null;
  best_open_status: string | null;
  sale_cents: string | number | null;
  /** The sale's ledger entries (docs/product/purchases.md#the-ledger), oldest first; [] before the invoice. */
  sale_ledger: SaleLedgerRow[];
}

export interface SaleLedgerRow {
  kind: LedgerEntry['kind'];
  line: ChargeLine | null;
  of: Reversible | null;
  bornBy: CreditBearer | null;
  amountCents: number;
  method: PaymentMethod | null;
  reference: string | null;
  paidOn: string | null;
  reason: string | null;
  at: string;
}

/** The seller's listings (the permission is the `where`), newest change first, with their offer figures. */
export async function myListings(exec: Executor, sellerUserId: string): Promise<MyListingRow[]> {
  const result = await exec.execute(sql`
    select l.id, l.make, l.model, l.year, l.hours, l.location, l.condition, l.grade_tenths, l.hours_corrected_from,
           l.price_cents, l.floor_price_cents, l.status, l.review_status, l.archived_at::text as archived_at, l.change_request_reason,
           l.updated_at::text as updated_at,
           p.storage_key as image_key, p.width as image_width,
           (select count(*)::int from tractor_images i where i.listing_id = l.id) as image_count,
           -- Offers under the floor never reach the seller (decision 0039).
           (select count(*)::int from tractor_offers o where o.listing_id = l.id
              and not o.below_floor) as offer_count,
           (select count(*)::int from watchlist_items w where w.listing_id = l.id) as watch_count,
           (select count(*)::int from tractor_offers o where o.listing_id = l.id
              and o.status in ('pending','countered') and not o.below_floor) as open_offer_count,
           b.amount as best_open_cents, b.status as best_open_status,
           (select o.offer_amount_cents from tractor_offers o where o.listing_id = l.id
              and o.status = 'accepted') as sale_cents,
           (select coalesce(json_agg(json_build_object('kind', e.kind, 'line', e.line, 'of', e.of,
                     'bornBy', e.born_by, 'amountCents', e.amount_cents, 'method', e.method,
                     'reference', e.reference, 'paidOn', e.paid_on, 'reason', e.reason, 'at', e.at)
                     order by e.id), '[]'::json)
              from tractor_offers o
              join purchases pu on pu.offer_id = o.id
              join purchase_ledger_entries e on e.purchase_id = pu.id
              where o.listing_id = l.id and o.status = 'accepted') as sale_ledger
    from tractor_listings l
    left join tractor_images p on p.listing_id = l.id and p.is_primary
    left join lateral (
      select o.offer_amount_cents as amount, o.status from tractor_offers o
      where o.listing_id = l.id and o.status in ('pending','countered') and not o.below_floor
      order by o.offer_amount_cents desc limit 1
    ) b on true
    where l.seller_user_id = ${sellerUserId}
    order by l.updated_at desc, l.id desc
    limit 500`);
  return rowsOf<MyListingRow>(result);
}

const lockColumns = {
  id: listings.id,
  userId: listings.userId,
  sellerUserId: listings.sellerUserId,
  status: listings.status,
  reviewStatus: listings.reviewStatus,
  archivedAt: listings.archivedAt,
  gradeTenths: listings.gradeTenths,
  asIsReason: listings.asIsReason,
  make: listings.make,
  model: listings.model,
  year: listings.year,
  // The condition, price and yard, checked before review (decisions 0041, 0073).
  condition: listings.condition,
  priceCents: listings.priceCents,
  yardAddress: listings.yardAddress,
  city: listings.city,
  location: listings.location,
  zip: listings.zip,
  yardPhone: listings.yardPhone,
};
export type LockedListing = Awaited<ReturnType<typeof lockListing>> & {};

/** The listing locked for a stage change; with `sellerUserId` only that dealer's (anyone else's: not found). */
export async function lockListing(exec: Executor, id: string, sellerUserId?: string) {
  const rows = await exec
    .select(lockColumns)
    .from(listings)
    .where(
      sellerUserId ? and(eq(listings.id, id), eq(listings.sellerUserId, sellerUserId)) : eq(listings.id, id),
    )
    .for('update');
  return rows[0] ?? null;
}

/** Moves a dealer's listing on, only from the review states the machine allows (the conditional update). */
export async function setReview(
  exec: Executor,
  id: string,
  from: ReviewStatus[],
  set: {
    reviewStatus: ReviewStatus;
    status?: 'active' | 'inactive';
    changeRequestReason?: string | null;
    asIsReason?: string;
    submittedAt?: Date;
  },
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .update(listings)
    .set({ ...set, updatedAt: now })
    .where(and(eq(listings.id, id), inArray(listings.reviewStatus, from)))
    .returning({ id: listings.id });
  return rows.length > 0;
}

export async function inReviewCount(exec: Executor): Promise<number> {
  const result = await exec.execute(
    sql`select count(*)::int as n from tractor_listings where review_status = 'in_review'`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export async function contactOf(exec: Executor, userId: string) {
  const [row] = await exec
    .select({ name: users.name, email: users.email, companyName: users.companyName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The buyer of a sold listing (its accepted offer), or null. */
export async function buyerOf(exec: Executor, listingId: string): Promise<string | null> {
  const result = await exec.execute(
    sql`select buyer_user_id from tractor_offers where listing_id = ${listingId} and status = 'accepted' limit 1`,
  );
  return rowsOf<{ buyer_user_id: string }>(result)[0]?.buyer_user_id ?? null;
}

export async function adminEmails(exec: Executor): Promise<string[]> {
  const rows = await exec.select({ email: users.email }).from(users).where(eq(users.status, 'admin'));
  return rows.map((r) => r.email);
}
