import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type OfferStatus,
  type OfferType,
  OPEN_OFFER_STATUSES,
  offerActionSources,
} from '../../../../domain/offers.js';
import type { Executor } from '../../db/client.js';
import { accountColumns } from '../../db/columns.js';
import { auditLog, listingImages, listings, offers, timedSaleLots, users } from '../../db/schema.js';

/** The only file of the offers module that touches the database. Every query names its columns. */

/**
 * Whose offers a dealer sees and acts on: their dealership's (every member's, docs/product/dealer-tools.md
 * #dealership-teams) or, for an admin acting as a buyer, their own.
 */
export type BuyerScope = { buyerUserId: string; dealershipId?: string };
/** An offer without a dealership (an admin's, or written outside the service) belongs to its buyer alone. */
const inScope = (scope: BuyerScope) =>
  scope.dealershipId
    ? or(
        eq(offers.dealershipId, scope.dealershipId),
        and(isNull(offers.dealershipId), eq(offers.buyerUserId, scope.buyerUserId)),
      )
    : eq(offers.buyerUserId, scope.buyerUserId);

const offerColumns = {
  id: offers.id,
  listingId: offers.listingId,
  buyerUserId: offers.buyerUserId,
  sellerUserId: offers.sellerUserId,
  dealershipId: offers.dealershipId,
  offerType: offers.offerType,
  offerAmountCents: offers.offerAmountCents,
  originalPriceCents: offers.originalPriceCents,
  message: offers.message,
  status: offers.status,
  counterOfferAmountCents: offers.counterOfferAmountCents,
  counterMessage: offers.counterMessage,
  acceptedAt: offers.acceptedAt,
  expiresAt: offers.expiresAt,
  createdAt: offers.createdAt,
  updatedAt: offers.updatedAt,
  belowFloor: offers.belowFloor,
};

export interface OfferRow {
  id: string;
  listingId: string;
  buyerUserId: string;
  sellerUserId: string;
  dealershipId: string | null;
  offerType: OfferType;
  offerAmountCents: number;
  originalPriceCents: number;
  message: string;
  status: OfferStatus;
  counterOfferAmountCents: number | null;
  counterMessage: string | null;
  acceptedAt: Date | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  /** Made under the seller's floor: the seller never sees it; expiry answers it (decision 0039). */
  belowFloor: boolean;
}

/** The primary image's storage key of a listing (first by order when none is marked primary). */
const primaryImageKey = sql<string | null>`(
  select ${listingImages.storageKey} from ${listingImages}
  where ${listingImages.listingId} = ${offers.listingId}
  order by ${listingImages.isPrimary} desc, ${listingImages.imageOrder} asc limit 1)`;

export interface ListingForOffer {
  id: string;
  userId: string;
  /** The dealer selling it; null for FieldLot's own listings. */
  sellerUserId: string | null;
  /** Offers below it are declined at once (private: never in an answer to a buyer). */
  floorPriceCents: number | null;
  make: string;
  model: string;
  year: number;
  priceCents: number;
  status: string;
}

/**
 * Reads the listing and share-locks it, so an acceptance selling it waits for (or is waited on by) this offer. A
 * Buy Now, accepted in the same transaction, takes the exclusive lock at once: two share locks both upgrading
 * would deadlock.
 */
