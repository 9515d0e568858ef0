import { createHash } from 'node:crypto';
import { maskContactDetails } from '../../../../domain/buyer-message.js';
import { anonymousBuyer, OWN_LISTING_OFFER } from '../../../../domain/dealer-listings.js';
import type { SellerOffers } from '../../../../domain/dealer-listings-api.js';
import { OWN_DEALERSHIP_TEXT } from '../../../../domain/dealerships.js';
import { CONDITION_NOT_STATED, imageUrl, tractorName } from '../../../../domain/listings.js';
import { formatDollars } from '../../../../domain/money.js';
import {
  isOpenOffer,
  OFFER_MIN_CENTS,
  OFFER_TRANSITIONS,
  type OfferAction,
  type OfferRole,
  type OfferStatus,
  type OpenOfferStatus,
  offerActionSources,
  offerAmountProblem,
  offerAmountSchema,
  offerExpiresAt,
} from '../../../../domain/offers.js';
import type {
  AdminOffer,
  CounterBody,
  CreateOfferBody,
  Offer,
  OfferWithListing,
} from '../../../../domain/offers.schemas.js';
import type { Executor, Tx } from '../../db/client.js';
import { requireRole, requireRoleSaying } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { hitRateLimit, type RateRule } from '../../lib/rate-limit.js';
import {
  checkMemberMayOffer,
  currentMembership,
  refuseOwnDealershipListing,
  refuseOwnDealershipSeller,
} from '../dealerships/index.js';
import { firstLookHidesFrom } from '../listings/index.js';
import { answerBelowFloorLater, checkOfferPace, isBelowFloor } from './offers.floor.js';
import { listingLink } from './offers.links.js';
import {
  ADMIN_NEW_OFFER,
  ADMIN_OFFER_NOTICE,
  type AdminNoticeKind,
  OFFER_UPDATE,
  SELLER_OFFER_NOTICE,
  type SellerNoticeKind,
} from './offers.mail.js';
import * as repo from './offers.repository.js';

export const OFFER_NOT_FOUND = 'Offer not found';
/** Each offer mails every admin: a dealer may make this many per hour (counted only when one is created). */
/** docs/product/timed-sale.md#sales-and-lots */
export const IN_TIMED_SALE = 'This tractor is in a Timed Sale: bid on it there';

export const OFFER_RATE: RateRule = { limit: 30, windowMs: 3600_000 };
export const LISTING_GONE = "The tractor you're looking for doesn't exist or has been removed.";

const NOT_APPROVED = 'Your account must be approved before you can make offers';

const amountError = (msg: string) => new AppError('VALIDATION', msg, { fields: { amount: msg } });

/**
 * Whole dollars to cents by the domain's one amount rule (`offerAmountSchema`, also the dialogs'), before the
 * listing is known: required, at least $1, at most $10,000,000.
 */
export function parseAmount(value: string | number | null | undefined, label: string): number {
  const parsed = offerAmountSchema(label).safeParse(value);
  if (!parsed.success) throw amountError(parsed.error.issues[0]?.message ?? label);
  return parsed.data;
}

