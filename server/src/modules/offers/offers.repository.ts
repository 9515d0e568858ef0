import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type OfferStatus,
  type OfferType,
  OPEN_OFFER_STATUSES,
  offerActionSources,
} from '../../../../domain/offers.js';
import type { Executor } from '../../db/client.js';
import { accountColumns } from '../../db/columns.js';
import { listingImages, listings, offers, users } from '../../db/schema.js';

/** The only file of the offers module that touches the database. Every query names its columns. */

const offerColumns = {
  id: offers.id,
  listingId: offers.listingId,
  buyerUserId: offers.buyerUserId,
  sellerUserId: offers.sellerUserId,
  offerType: offers.offerType,
  offerAmountCents: offers.offerAmountCents,
  originalPriceCents: offers.originalPriceCents,
  message: offers.message,
  status: offers.status,
  counterOfferAmountCents: offers.counterOfferAmountCents,
  counterMessage: offers.counterMessage,
  acceptedAt: offers.acceptedAt,
  createdAt: offers.createdAt,
  updatedAt: offers.updatedAt,
};

export interface OfferRow {
  id: string;
  listingId: string;
  buyerUserId: string;
  sellerUserId: string;
  offerType: OfferType;
  offerAmountCents: number;
  originalPriceCents: number;
  message: string;
  status: OfferStatus;
  counterOfferAmountCents: number | null;
  counterMessage: string | null;
  acceptedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The primary image's storage key of a listing (first by order when none is marked primary). */
const primaryImageKey = sql<string | null>`(
  select ${listingImages.storageKey} from ${listingImages}
  where ${listingImages.listingId} = ${offers.listingId}
  order by ${listingImages.isPrimary} desc, ${listingImages.imageOrder} asc limit 1)`;

export interface ListingForOffer {
  id: string;
  userId: string;
  make: string;
  model: string;
  year: number;
  priceCents: number;
  status: string;
}

/** Reads the listing and share-locks it, so an acceptance selling it waits for (or is waited on by) this offer. */
export async function lockListingForOffer(
  exec: Executor,
  listingId: string,
): Promise<ListingForOffer | null> {
  const rows = await exec
    .select({
      id: listings.id,
      userId: listings.userId,
      make: listings.make,
      model: listings.model,
      year: listings.year,
      priceCents: listings.priceCents,
      status: listings.status,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('share');
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
  sellerUserId: string;
  offerType: OfferType;
  offerAmountCents: number;
  originalPriceCents: number;
  message: string;
  idempotencyKey: string | null;
  now: Date;
}

/** Inserts a pending offer; null when this buyer already used the idempotency key (the caller reads that one). */
export async function insertOffer(exec: Executor, o: NewOffer): Promise<OfferRow | null> {
  const rows = await exec
    .insert(offers)
    .values({
      listingId: o.listingId,
      buyerUserId: o.buyerUserId,
      sellerUserId: o.sellerUserId,
      offerType: o.offerType,
      offerAmountCents: o.offerAmountCents,
      originalPriceCents: o.originalPriceCents,
      message: o.message,
      status: 'pending',
      idempotencyKey: o.idempotencyKey,
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

/** One offer; with `buyerUserId` only when it is that buyer's (row-level rule in the query). */
export async function findOffer(
  exec: Executor,
  offerId: string,
  buyerUserId?: string,
): Promise<OfferRow | null> {
  const rows = await exec
    .select(offerColumns)
    .from(offers)
    .where(and(eq(offers.id, offerId), buyerUserId ? eq(offers.buyerUserId, buyerUserId) : undefined));
  return rows[0] ?? null;
}

export interface TransitionInput {
  offerId: string;
  to: OfferStatus;
  from: OfferStatus[];
  /** Row-level rule: only this buyer's offer. */
  buyerUserId?: string;
  now: Date;
  counterOfferAmountCents?: number;
  counterMessage?: string;
  /** Buyer accepting a counter: the amount becomes the counter amount. */
  amountFromCounter?: boolean;
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
    })
    .where(
      and(
        eq(offers.id, t.offerId),
        inArray(offers.status, t.from),
        t.buyerUserId ? eq(offers.buyerUserId, t.buyerUserId) : undefined,
      ),
    )
    .returning(offerColumns);
  return rows[0] ?? null;
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
  listingMake: string;
  listingModel: string;
  listingYear: number;
  listingLocation: string;
  listingPriceCents: number;
  listingCondition: string;
  listingHours: number;
  listingStatus: string;
  listingAsIsReason: string | null;
  imageKey: string | null;
};

/** The buyer's offers, newest first; `listingId` narrows to one listing (the detail page history). */
export async function listBuyerOffers(
  exec: Executor,
  buyerUserId: string,
  filter: { listingId?: string; status?: OfferStatus } = {},
): Promise<OfferWithListingRow[]> {
  const rows = await exec
    .select({ ...offerColumns, ...listingSummary })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .where(
      and(
        eq(offers.buyerUserId, buyerUserId),
        filter.listingId ? eq(offers.listingId, filter.listingId) : undefined,
        filter.status ? eq(offers.status, filter.status) : undefined,
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

export interface ListingLabel {
  id: string;
  make: string;
  model: string;
  year: number;
  priceCents: number;
}

export async function listingLabel(exec: Executor, listingId: string): Promise<ListingLabel | null> {
  const rows = await exec
    .select({
      id: listings.id,
      make: listings.make,
      model: listings.model,
      year: listings.year,
      priceCents: listings.priceCents,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  return rows[0] ?? null;
}