export async function lockListingForOffer(
  exec: Executor,
  listingId: string,
  mode: 'share' | 'update' = 'share',
): Promise<ListingForOffer | null> {
  const rows = await exec
    .select({
      id: listings.id,
      userId: listings.userId,
      sellerUserId: listings.sellerUserId,
      floorPriceCents: listings.floorPriceCents,
      make: listings.make,
      model: listings.model,
      year: listings.year,
      priceCents: listings.priceCents,
      status: listings.status,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for(mode);
  return rows[0] ?? null;
}

/** Exclusive lock on the listing: acceptances of offers on one listing queue up here, never deadlock. */
export async function lockListingForSale(
  exec: Executor,
  listingId: string,
): Promise<{ status: string } | null> {
  const rows = await exec
    .select({ status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  return rows[0] ?? null;
}

export interface NewOffer {
  listingId: string;
  buyerUserId: string;
  /** The buyer's dealership (null for an admin). */
  dealershipId: string | null;
  sellerUserId: string;
  offerType: OfferType;
  offerAmountCents: number;
  originalPriceCents: number;
  message: string;
  idempotencyKey: string | null;
  now: Date;
  /** Under the seller's floor price: open like any offer, unseen by the seller (decision 0039). */
  belowFloor?: boolean;
  /** OFFER_TTL_HOURS after `now` (domain offerExpiresAt). */
  expiresAt: Date;
}

/** Inserts a pending offer; null when this buyer already used the idempotency key (the caller reads that one). */
export async function insertOffer(exec: Executor, o: NewOffer): Promise<OfferRow | null> {
  const rows = await exec
    .insert(offers)
    .values({
      listingId: o.listingId,
      buyerUserId: o.buyerUserId,
      sellerUserId: o.sellerUserId,
      dealershipId: o.dealershipId,
      offerType: o.offerType,
      offerAmountCents: o.offerAmountCents,
      originalPriceCents: o.originalPriceCents,
      message: o.message,
      status: 'pending',
      belowFloor: o.belowFloor ?? false,
      idempotencyKey: o.idempotencyKey,
      expiresAt: o.expiresAt,
      createdAt: o.now,
      updatedAt: o.now,
    })
    .onConflictDoNothing({ target: [offers.buyerUserId, offers.idempotencyKey] })
    .returning(offerColumns);
  return rows[0] ?? null;
}

export async function findByIdempotencyKey(
  exec: Executor,
  buyerUserId: string,
  key: string,
): Promise<OfferRow | null> {
  const rows = await exec
    .select(offerColumns)
    .from(offers)
    .where(and(eq(offers.buyerUserId, buyerUserId), eq(offers.idempotencyKey, key)));
  return rows[0] ?? null;
}

/**
 * Row-level rule of a seller: only offers made on a listing this dealer sells (decision 0018), never one under
 * its floor (decision 0039).
 */
const onListingSoldBy = (sellerUserId: string) =>
  and(
    inArray(
      offers.listingId,
      sql`(select ${listings.id} from ${listings} where ${listings.sellerUserId} = ${sellerUserId})`,
    ),
    eq(offers.belowFloor, false),
  );

/**
 * One offer; with `scope` only when it is that dealership's or buyer's, with `sellerUserId` only when it was made
 * on that dealer's listing (row-level rules in the query).
 */
export async function findOffer(
  exec: Executor,
  offerId: string,
  scope?: BuyerScope,
  sellerUserId?: string,
): Promise<OfferRow | null> {
  const rows = await exec
    .select(offerColumns)
    .from(offers)
    .where(
      and(
        eq(offers.id, offerId),
        scope ? inScope(scope) : undefined,
        sellerUserId ? onListingSoldBy(sellerUserId) : undefined,
      ),
    );
  return rows[0] ?? null;
}

export interface TransitionInput {
  offerId: string;
  to: OfferStatus;
  from: OfferStatus[];
  /** Row-level rule: only this dealership's (or buyer's) offer. */
  scope?: BuyerScope;
  /** Row-level rule: only an offer on this seller's listing. */
  sellerUserId?: string;
  now: Date;
  counterOfferAmountCents?: number;
  counterMessage?: string;
  /** Buyer accepting a counter: the amount becomes the counter amount. */
  amountFromCounter?: boolean;
  /** A counter starts a new expiry period (dealer-tools.md#offers-that-expire). */
  expiresAt?: Date;
}

/** The one way an offer changes status: a conditional UPDATE; null when no row matched (moved on, or not yours). */
export async function transitionOffer(exec: Executor, t: TransitionInput): Promise<OfferRow | null> {
  const rows = await exec
    .update(offers)
    .set({
      status: t.to,
      updatedAt: t.now,
      ...(t.to === 'accepted' ? { acceptedAt: t.now } : {}),
      ...(t.counterOfferAmountCents !== undefined
        ? { counterOfferAmountCents: t.counterOfferAmountCents, counterMessage: t.counterMessage ?? '' }
        : {}),
      ...(t.amountFromCounter ? { offerAmountCents: sql`${offers.counterOfferAmountCents}` } : {}),
      ...(t.expiresAt ? { expiresAt: t.expiresAt } : {}),
    })
    .where(
      and(
        eq(offers.id, t.offerId),
        inArray(offers.status, t.from),
        // Nothing moves an offer past its expiry, even before the sweep marked it expired.
        gt(offers.expiresAt, t.now),
        t.scope ? inScope(t.scope) : undefined,
        t.sellerUserId ? onListingSoldBy(t.sellerUserId) : undefined,
      ),
    )
    .returning(offerColumns);
  return rows[0] ?? null;
}

/**
 * The expiry sweep: moves up to `limit` open offers whose time is up to 'expired' and returns them. One
 * conditional UPDATE per batch, so each offer expires exactly once whatever the number of instances; rows a
 * concurrent accept holds are skipped (the accept decides; a later sweep takes them if it failed).
 */
export async function expireDueOffers(exec: Executor, now: Date, limit = 200): Promise<OfferRow[]> {
  const open = offerActionSources('expire');
  const due = exec
    .select({ id: offers.id })
    .from(offers)
    .where(and(inArray(offers.status, open), lte(offers.expiresAt, now)))
    .orderBy(asc(offers.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return exec
    .update(offers)
    .set({ status: 'expired', updatedAt: now })
    .where(and(inArray(offers.id, due), inArray(offers.status, open), lte(offers.expiresAt, now)))
    .returning(offerColumns);
}

/** A dealer's new offer ends their open one on the same listing (one open offer per dealer per listing). */
export async function replaceOpenOffers(
  exec: Executor,
  listingId: string,
  buyerUserId: string,
  now: Date,
): Promise<OfferRow[]> {
  const rows = await exec
    .update(offers)
    .set({ status: 'replaced', updatedAt: now })
    .where(
      and(
        eq(offers.listingId, listingId),
        eq(offers.buyerUserId, buyerUserId),
        inArray(offers.status, offerActionSources('replace')),
      ),
    )
    .returning(offerColumns);
  return rows;
}

/**
 * The accepted offer a sale opens from, with its listing's seller dealer (null: FieldLot's own) and asking price.
 * Read by the purchases module through index.ts (docs/product/purchases.md#purchase).
 */
export async function saleOffer(exec: Executor, offerId: string) {
  const [row] = await exec
    .select({
      id: offers.id,
      status: offers.status,
      listingId: offers.listingId,
      buyerUserId: offers.buyerUserId,
      sellerUserId: offers.sellerUserId,
      offerType: offers.offerType,
      amountCents: offers.offerAmountCents,
      askingCents: offers.originalPriceCents,
      inspectionRevisionId: offers.inspectionRevisionId,
      dealershipId: offers.dealershipId,
      listingSellerUserId: listings.sellerUserId,
    })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .where(eq(offers.id, offerId));
  return row ?? null;
}
export type SaleOfferRow = NonNullable<Awaited<ReturnType<typeof saleOffer>>>;

/** Ends every other open offer on a sold listing; returns who must be told. */
export async function rejectOtherOpenOffers(
  exec: Executor,
  listingId: string,
  acceptedOfferId: string,
  now: Date,
): Promise<OfferRow[]> {
  const rows = await exec
    .update(offers)
    .set({ status: 'rejected', updatedAt: now })
    .where(
      and(
        eq(offers.listingId, listingId),
        ne(offers.id, acceptedOfferId),
        inArray(offers.status, [...OPEN_OFFER_STATUSES]),
      ),
    )
    .returning(offerColumns);
  return rows;
}

const listingSummary = {
  listingMake: listings.make,
  listingModel: listings.model,
  listingYear: listings.year,
  listingLocation: listings.location,
  listingPriceCents: listings.priceCents,
  listingCondition: listings.condition,
  listingHours: listings.hours,
  listingStatus: listings.status,
  listingAsIsReason: listings.asIsReason,
  imageKey: primaryImageKey,
};

export type OfferWithListingRow = OfferRow & {
  /** The member who made the offer. */
  buyerName: string;
  listingMake: string;
  listingModel: string;
  listingYear: number;
  listingLocation: string;
  listingPriceCents: number;
  /** Never null for a listing with offers: it went live, which needs a condition (decision 0073). */
  listingCondition: string | null;
  listingHours: number;
  listingStatus: string;
  listingAsIsReason: string | null;
  imageKey: string | null;
};

/** The dealership's (or buyer's) offers, newest first; `listingId` narrows to one listing (the detail page history). */
export async function listBuyerOffers(
  exec: Executor,
  scope: BuyerScope,
  filter: { listingId?: string; status?: OfferStatus | OfferStatus[] } = {},
): Promise<OfferWithListingRow[]> {
  const rows = await exec
    .select({ ...offerColumns, ...listingSummary, buyerName: actingBuyer.name })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(actingBuyer, eq(actingBuyer.id, offers.buyerUserId))
    .where(
      and(
        inScope(scope),
        filter.listingId ? eq(offers.listingId, filter.listingId) : undefined,
        Array.isArray(filter.status)
          ? inArray(offers.status, filter.status)
          : filter.status
            ? eq(offers.status, filter.status)
            : undefined,
      ),
    )
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(500);
  return rows;
}

export type AdminOfferRow = OfferWithListingRow & {
  buyerName: string;
  buyerEmail: string;
  buyerCompany: string;
  sellerName: string;
  sellerEmail: string;
  sellerCompany: string;
};

const buyer = alias(users, 'buyer');
const actingBuyer = alias(users, 'acting_buyer');
const seller = alias(users, 'seller');

/** Every offer with listing, buyer and seller, newest first (admin). */
export async function listAllOffers(exec: Executor, limit = 500): Promise<AdminOfferRow[]> {
  const rows = await exec
    .select({
      ...offerColumns,
      ...listingSummary,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      buyerCompany: buyer.companyName,
      sellerName: seller.name,
      sellerEmail: seller.email,
      sellerCompany: seller.companyName,
    })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(buyer, eq(buyer.id, offers.buyerUserId))
    .innerJoin(seller, eq(seller.id, offers.sellerUserId))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(limit);
  return rows;
}

export interface Recipient {
  id: string;
  email: string;
  name: string;
  companyName: string;
  status: string;
}

export async function adminRecipients(exec: Executor): Promise<Recipient[]> {
  return exec.select(accountColumns).from(users).where(eq(users.status, 'admin'));
}

export async function usersByIds(exec: Executor, ids: string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return exec.select(accountColumns).from(users).where(inArray(users.id, ids));
}

/** Offers on the seller's listings, newest first, with the buyer's company and state. */
export async function listSellerOffers(exec: Executor, sellerUserId: string) {
  return (
    exec
      .select({
        ...offerColumns,
        listingMake: listings.make,
        listingModel: listings.model,
        listingYear: listings.year,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        buyerCompany: buyer.companyName,
        // The state a dealer gave, else their company address's (docs/product/dealer-selling.md).
        buyerState: sql<string | null>`coalesce(${buyer.state}, ${buyer.addressState})`,
      })
      .from(offers)
      .innerJoin(listings, eq(listings.id, offers.listingId))
      .innerJoin(buyer, eq(buyer.id, offers.buyerUserId))
      // An offer under the floor never reaches the seller (docs/product/dealer-selling.md#floor-price).
      .where(and(eq(listings.sellerUserId, sellerUserId), eq(offers.belowFloor, false)))
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(500)
  );
}

export async function userState(exec: Executor, userId: string): Promise<string | null> {
  const [row] = await exec
    .select({ state: sql<string | null>`coalesce(${users.state}, ${users.addressState})` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.state ?? null;
}

export interface ListingLabel {
  id: string;
  make: string;
  model: string;
  year: number;
  priceCents: number;
  sellerUserId: string | null;
}

export async function listingLabel(exec: Executor, listingId: string): Promise<ListingLabel | null> {
  const rows = await exec
    .select({
      id: listings.id,
      make: listings.make,
      model: listings.model,
      year: listings.year,
      priceCents: listings.priceCents,
      sellerUserId: listings.sellerUserId,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  return rows[0] ?? null;
}

/**
 * A cancelled sale's accepted offer becomes 'returned' (domain OFFER_TRANSITIONS.return), so
 * tractor_offers_one_accepted_key lets the tractor be sold again. Called by purchases through index.ts.
 */
export async function returnOffer(exec: Executor, a: { offerId: string; now: Date }) {
  await exec
    .update(offers)
    .set({ status: 'returned', updatedAt: a.now })
    .where(and(eq(offers.id, a.offerId), inArray(offers.status, offerActionSources('return'))));
}

/** Is the listing in a running Timed Sale (a read of the sales module's lots, docs/product/timed-sale.md)? */
export async function listingInTimedSale(exec: Executor, listingId: string): Promise<boolean> {
  const rows = await exec
    .select({ id: timedSaleLots.id })
    .from(timedSaleLots)
    .where(and(eq(timedSaleLots.listingId, listingId), inArray(timedSaleLots.status, ['open', 'if_pending'])))
    .limit(1);
  return rows.length > 0;
}

/** The offer a Timed Sale's win becomes: accepted at once; its key makes a second one for the lot impossible. */
export async function insertAcceptedSaleOffer(
  exec: Executor,
  o: Omit<NewOffer, 'expiresAt' | 'belowFloor'> & { idempotencyKey: string },
): Promise<OfferRow | null> {
  const rows = await exec
    .insert(offers)
    .values({
      listingId: o.listingId,
      buyerUserId: o.buyerUserId,
      sellerUserId: o.sellerUserId,
      dealershipId: o.dealershipId,
      offerType: o.offerType,
      offerAmountCents: o.offerAmountCents,
      originalPriceCents: o.originalPriceCents,
      message: o.message,
      status: 'accepted',
      acceptedAt: o.now,
      idempotencyKey: o.idempotencyKey,
      expiresAt: o.now,
      createdAt: o.now,
      updatedAt: o.now,
    })
    .onConflictDoNothing({ target: [offers.buyerUserId, offers.idempotencyKey] })
    .returning(offerColumns);
  return rows[0] ?? null;
}

/**
 * Whether `actorUserId` countered `offerId` under this request digest (a key with its amount and message): the
 * counter's audit entry, written in the counter's own transaction, is the record that it was taken.
 */
export async function counterTakenUnder(
  exec: Executor,
  offerId: string,
  actorUserId: string,
  requestDigest: string,
): Promise<boolean> {
  const rows = await exec
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'offer.counter'),
        eq(auditLog.actorUserId, actorUserId),
        sql`${auditLog.details}->>'offerId' = ${offerId}`,
        sql`${auditLog.details}->>'requestKey' = ${requestDigest}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