/** The same rule once the asking price is known: the cap is 10 times the asking price. */
function checkCap(cents: number, askingCents: number, label: string) {
  const problem = offerAmountProblem(cents, label, askingCents);
  if (problem) throw amountError(problem);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Images are served by the listings module (images.routes.ts); cards use its 400 px variant. */
function cardImageUrl(key: string | null): string | null {
  return key ? imageUrl(key, 400) : null;
}

function toOffer(r: repo.OfferRow): Offer {
  return {
    id: r.id,
    listingId: r.listingId,
    offerType: r.offerType,
    status: r.status,
    offerAmountCents: r.offerAmountCents,
    originalPriceCents: r.originalPriceCents,
    message: r.message,
    counterOfferAmountCents: r.counterOfferAmountCents,
    counterMessage: r.counterMessage,
    acceptedAt: iso(r.acceptedAt),
    expiresAt: isOpenOffer(r.status) ? r.expiresAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function listingOf(r: repo.OfferWithListingRow) {
  return {
    make: r.listingMake,
    model: r.listingModel,
    year: r.listingYear,
    location: r.listingLocation,
    condition: r.listingCondition ?? CONDITION_NOT_STATED,
    hours: r.listingHours,
    priceCents: r.listingPriceCents,
    status: r.listingStatus,
    imageUrl: cardImageUrl(r.imageKey),
    asIsReason: r.listingAsIsReason,
  };
}

const toOfferWithListing = (r: repo.OfferWithListingRow): OfferWithListing => ({
  ...toOffer(r),
  listing: listingOf(r),
  actedBy: { id: r.buyerUserId, name: r.buyerName },
});

/**
 * Whose offers a dealer sees and acts on: their dealership's (every member's); an admin acting as a buyer, their
 * own (docs/product/dealer-tools.md#dealership-teams).
 */
async function scopeOf(ctx: AppContext, exec: Executor, actor: Actor): Promise<repo.BuyerScope> {
  if (actor.status !== 'approved') return { buyerUserId: actor.userId };
  const m = await currentMembership(exec, actor, ctx.clock.now());
  return { buyerUserId: actor.userId, dealershipId: m.dealershipId };
}

// ---------------------------------------------------------------- dealer

export async function createOffer(
  ctx: AppContext,
  actor: Actor,
  input: CreateOfferBody,
  idempotencyKey: string | undefined,
  request: RequestInfo,
): Promise<{ offer: Offer; replayed: boolean }> {
  requireRoleSaying(NOT_APPROVED, actor, 'dealer', 'admin');
  const message = (input.message ?? '').trim();
  const typedCents = input.offerType === 'offer' ? parseAmount(input.amount, 'Offer amount') : null;
  const attempt = () => createOfferOnce(ctx, actor, input, typedCents, message, idempotencyKey, request);
  // Several new offers of one dealer on one tractor at once: the one-open-offer index refuses all inserts but
  // the first to commit; run the others again so each replaces the one before, as if sent one after the other.
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (err) {
      // The same request sent twice at once: if its first copy committed while this one was being judged (and
      // refused, say, as a new offer not 2% above that very copy), the answer is the first copy's.
      if (idempotencyKey && err instanceof AppError) {
        const existing = await repo.findByIdempotencyKey(ctx.db, actor.userId, idempotencyKey);
        if (existing) return replay(existing, input.listingId);
      }
      if (tries >= 5 || !isUniqueViolation(err, 'tractor_offers_one_open_key')) throw saleError(err);
    }
  }
}

async function createOfferOnce(
  ctx: AppContext,
  actor: Actor,
  input: CreateOfferBody,
  typedCents: number | null,
  message: string,
  idempotencyKey: string | undefined,
  request: RequestInfo,
): Promise<{ offer: Offer; replayed: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (idempotencyKey) {
      const existing = await repo.findByIdempotencyKey(tx, actor.userId, idempotencyKey);
      if (existing) return replay(existing, input.listingId);
    }
    const buyNow = input.offerType === 'buy_now';
    // A Buy Now sells the tractor in this transaction: the listing is locked for the sale from the start.
    const listing = await repo.lockListingForOffer(tx, input.listingId, buyNow ? 'update' : 'share');
    if (!listing) throw new AppError('NOT_FOUND', LISTING_GONE);
    if (listing.status === 'sold') throw new AppError('CONFLICT', 'This tractor has already been sold');
    if (listing.status !== 'active')
      throw new AppError('CONFLICT', 'This tractor is not available for offers right now');
    // While it is in a Timed Sale it takes no offers and no Buy Now (docs/product/timed-sale.md#sales-and-lots).
    if (await repo.listingInTimedSale(tx, listing.id)) throw new AppError('CONFLICT', IN_TIMED_SALE);
    // A first look keeps everyone else from the tractor, offers included (docs/product/want-lists.md#first-look).
    if (await firstLookHidesFrom(tx, listing.id, actor, now)) throw new AppError('NOT_FOUND', LISTING_GONE);
    if (listing.userId === actor.userId || listing.sellerUserId === actor.userId)
      throw new AppError('VALIDATION', OWN_LISTING_OFFER);
    // Nor on a listing of their own dealership, whichever member sells it (decision 0039).
    await refuseOwnDealershipListing(tx, { userId: actor.userId }, listing.id, 'offer');

    let cents: number;
    if (typedCents === null) {
      // Buy now always takes the asking price, whatever the client sent.
      if (listing.priceCents < OFFER_MIN_CENTS)
        throw new AppError('VALIDATION', 'This tractor has no asking price. Please make an offer instead.');
      // The price the buyer confirmed, or nothing is bought (docs/product/offers.md#buy-now).
      if (input.askingCents == null)
        throw new AppError('VALIDATION', 'The asking price you saw is required', {
          fields: { askingCents: 'The asking price you saw is required' },
        });
      if (input.askingCents !== listing.priceCents)
        throw new AppError(
          'CONFLICT',
          `The price changed to ${formatDollars(listing.priceCents)}; review it before buying`,
        );
      cents = listing.priceCents;
    } else {
      cents = typedCents;
      checkCap(cents, listing.priceCents, 'Offer amount');
    }

    // A dealership member: viewers never offer, buyers up to their limit (dealer-tools.md).
    let dealershipId: string | null = null;
    if (actor.status === 'approved') {
      const member = await currentMembership(tx, actor, now);
      checkMemberMayOffer(member, cents);
      dealershipId = member.dealershipId;
    }

    // A floor that cannot be probed (docs/product/dealer-selling.md#floor-price, decision 0039): the dealership's
    // declined offers here limit the next; one under the floor is open like any other, unseen by the seller,
    // and answered at the end of the response window by the expiry sweep.
    if (input.offerType === 'offer')
      await checkOfferPace(tx, {
        dealershipId,
        buyerUserId: actor.userId,
        listingId: listing.id,
        cents,
        askingCents: listing.priceCents,
        now,
      });
    // Buy Now takes the seller's own asking price: never under their floor.
    const belowFloor = !buyNow && isBelowFloor(cents, listing.floorPriceCents);
    // One open offer per dealer per listing: the new one replaces theirs (it shows as "Replaced" in the history).
    const replaced = await repo.replaceOpenOffers(tx, listing.id, actor.userId, now);
    const inserted = await repo.insertOffer(tx, {
      belowFloor,
      listingId: listing.id,
      buyerUserId: actor.userId,
      dealershipId,
      sellerUserId: listing.userId,
      offerType: input.offerType,
      offerAmountCents: cents,
      originalPriceCents: listing.priceCents,
      message,
      idempotencyKey: idempotencyKey ?? null,
      now,
      expiresAt: offerExpiresAt(now, ctx.config.offerTtlHours),
    });
    if (!inserted) {
      // A concurrent request with the same key committed first: answer with its offer.
      const existing = await repo.findByIdempotencyKey(tx, actor.userId, idempotencyKey ?? '');
      if (!existing) throw new AppError('CONFLICT', 'Failed to submit offer. Please try again.');
      return replay(existing, input.listingId);
    }
    // Counted only once a new offer is written (a replay, even one racing its original, never counts:
    // decision 0012), inside the transaction, so a refused offer rolls back with its count.
    const rate = await hitRateLimit(tx, ctx.clock, `offer:${actor.userId}`, OFFER_RATE);
    if (!rate.allowed)
      throw new AppError('RATE_LIMITED', 'Too many offers. Please try again later.', {
        retryAfterSeconds: rate.retryAfterSeconds,
      });

    // The offer's own audit line, the same for a Buy Now (written before the sale it makes) and any other offer.
    const auditCreated = () =>
      audit(tx, {
        action: 'offer.created',
        resourceType: 'offer',
        actorUserId: actor.userId,
        actorEmail: actor.email,
        details: {
          offerId: inserted.id,
          listingId: listing.id,
          offerType: input.offerType,
          amountCents: cents,
          ...(replaced.length ? { replacedOfferIds: replaced.map((o) => o.id) } : {}),
        },
        request,
      });

    if (buyNow) {
      await auditCreated();
      const audience = ['admins', actor.userId, ...(listing.sellerUserId ? [listing.sellerUserId] : [])];
      for (const old of replaced)
        await publishEvent(tx, {
          type: 'offer.updated',
          audience,
          data: { offerId: old.id, listingId: listing.id, status: 'replaced' },
        });
      // Buy Now binds (docs/product/offers.md#buy-now): the seller set this price, so the offer is accepted at
      // once, through the very accept a seller's takes, and the sale opens in this transaction.
      const accepted = await transitionIn(ctx, tx, {
        action: 'accept',
        role: 'admin',
        offerId: inserted.id,
        actor,
        request,
        buyNow: true,
      });
      return { offer: accepted, replayed: false };
    }
    const tractor = tractorName(listing);
    if (belowFloor) {
      await answerBelowFloorLater(tx, {
        actor,
        offer: inserted,
        replaced,
        tractor: tractorName(listing),
        sellerUserId: listing.sellerUserId,
        request,
      });
      return { offer: toOffer(inserted), replayed: false };
    }
    const [buyer] = await repo.usersByIds(tx, [actor.userId]);
    // The seller hears of it by e-mail and live, with the buyer anonymous ("A dealer in Iowa").
    const sellerLabel = listing.sellerUserId ? anonymousBuyer(await repo.userState(tx, actor.userId)) : '';
    if (listing.sellerUserId) {
      const [seller] = await repo.usersByIds(tx, [listing.sellerUserId]);
      if (seller)
        await enqueueMail(tx, {
          template: SELLER_OFFER_NOTICE,
          to: seller.email,
          payload: {
            offerId: inserted.id,
            listingId: listing.id,
            tractor,
            offerType: input.offerType,
            amountCents: cents,
            askingCents: listing.priceCents,
            kind: input.offerType === 'buy_now' ? 'buy_now' : 'new_offer',
            buyerLabel: sellerLabel,
          },
        });
    }
    const audience = ['admins', actor.userId, ...(listing.sellerUserId ? [listing.sellerUserId] : [])];
    for (const admin of await repo.adminRecipients(tx)) {
      await enqueueMail(tx, {
        template: ADMIN_NEW_OFFER,
        to: admin.email,
        payload: {
          offerId: inserted.id,
          listingId: listing.id,
          tractor,
          offerType: input.offerType,
          amountCents: cents,
          askingCents: listing.priceCents,
          message,
          buyerName: actor.name,
          buyerEmail: actor.email,
          buyerCompany: buyer?.companyName ?? '',
        },
      });
    }
    await auditCreated();
    for (const old of replaced)
      await publishEvent(tx, {
        type: 'offer.updated',
        audience,
        data: { offerId: old.id, listingId: listing.id, status: 'replaced' },
      });
    const created = {
      offerId: inserted.id,
      listingId: listing.id,
      status: 'pending',
      notice: input.offerType === 'buy_now' ? 'buy_now' : 'new_offer',
      tractor,
      amountCents: cents,
    };
    await publishEvent(tx, {
      type: 'offer.created',
      audience: ['admins', actor.userId],
      data: { ...created, buyerName: actor.name },
    });
    if (listing.sellerUserId)
      await publishEvent(tx, {
        type: 'offer.created',
        audience: [listing.sellerUserId],
        data: { ...created, buyerName: sellerLabel },
      });
    return { offer: toOffer(inserted), replayed: false };
  });
}

function replay(existing: repo.OfferRow, listingId: string) {
  if (existing.listingId !== listingId)
    throw new AppError('CONFLICT', 'This Idempotency-Key was already used for another offer');
  return { offer: toOffer(existing), replayed: true };
}

export async function listMyOffers(ctx: AppContext, actor: Actor): Promise<OfferWithListing[]> {
  requireRoleSaying(NOT_APPROVED, actor, 'dealer', 'admin');
  return (await repo.listBuyerOffers(ctx.db, await scopeOf(ctx, ctx.db, actor))).map(toOfferWithListing);
}

export async function listMyOffersOnListing(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
): Promise<OfferWithListing[]> {
  requireRoleSaying(NOT_APPROVED, actor, 'dealer', 'admin');
  return (await repo.listBuyerOffers(ctx.db, await scopeOf(ctx, ctx.db, actor), { listingId })).map(
    toOfferWithListing,
  );
}

export async function getMyOffer(ctx: AppContext, actor: Actor, offerId: string): Promise<Offer> {
  requireRoleSaying(NOT_APPROVED, actor, 'dealer', 'admin');
  const row = await repo.findOffer(ctx.db, offerId, await scopeOf(ctx, ctx.db, actor));
  if (!row) throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
  return toOffer(row);
}

// ---------------------------------------------------------------- transitions

type Action = Exclude<OfferAction, 'replace' | 'expire' | 'return'>;
const VERB: Record<Action, string> = {
  accept: 'accepted',
  reject: 'rejected',
  counter: 'countered',
  accept_counter: 'accepted',
  withdraw: 'withdrawn',
};

function refusal(action: Action, current: string): AppError {
  if (action === 'accept_counter' && current === 'pending')
    return new AppError('CONFLICT', 'There is no counter offer to accept on this offer');
  return new AppError('CONFLICT', `This offer can no longer be ${VERB[action]}: it is already ${current}`);
}

/** Postgres unique violation (possibly wrapped by the driver or Drizzle), of `constraint` when given. */
function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++) {
    if (e.code === '23505') return !constraint || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}

/** The purchase trigger's refusal of a sale inside one dealership (migration 0020). */
function isSelfDealing(err: unknown): boolean {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++) {
    if (e.code === '23514' && e.constraint === 'purchases_not_self_dealing') return true;
    e = e.cause as typeof e;
  }
  return false;
}

interface TransitionArgs {
  action: Action;
  /** Who takes the step: the table's `by` must name it; buyer and seller get their row-level rule. */
  role: OfferRole;
  offerId: string;
  actor: Actor;
  request: RequestInfo;
  counterCents?: number;
  counterMessage?: string;
  /** Optimistic check: only move the offer if it is still in the status the caller saw. */
  expectedStatus?: OfferStatus;
  /** The buyer's own Buy Now, accepted at once in the transaction that made it (the admins are told). */
  buyNow?: boolean;
  /** A counter's Idempotency-Key: the same counter sent again answers the offer instead of a refusal. */
  requestKey?: string;
}

/**
 * What a counter's audit entry keeps of its Idempotency-Key: a digest of the key with the amount and message, so
 * the same key with another counter is not taken for a retry (docs/product/offers.md#sent-again).
 */
function counterRequestDigest(key: string, cents: number | undefined, message: string | undefined): string {
  return createHash('sha256')
    .update(`${key}\n${cents ?? ''}\n${message ?? ''}`)
    .digest('hex');
}

/**
 * Every status change: one transaction, a conditional UPDATE through the domain machine's allowed sources
 * (and, for buyers, `buyer_user_id = actor`). Accepting hands the offer to purchases, which performs the sale.
 */
async function transition(ctx: AppContext, a: TransitionArgs): Promise<Offer> {
  try {
    return await ctx.db.transaction((tx) => transitionIn(ctx, tx, a));
  } catch (err) {
    throw saleError(err);
  }
}

/** A sale's refusal by the database as the API's: two sales of one tractor, or a sale inside one dealership. */
function saleError(err: unknown): unknown {
  // The one-accepted-offer-per-listing index is the last word when two acceptances race.
  if (isUniqueViolation(err)) return new AppError('CONFLICT', 'This tractor has already been sold');
  if (isSelfDealing(err)) return new AppError('VALIDATION', OWN_DEALERSHIP_TEXT.offer);
  return err;
}

/** The status change in the caller's transaction (a Buy Now's, or `transition`'s own). */
async function transitionIn(ctx: AppContext, tx: Tx, a: TransitionArgs): Promise<Offer> {
  const { by, to } = OFFER_TRANSITIONS[a.action];
  if (!by.includes(a.role)) throw new AppError('FORBIDDEN', 'Access denied');
  const sources = offerActionSources(a.action);
  const sellerUserId = a.role === 'seller' ? a.actor.userId : undefined;
  const now = ctx.clock.now();
  // A buyer acts on their dealership's offers (any member's); viewers never, buyers within their limit.
  const scope = a.role === 'buyer' ? await scopeOf(ctx, tx, a.actor) : undefined;
  const current = await repo.findOffer(tx, a.offerId, scope, sellerUserId);
  if (!current) throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
  if (scope?.dealershipId) {
    const member = await currentMembership(tx, a.actor, now);
    checkMemberMayOffer(
      member,
      a.action === 'accept_counter' ? (current.counterOfferAmountCents ?? current.offerAmountCents) : 0,
    );
  }
  if (to === 'accepted') {
    // No dealership buys from itself, whoever accepts (decision 0039; the purchase's trigger has the last word).
    await refuseOwnDealershipSeller(
      tx,
      { userId: current.buyerUserId, dealershipId: current.dealershipId },
      current.sellerUserId,
      'offer',
    );
    // Lock the listing first: acceptances on one listing queue here instead of deadlocking.
    const listing = await repo.lockListingForSale(tx, current.listingId);
    if (listing?.status === 'sold') throw new AppError('CONFLICT', 'This tractor has already been sold');
    if (listing?.status !== 'active')
      throw new AppError('CONFLICT', 'This tractor is not available for sale right now'); // In a Timed Sale the tractor is sold by its bids alone (docs/product/timed-sale.md#sales-and-lots).
    if (await repo.listingInTimedSale(tx, current.listingId)) throw new AppError('CONFLICT', IN_TIMED_SALE);
  }
  if (a.action === 'counter' && a.counterCents !== undefined)
    checkCap(a.counterCents, current.originalPriceCents, 'Counter amount');
  const updated = await repo.transitionOffer(tx, {
    offerId: a.offerId,
    to,
    from: sources.filter((s) => !a.expectedStatus || s === a.expectedStatus),
    scope,
    sellerUserId,
    now,
    counterOfferAmountCents: a.counterCents,
    counterMessage: a.counterMessage,
    amountFromCounter: a.action === 'accept_counter',
    // A counter gives the buyer a new OFFER_TTL_HOURS to answer it.
    expiresAt: a.action === 'counter' ? offerExpiresAt(now, ctx.config.offerTtlHours) : undefined,
  });
  if (!updated) {
    const fresh = await repo.findOffer(tx, a.offerId, scope, sellerUserId);
    if (!fresh) throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
    // A counter happens once per offer (pending to countered); the same one sent again under its key, by a client
    // that got no answer, is answered the offer as it is now instead of a refusal.
    if (
      a.action === 'counter' &&
      a.requestKey &&
      (await repo.counterTakenUnder(
        tx,
        a.offerId,
        a.actor.userId,
        counterRequestDigest(a.requestKey, a.counterCents, a.counterMessage),
      ))
    )
      return toOffer(fresh);
    // Past its expiry but not yet swept: it is expired already (the UPDATE refused it on expires_at).
    if (isOpenOffer(fresh.status) && fresh.expiresAt <= now) throw refusal(a.action, 'expired');
    if (a.expectedStatus && fresh.status !== a.expectedStatus && sources.includes(fresh.status))
      throw new AppError('CONFLICT', `This offer has changed: it is now ${fresh.status}. Please review it.`);
    throw refusal(a.action, fresh.status);
  }
  await afterTransition(ctx, tx, a, current.status, updated, now);
  return toOffer(updated);
}

async function afterTransition(
  ctx: AppContext,
  tx: Tx,
  a: TransitionArgs,
  from: string,
  offer: repo.OfferRow,
  now: Date,
) {
  const listing = await repo.listingLabel(tx, offer.listingId);
  const tractor = listing ? tractorName(listing) : 'your tractor';
  const base = (o: repo.OfferRow) => ({
    offerId: o.id,
    listingId: o.listingId,
    tractor,
    offerType: o.offerType,
    amountCents: o.offerAmountCents,
    askingCents: o.originalPriceCents,
  });
  const sellerId = listing?.sellerUserId ?? null;
  const sellerMail = async (kind: SellerNoticeKind, extra: Record<string, unknown> = {}) => {
    if (!sellerId) return;
    const [seller] = await repo.usersByIds(tx, [sellerId]);
    if (!seller) return;
    await enqueueMail(tx, {
      template: SELLER_OFFER_NOTICE,
      to: seller.email,
      payload: {
        ...base(offer),
        kind,
        buyerLabel: anonymousBuyer(await repo.userState(tx, offer.buyerUserId)),
        ...extra,
      },
    });
  };
  const notify = async (o: repo.OfferRow, extra: Record<string, unknown>) => {
    const [buyer] = await repo.usersByIds(tx, [o.buyerUserId]);
    if (!buyer) return;
    await enqueueMail(tx, {
      template: OFFER_UPDATE,
      to: buyer.email,
      payload: { ...base(o), link: listingLink(ctx, o.listingId), ...extra },
    });
  };

  await audit(tx, {
    action: `offer.${a.action}`,
    resourceType: 'offer',
    actorUserId: a.actor.userId,
    actorEmail: a.actor.email,
    details: {
      offerId: offer.id,
      listingId: offer.listingId,
      from,
      to: offer.status,
      amountCents: offer.offerAmountCents,
      counterAmountCents: offer.counterOfferAmountCents,
      ...(a.action === 'counter' && a.requestKey
        ? { requestKey: counterRequestDigest(a.requestKey, a.counterCents, a.counterMessage) }
        : {}),
    },
    request: a.request,
  });
  // A buyer's own step carries `notice`, so an open admin panel can toast it
  // (docs/product/offers.md#admin-notices).
  const notice: AdminNoticeKind | undefined = a.buyNow
    ? 'bought_now'
    : a.action === 'accept_counter'
      ? 'counter_accepted'
      : a.action === 'withdraw'
        ? 'withdrawn'
        : undefined;
  const updated = { offerId: offer.id, listingId: offer.listingId, status: offer.status };
  await publishEvent(tx, {
    type: 'offer.updated',
    audience: ['admins', offer.buyerUserId],
    data: {
      ...updated,
      ...(notice ? { notice, tractor, amountCents: offer.offerAmountCents, buyerName: a.actor.name } : {}),
    },
  });
  // The seller's copy never names the buyer (the sale's contact is in their offer list and e-mail).
  if (sellerId && sellerId !== offer.buyerUserId)
    await publishEvent(tx, { type: 'offer.updated', audience: [sellerId], data: updated });
  if (notice) {
    const [buyer] = await repo.usersByIds(tx, [offer.buyerUserId]);
    for (const admin of await repo.adminRecipients(tx)) {
      await enqueueMail(tx, {
        template: ADMIN_OFFER_NOTICE,
        to: admin.email,
        payload: {
          ...base(offer),
          kind: notice,
          buyerName: a.actor.name,
          buyerCompany: buyer?.companyName ?? '',
          buyerEmail: a.actor.email,
        },
      });
    }
  }

  if (a.action === 'withdraw') await sellerMail('withdrawn');

  if (offer.status === 'countered') {
    await notify(offer, {
      status: 'countered',
      counterAmountCents: offer.counterOfferAmountCents,
      counterMessage: offer.counterMessage,
    });
  } else if (offer.status === 'rejected') {
    await notify(offer, { status: 'rejected' });
  } else if (offer.status === 'accepted') {
    // The sale is the purchases module's (docs/product/purchases.md#purchase): in this transaction it sells the
    // listing, opens the purchase, ends the other offers and sends the sale's e-mails (decision 0027).
    await ctx.events.publishInTransaction(ctx, tx, 'offer.accepted', {
      offerId: offer.id,
      viaCounter: a.action === 'accept_counter',
      actor: a.actor,
      request: a.request,
      now,
    });
  }
}

/**
 * The scheduled expiry sweep (docs/product/dealer-tools.md#offers-that-expire): open offers past
 * `expires_at` become expired, in batches, each batch one transaction with its mail, events and audit. Safe on
 * every instance at once: the conditional UPDATE hands each offer to exactly one sweep, and an accept racing it
 * either commits first (the sweep no longer matches the row) or finds it expired.
 */
export async function expireDueOffers(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const now = ctx.clock.now();
    const count = await ctx.db.transaction(async (tx) => {
      const expired = await repo.expireDueOffers(tx, now);
      for (const offer of expired) await afterExpiry(ctx, tx, offer);
      return expired.length;
    });
    total += count;
    if (count < 200) return total;
  }
}

async function afterExpiry(ctx: AppContext, tx: Tx, offer: repo.OfferRow) {
  const listing = await repo.listingLabel(tx, offer.listingId);
  const tractor = listing ? tractorName(listing) : 'your tractor';
  const base = {
    offerId: offer.id,
    listingId: offer.listingId,
    tractor,
    offerType: offer.offerType,
    amountCents: offer.offerAmountCents,
    askingCents: offer.originalPriceCents,
  };
  const wasCounter = offer.counterOfferAmountCents !== null;
  const [buyer] = await repo.usersByIds(tx, [offer.buyerUserId]);
  if (buyer)
    await enqueueMail(tx, {
      template: OFFER_UPDATE,
      to: buyer.email,
      payload: {
        ...base,
        link: listingLink(ctx, offer.listingId),
        status: 'expired',
        counterAmountCents: wasCounter ? offer.counterOfferAmountCents : null,
        ttlHours: ctx.config.offerTtlHours,
      },
    });
  // A dealer's listing: the seller is told as for a withdrawn offer (docs/product/dealer-selling.md); never of an
  // offer under the floor, which they never saw (decision 0039), nor are the admins.
  const sellerId = offer.belowFloor ? null : (listing?.sellerUserId ?? null);
  const [seller] = sellerId ? await repo.usersByIds(tx, [sellerId]) : [];
  if (seller)
    await enqueueMail(tx, {
      template: SELLER_OFFER_NOTICE,
      to: seller.email,
      payload: {
        ...base,
        kind: 'expired',
        buyerLabel: anonymousBuyer(await repo.userState(tx, offer.buyerUserId)),
        counterAmountCents: wasCounter ? offer.counterOfferAmountCents : null,
        ttlHours: ctx.config.offerTtlHours,
      },
    });
  for (const admin of offer.belowFloor ? [] : await repo.adminRecipients(tx))
    await enqueueMail(tx, {
      template: ADMIN_OFFER_NOTICE,
      to: admin.email,
      payload: {
        ...base,
        kind: 'expired',
        buyerName: buyer?.name ?? '',
        buyerCompany: buyer?.companyName ?? '',
        buyerEmail: buyer?.email ?? '',
      },
    });
  await audit(tx, {
    action: 'offer.expire',
    resourceType: 'offer',
    details: { offerId: offer.id, listingId: offer.listingId, expiresAt: offer.expiresAt.toISOString() },
  });
  await publishEvent(tx, {
    type: 'offer.updated',
    audience: ['admins', offer.buyerUserId],
    data: {
      offerId: offer.id,
      listingId: offer.listingId,
      status: 'expired',
      notice: 'expired',
      tractor,
      amountCents: offer.offerAmountCents,
      buyerName: buyer?.name ?? '',
    },
  });
  // The seller's copy never names the buyer (as for a withdrawn offer).
  if (sellerId && sellerId !== offer.buyerUserId)
    await publishEvent(tx, {
      type: 'offer.updated',
      audience: [sellerId],
      data: { offerId: offer.id, listingId: offer.listingId, status: 'expired' },
    });
}

export function acceptCounter(ctx: AppContext, actor: Actor, offerId: string, request: RequestInfo) {
  requireRoleSaying(NOT_APPROVED, actor, 'dealer', 'admin');
  return transition(ctx, { action: 'accept_counter', role: 'buyer', offerId, actor, request });
}

export function withdrawOffer(
  ctx: AppContext,
  actor: Actor,
  offerId: string,
  request: RequestInfo,
  expectedStatus?: OpenOfferStatus,
) {
  requireRoleSaying(NOT_APPROVED, actor, 'dealer', 'admin');
  return transition(ctx, { action: 'withdraw', role: 'buyer', offerId, actor, request, expectedStatus });
}

// ---------------------------------------------------------------- admin

export async function listAllOffers(ctx: AppContext, actor: Actor): Promise<AdminOffer[]> {
  requireRole(actor, 'admin');
  const rows = await repo.listAllOffers(ctx.db);
  return rows.map((r) => ({
    ...toOfferWithListing(r),
    buyer: { id: r.buyerUserId, name: r.buyerName, email: r.buyerEmail, companyName: r.buyerCompany },
    seller: { id: r.sellerUserId, name: r.sellerName, email: r.sellerEmail, companyName: r.sellerCompany },
  }));
}

export function adminAccept(ctx: AppContext, actor: Actor, offerId: string, request: RequestInfo) {
  requireRole(actor, 'admin');
  return transition(ctx, { action: 'accept', role: 'admin', offerId, actor, request });
}

export function adminReject(ctx: AppContext, actor: Actor, offerId: string, request: RequestInfo) {
  requireRole(actor, 'admin');
  return transition(ctx, { action: 'reject', role: 'admin', offerId, actor, request });
}

export function adminCounter(
  ctx: AppContext,
  actor: Actor,
  offerId: string,
  body: CounterBody,
  request: RequestInfo,
  requestKey?: string,
) {
  requireRole(actor, 'admin');
  const counterCents = parseAmount(body.amount, 'Counter amount');
  return transition(ctx, {
    action: 'counter',
    role: 'admin',
    offerId,
    actor,
    request,
    counterCents,
    counterMessage: (body.message ?? '').trim(),
    requestKey,
  });
}

// ---------------------------------------------------------------- seller (a dealer's own listings)

/** Offers on the seller's listings; the buyer is "A dealer in Iowa" until their offer is the sale. */
export async function listSellerOffers(ctx: AppContext, actor: Actor): Promise<SellerOffers> {
  requireRole(actor, 'dealer', 'admin');
  const rows = await repo.listSellerOffers(ctx.db, actor.userId);
  return {
    items: rows.map((r) => ({
      id: r.id,
      listingId: r.listingId,
      tractor: tractorName({ year: r.listingYear, make: r.listingMake, model: r.listingModel }),
      offerType: r.offerType,
      status: r.status,
      offerAmountCents: r.offerAmountCents,
      originalPriceCents: r.originalPriceCents,
      counterOfferAmountCents: r.counterOfferAmountCents,
      // Contact details stay hidden until the sale, like the buyer (dealer-selling.md#offers-on-your-tractors).
      message: r.status === 'accepted' ? r.message : maskContactDetails(r.message),
      buyerLabel: anonymousBuyer(r.buyerState),
      buyer:
        r.status === 'accepted'
          ? { name: r.buyerName, email: r.buyerEmail, companyName: r.buyerCompany }
          : null,
      expiresAt: isOpenOffer(r.status) ? r.expiresAt.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    sellerFeeCents: ctx.config.sellerFeeCents,
  };
}

/** The seller's accept, reject and counter: the admin's steps, on offers made on their own listings only. */
export function sellerAct(
  ctx: AppContext,
  actor: Actor,
  offerId: string,
  action: 'accept' | 'reject' | 'counter',
  body: CounterBody | undefined,
  request: RequestInfo,
  requestKey?: string,
) {
  requireRole(actor, 'dealer', 'admin');
  if (action !== 'counter') return transition(ctx, { action, role: 'seller', offerId, actor, request });
  return transition(ctx, {
    action,
    role: 'seller',
    offerId,
    actor,
    request,
    counterCents: parseAmount(body?.amount, 'Counter amount'),
    counterMessage: (body?.message ?? '').trim(),
    requestKey,
  });
}
