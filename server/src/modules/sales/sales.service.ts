// The weekly Timed Sale (docs/product/timed-sale.md): sales, lots, bids and the close.
import { memberOfferProblem, TEAM_TEXT } from '../../../../domain/dealerships.js';
import type { ValueEstimate } from '../../../../domain/fieldlot-value.js';
import { tractorName } from '../../../../domain/listings.js';
import {
  type BidRefusal,
  bidderAlias,
  bidRefusalText,
  IF_SALE_HOURS,
  type LotState,
  lotCloseTimes,
  nextBidCents,
  placeBid,
  reserveMet,
} from '../../../../domain/timed-sale.js';
import type {
  BidBody,
  CreateSaleBody,
  Lot,
  LotHistory,
  RunList,
  RunListQuery,
  SaleSummary,
} from '../../../../domain/timed-sale-api.js';
import type { Executor, Tx } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { currentMembership, isOwnDealershipListing } from '../dealerships/index.js';
import { imageSources } from '../listings/index.js';
import { valuesOfListings } from '../market/index.js';
import { acceptTimedSaleWin } from '../offers/index.js';
import { SALE_NOTICE, type SaleNoticeKind } from './sales.mail.js';
import * as repo from './sales.repository.js';

const SALE_NOT_FOUND = 'Sale not found';
const LOT_NOT_FOUND = 'Lot not found';
/** Outbid e-mails: at most one per lot per dealer in 10 minutes (live notices always). */
const OUTBID_MAIL = { limit: 1, windowMs: 10 * 60_000 };
/** The close worker's actor in the audit log and the purchase's timeline. */
const CLOSE_WORKER: Actor = {
  userId: '',
  email: 'timed-sale-close',
  name: 'Timed Sale close',
  status: 'admin',
};
const WORKER_REQUEST: RequestInfo = { ip: '127.0.0.1', userAgent: 'timed-sale-close' };

const sees = (actor: Actor | null) => actor?.status === 'approved' || actor?.status === 'admin';

function summaryOf(s: repo.SaleRow, lotCount: number): SaleSummary {
  return {
    id: s.id,
    name: s.name,
    startsAt: s.startsAt.toISOString(),
    firstCloseAt: s.firstCloseAt.toISOString(),
    intervalSeconds: s.intervalSeconds,
    lotCount,
  };
}

function stateOf(lot: repo.LotRow): LotState {
  return {
    opensAt: lot.opensAt.getTime(),
    closesAt: lot.closesAt.getTime(),
    reserveCents: lot.reserveCents,
    priceCents: lot.priceCents,
    leaderId: lot.leaderUserId,
    leaderMaxCents: lot.leaderMaxCents,
    bidCount: lot.bidCount,
    bidders: lot.bidders,
  };
}

type RunListRow = Awaited<ReturnType<typeof repo.runList>>[number];

function lotOf(
  r: RunListRow,
  viewer: Actor | null,
  ownLot: boolean,
  value: ValueEstimate | null = null,
): Lot {
  const lot = r.lot;
  const priced = sees(viewer);
  const youLead = Boolean(viewer && lot.leaderUserId === viewer.userId);
  return {
    id: lot.id,
    position: lot.position,
    listingId: lot.listingId,
    make: r.make,
    model: r.model,
    year: r.year,
    hours: r.hours,
    location: r.location,
    grade: r.gradeTenths ? r.gradeTenths / 10 : null,
    image:
      r.imageKey && r.imageWidth && r.imageHeight
        ? { ...imageSources(r.imageKey, r.imageWidth), width: r.imageWidth, height: r.imageHeight }
        : null,
    opensAt: lot.opensAt.toISOString(),
    closesAt: lot.closesAt.toISOString(),
    status: lot.status,
    bidCount: lot.bidCount,
    currentBidCents: priced ? lot.priceCents : null,
    nextBidCents: priced && lot.status === 'open' ? nextBidCents(lot) : null,
    reserveMet: priced ? reserveMet(lot) : null,
    youLead,
    yourMaxCents: youLead ? lot.leaderMaxCents : null,
    ownLot,
    ifDeadline: lot.ifDeadline?.toISOString() ?? null,
    value:
      priced && value
        ? { valueCents: value.valueCents, lowCents: value.lowCents, highCents: value.highCents }
        : null,
  };
}

async function ownLotOf(tx: Executor, viewer: Actor | null, lot: repo.LotRow): Promise<boolean> {
  if (viewer?.status !== 'approved') return false;
  if (lot.sellerUserId === viewer.userId) return true;
  return isOwnDealershipListing(tx, { userId: viewer.userId }, lot.listingId);
}

// ---------------------------------------------------------------- sales

/** docs/product/timed-sale.md#sales-and-lots: an admin sets up a sale. */
export async function createSale(
  ctx: AppContext,
  actor: Actor,
  body: Required<Omit<CreateSaleBody, 'intervalSeconds'>> & { intervalSeconds: number },
  request: RequestInfo,
): Promise<SaleSummary> {
  requireRole(actor, 'admin');
  const startsAt = new Date(body.startsAt);
  const firstCloseAt = new Date(body.firstCloseAt);
  const now = ctx.clock.now();
  if (startsAt.getTime() <= now.getTime())
    throw new AppError('VALIDATION', 'The sale must start in the future', {
      fields: { startsAt: 'The sale must start in the future' },
    });
  if (firstCloseAt.getTime() <= startsAt.getTime())
    throw new AppError('VALIDATION', 'The first lot closes after the sale starts', {
      fields: { firstCloseAt: 'The first lot closes after the sale starts' },
    });
  return ctx.db.transaction(async (tx) => {
    const sale = await repo.insertSale(tx, {
      name: body.name,
      startsAt,
      firstCloseAt,
      intervalSeconds: body.intervalSeconds,
      createdByUserId: actor.userId,
      createdAt: now,
    });
    await audit(tx, {
      action: 'sale.created',
      resourceType: 'timed_sale',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { saleId: sale.id, name: sale.name },
      request,
    });
    return summaryOf(sale, 0);
  });
}

export async function listSales(ctx: AppContext): Promise<{ sales: SaleSummary[]; serverNow: string }> {
  const rows = await repo.listSales(ctx.db);
  return { sales: rows.map((s) => summaryOf(s, s.lotCount)), serverNow: ctx.clock.now().toISOString() };
}

/**
 * docs/product/timed-sale.md#sales-and-lots: a dealer puts a live listing of their own into an upcoming sale
 * (an admin FieldLot's own); its floor price becomes the reserve, its close time its place in the run list.
 */
export async function addLot(
  ctx: AppContext,
  actor: Actor,
  saleId: string,
  listingId: string,
  request: RequestInfo,
): Promise<Lot> {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const sale = await repo.lockSale(tx, saleId);
    if (!sale) throw new AppError('NOT_FOUND', SALE_NOT_FOUND);
    if (sale.startsAt.getTime() <= now.getTime())
      throw new AppError('CONFLICT', 'This sale has started: put the tractor into an upcoming one');
    const listing = await repo.lockListing(tx, listingId);
    const mine =
      listing &&
      (actor.status === 'admin' ? listing.sellerUserId === null : listing.sellerUserId === actor.userId);
    if (!listing || !mine) throw new AppError('NOT_FOUND', 'Tractor not found');
    if (listing.status !== 'active') throw new AppError('CONFLICT', 'Only a live tractor can go into a sale');
    // The listing's row is locked above, so two sellers' clicks queue here (the unique rule has the last word).
    if (await repo.listingInRunningSale(tx, listingId))
      throw new AppError('CONFLICT', 'This tractor is already in a sale');
    const position = await repo.lotCount(tx, sale.id);
    const [closesAt] = lotCloseTimes(sale.firstCloseAt.getTime(), sale.intervalSeconds, position + 1).slice(
      -1,
    );
    const lot = await repo.insertLot(tx, {
      saleId: sale.id,
      listingId,
      position,
      sellerUserId: actor.userId,
      reserveCents: listing.floorPriceCents,
      opensAt: sale.startsAt,
      closesAt: new Date(closesAt),
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, {
      action: 'sale.lot_added',
      resourceType: 'timed_sale',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { saleId: sale.id, lotId: lot.id, listingId },
      request,
    });
    await publishEvent(tx, {
      type: 'sale.lot_updated',
      audience: ['signedIn'],
      data: { saleId: sale.id, lotId: lot.id },
    });
    const [row] = await repo.runList(tx, sale.id, { lotId: lot.id });
    return lotOf(row, actor, true);
  });
}

/**
 * docs/product/timed-sale.md#the-run-list: every lot, or those the inventory's filters match; dealers and admins
 * also see each tractor's FieldLot Value. Visitors see no prices and cannot filter by one.
 */
export async function runList(
  ctx: AppContext,
  viewer: Actor | null,
  saleId: string,
  query: RunListQuery = {},
): Promise<RunList> {
  const sale = await repo.findSale(ctx.db, saleId);
  if (!sale) throw new AppError('NOT_FOUND', SALE_NOT_FOUND);
  const priced = sees(viewer);
  const { priceMin, priceMax, ...tractor } = query;
  const filters = priced ? query : tractor;
  const [rows, brands, lotCount] = await Promise.all([
    repo.runList(ctx.db, saleId, { filters }),
    repo.saleBrands(ctx.db, saleId),
    repo.lotCount(ctx.db, saleId),
  ]);
  const values = priced ? await valuesOfListings(ctx, rows) : [];
  const lots: Lot[] = [];
  for (const [i, r] of rows.entries())
    lots.push(lotOf(r, viewer, await ownLotOf(ctx.db, viewer, r.lot), values[i] ?? null));
  return { sale: summaryOf(sale, lotCount), lots, brands, serverNow: ctx.clock.now().toISOString() };
}

/** docs/product/timed-sale.md#rules-against-games: "Bidder 1, 2..." per lot, "You"; admins also see who. */
export async function lotHistory(ctx: AppContext, viewer: Actor, lotId: string): Promise<LotHistory> {
  requireRole(viewer, 'dealer', 'admin');
  const lot = await repo.findLot(ctx.db, lotId);
  if (!lot) throw new AppError('NOT_FOUND', LOT_NOT_FOUND);
  const [row] = await repo.runList(ctx.db, lot.saleId, { lotId: lotId });
  const bids = await repo.bidsOfLot(ctx.db, lotId);
  const admin = viewer.status === 'admin';
  const names = admin ? await repo.userNames(ctx.db, [...new Set(bids.map((b) => b.leaderAfterUserId))]) : [];
  return {
    lot: lotOf(row, viewer, await ownLotOf(ctx.db, viewer, lot)),
    bids: bids.map((b) => ({
      bidder: bidderAlias(lot.bidders, b.leaderAfterUserId, viewer.userId),
      name: admin ? (names.find((n) => n.id === b.leaderAfterUserId)?.name ?? null) : null,
      priceAfterCents: b.priceAfterCents,
      at: b.createdAt.toISOString(),
    })),
    serverNow: ctx.clock.now().toISOString(),
  };
}

// ---------------------------------------------------------------- bidding

function refusalError(r: BidRefusal, timeZone: string): AppError {
  const message = bidRefusalText(r, timeZone);
  switch (r.code) {
    case 'closed':
    case 'not_open':
    case 'already_leading':
      return new AppError('CONFLICT', message);
    case 'own_lot':
      return new AppError('FORBIDDEN', message);
    default:
      return new AppError('VALIDATION', message, { fields: { amount: message } });
  }
}

/**
 * docs/product/timed-sale.md#bidding: a bid or a maximum, once per Idempotency-Key, in one transaction with
 * the lot's row locked: concurrent bids on a lot queue there, so the earlier maximum is the earlier commit.
 */
export async function bid(
  ctx: AppContext,
  actor: Actor,
  lotId: string,
  body: { kind: BidBody['kind']; amount: number },
  idempotencyKey: string | undefined,
  request: RequestInfo,
  /** The dealer's time zone (the page's cookie), else the sale's: a refusal names the close as the page does. */
  readerZone: string | null = null,
): Promise<{ lot: Lot; replayed: boolean; serverNow: string }> {
  requireRole(actor, 'dealer', 'admin');
  // Admins see who bids; they never bid (the landing page's "no auction games").
  if (actor.status === 'admin') throw new AppError('CONFLICT', 'Admins watch the sale; only dealers bid');
  if (!idempotencyKey) throw new AppError('VALIDATION', 'An Idempotency-Key header is required to bid');
  const answer = async (tx: Executor, replayed: boolean) => {
    const lot = await repo.findLot(tx, lotId);
    if (!lot) throw new AppError('NOT_FOUND', LOT_NOT_FOUND);
    const [row] = await repo.runList(tx, lot.saleId, { lotId: lotId });
    return { lot: lotOf(row, actor, false), replayed, serverNow: ctx.clock.now().toISOString() };
  };
  const early = await refusedByCommittedPrice(ctx, actor, lotId, body, idempotencyKey, readerZone);
  if (early) throw early;
  return ctx.db.transaction(async (tx) => {
    if (await repo.findBidByKey(tx, actor.userId, idempotencyKey)) return answer(tx, true);
    const lot = await repo.lockLot(tx, lotId);
    if (!lot) throw new AppError('NOT_FOUND', LOT_NOT_FOUND);
    // The same key's twin may have committed while this one waited for the lot.
    if (await repo.findBidByKey(tx, actor.userId, idempotencyKey)) return answer(tx, true);
    const sale = await repo.findSale(tx, lot.saleId);
    if (!sale) throw new AppError('NOT_FOUND', LOT_NOT_FOUND);
    const now = ctx.clock.now();
    if (lot.status !== 'open')
      throw refusalError(
        { code: 'closed', closedAt: (lot.closedAt ?? lot.closesAt).getTime() },
        readerZone ?? sale.timeZone,
      );
    const member = await currentMembership(tx, actor, now);
    if (member.role === 'viewer') throw new AppError('FORBIDDEN', TEAM_TEXT.viewerCannotOffer);
    const out = placeBid(stateOf(lot), {
      bidderId: actor.userId,
      kind: body.kind,
      amountCents: body.amount,
      at: now.getTime(),
      ownLot: await ownLotOf(tx, actor, lot),
      limitCents: memberOfferProblem(member, body.amount) ? member.offerLimitCents : null,
    });
    if (!out.ok) throw refusalError(out.refusal, readerZone ?? sale.timeZone);
    const s = out.state;
    const leaderChanged = s.leaderId !== lot.leaderUserId;
    const inserted = await repo.insertBid(tx, {
      lotId,
      bidderUserId: actor.userId,
      dealershipId: member.dealershipId,
      kind: body.kind,
      amountCents: body.amount,
      priceAfterCents: s.priceCents as number,
      leaderAfterUserId: s.leaderId as string,
      idempotencyKey,
      createdAt: now,
    });
    if (!inserted) return answer(tx, true);
    await repo.updateLotAfterBid(tx, lotId, {
      priceCents: s.priceCents,
      leaderUserId: s.leaderId,
      leaderDealershipId: leaderChanged ? member.dealershipId : lot.leaderDealershipId,
      leaderMaxCents: s.leaderMaxCents,
      bidCount: s.bidCount,
      bidders: s.bidders,
      closesAt: new Date(s.closesAt),
      now,
    });
    // Every bid is in the audit log (docs/product/timed-sale.md#rules-against-games).
    await audit(tx, {
      action: 'sale.bid',
      resourceType: 'timed_sale',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: {
        saleId: sale.id,
        lotId,
        bidId: inserted.id,
        kind: body.kind,
        amountCents: body.amount,
        priceAfterCents: s.priceCents,
        leading: s.leaderId === actor.userId,
        ...(out.extended ? { extendedTo: new Date(s.closesAt).toISOString() } : {}),
      },
      request,
    });
    await publishEvent(tx, {
      type: 'sale.lot_updated',
      audience: ['signedIn'],
      data: { saleId: sale.id, lotId, closesAt: new Date(s.closesAt).toISOString(), bidCount: s.bidCount },
    });
    if (out.outbidId && out.outbidId !== actor.userId) {
      await publishEvent(tx, {
        type: 'sale.outbid',
        audience: [out.outbidId],
        data: { saleId: sale.id, lotId },
      });
      const mail = await hitRateLimit(tx, ctx.clock, `sale-outbid:${lotId}:${out.outbidId}`, OUTBID_MAIL);
      if (mail.allowed) await notify(tx, sale, lot, out.outbidId, 'outbid', s.priceCents);
    }
    return answer(tx, false);
  });
}

/**
 * A bid under the next increment of the lot's committed price, answered without waiting for the lot's lock
 * (decision 0092): the price only rises, so the locked check would refuse it too, and at a busy close most bids
 * are such. Null (take the lock) for everything else: a repeated key (its answer is the first one's), a lot not
 * open, the current leader (raising a maximum), a viewer, and every other answer of the engine.
 */
async function refusedByCommittedPrice(
  ctx: AppContext,
  actor: Actor,
  lotId: string,
  body: { kind: BidBody['kind']; amount: number },
  idempotencyKey: string,
  readerZone: string | null,
): Promise<AppError | null> {
  return ctx.db.transaction(async (tx) => {
    if (await repo.findBidByKey(tx, actor.userId, idempotencyKey)) return null;
    const lot = await repo.findLot(tx, lotId);
    if (lot?.status !== 'open' || lot.leaderUserId === actor.userId) return null;
    const now = ctx.clock.now();
    const member = await currentMembership(tx, actor, now);
    if (member.role === 'viewer') return null;
    const out = placeBid(stateOf(lot), {
      bidderId: actor.userId,
      kind: body.kind,
      amountCents: body.amount,
      at: now.getTime(),
      ownLot: await ownLotOf(tx, actor, lot),
      limitCents: memberOfferProblem(member, body.amount) ? member.offerLimitCents : null,
    });
    if (out.ok || out.refusal.code !== 'below_next') return null;
    const sale = await repo.findSale(tx, lot.saleId);
    return sale ? refusalError(out.refusal, readerZone ?? sale.timeZone) : null;
  });
}

async function notify(
  tx: Tx,
  sale: repo.SaleRow,
  lot: repo.LotRow,
  userId: string,
  kind: SaleNoticeKind,
  priceCents: number | null,
) {
  const [user] = await repo.userNames(tx, [userId]);
  const tractor = await repo.tractorOf(tx, lot.listingId);
  if (!user) return;
  await enqueueMail(tx, {
    template: SALE_NOTICE,
    to: user.email,
    payload: {
      kind,
      saleId: sale.id,
      lotId: lot.id,
      saleName: sale.name,
      tractor: tractor ? tractorName(tractor) : 'your tractor',
      name: user.name,
      priceCents,
    },
  });
}

// ---------------------------------------------------------------- the close

/**
 * docs/product/timed-sale.md#the-close: every lot past its close, one by one, each in its own transaction. The
 * row is claimed with SKIP LOCKED and moved by a conditional UPDATE, so no lot closes twice on any number of
 * instances; the win's offer has a unique key and the lot a unique offer, so no purchase is made twice.
 */
export async function closeDueLots(ctx: AppContext): Promise<number> {
  let closed = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const lot = await repo.claimDueLot(tx, now);
      if (!lot) return false;
      await closeLot(ctx, tx, lot, now);
      return true;
    });
    if (!done) break;
    closed++;
  }
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const lot = await repo.claimLapsedIf(tx, now);
      if (!lot) return false;
      await decideIf(ctx, tx, lot, false, CLOSE_WORKER, WORKER_REQUEST, now);
      return true;
    });
    if (!done) break;
    closed++;
  }
  return closed;
}

async function closeLot(ctx: AppContext, tx: Tx, lot: repo.LotRow, now: Date) {
  const sale = await repo.findSale(tx, lot.saleId);
  if (!sale) return;
  const closedAt = lot.closesAt;
  const state = stateOf(lot);
  const losers = lot.bidders.filter((b) => b !== lot.leaderUserId);
  if (lot.leaderUserId && reserveMet(state)) {
    if ((await repo.moveLot(tx, lot.id, 'open', { status: 'sold', now, closedAt })) === 0) return;
    await sellToLeader(ctx, tx, sale, lot, now);
    for (const l of losers) await notify(tx, sale, lot, l, 'lost', lot.priceCents);
  } else if (lot.leaderUserId) {
    const ifDeadline = new Date(now.getTime() + IF_SALE_HOURS * 3600_000);
    if ((await repo.moveLot(tx, lot.id, 'open', { status: 'if_pending', now, closedAt, ifDeadline })) === 0)
      return;
    await notify(tx, sale, lot, lot.sellerUserId, 'if_seller', lot.priceCents);
    await notify(tx, sale, lot, lot.leaderUserId, 'if_bidder', lot.priceCents);
    // Nobody has won yet (the seller may let it go): the others hear they were not the high bidder.
    for (const l of losers) await notify(tx, sale, lot, l, 'lost_if', lot.priceCents);
  } else {
    if ((await repo.moveLot(tx, lot.id, 'open', { status: 'unsold', now, closedAt })) === 0) return;
  }
  await audit(tx, {
    action: 'sale.lot_closed',
    resourceType: 'timed_sale',
    actorUserId: null,
    actorEmail: CLOSE_WORKER.email,
    details: { saleId: sale.id, lotId: lot.id, priceCents: lot.priceCents, reserveMet: reserveMet(state) },
    request: WORKER_REQUEST,
  });
  await publishEvent(tx, {
    type: 'sale.lot_updated',
    audience: ['signedIn'],
    data: { saleId: sale.id, lotId: lot.id },
  });
}

/** The win, through purchases as an accepted offer (docs/product/purchases.md#purchase). */
async function sellToLeader(
  ctx: AppContext,
  tx: Tx,
  sale: repo.SaleRow,
  lot: repo.LotRow,
  now: Date,
  notice: SaleNoticeKind = 'won',
) {
  const listing = await repo.lockListing(tx, lot.listingId);
  if (!listing || !lot.leaderUserId || lot.priceCents === null) return;
  const { offerId } = await acceptTimedSaleWin(ctx, tx, {
    lotId: lot.id,
    listingId: lot.listingId,
    buyerUserId: lot.leaderUserId,
    dealershipId: lot.leaderDealershipId,
    sellerUserId: listing.userId,
    amountCents: lot.priceCents,
    askingCents: listing.priceCents,
    saleName: sale.name,
    actor: { ...CLOSE_WORKER, userId: lot.leaderUserId },
    request: WORKER_REQUEST,
    now,
  });
  await repo.setLotOffer(tx, lot.id, offerId, now);
  await notify(tx, sale, lot, lot.leaderUserId, notice, lot.priceCents);
}

async function decideIf(
  ctx: AppContext,
  tx: Tx,
  lot: repo.LotRow,
  accept: boolean,
  actor: Actor,
  request: RequestInfo,
  now: Date,
) {
  const sale = await repo.findSale(tx, lot.saleId);
  if (!sale || !lot.leaderUserId) return;
  const to = accept ? 'if_accepted' : 'unsold';
  if ((await repo.moveLot(tx, lot.id, 'if_pending', { status: to, now })) === 0)
    throw new AppError('CONFLICT', 'This high bid has already been answered');
  if (accept) await sellToLeader(ctx, tx, sale, lot, now, 'if_accepted');
  else await notify(tx, sale, lot, lot.leaderUserId, 'if_declined', lot.priceCents);
  await audit(tx, {
    action: accept ? 'sale.if_accepted' : 'sale.if_declined',
    resourceType: 'timed_sale',
    actorUserId: actor.userId || null,
    actorEmail: actor.email,
    details: { saleId: sale.id, lotId: lot.id, priceCents: lot.priceCents },
    request,
  });
  await publishEvent(tx, {
    type: 'sale.lot_updated',
    audience: ['signedIn'],
    data: { saleId: sale.id, lotId: lot.id },
  });
}

/** docs/product/timed-sale.md#the-close: the seller accepts the high bid under the reserve, or lets it go. */
export async function answerIf(
  ctx: AppContext,
  actor: Actor,
  lotId: string,
  accept: boolean,
  request: RequestInfo,
): Promise<Lot> {
  requireRole(actor, 'dealer', 'admin');
  return ctx.db.transaction(async (tx) => {
    const lot = await repo.lockLot(tx, lotId);
    if (!lot || lot.sellerUserId !== actor.userId) throw new AppError('NOT_FOUND', LOT_NOT_FOUND);
    if (lot.status !== 'if_pending')
      throw new AppError('CONFLICT', 'This high bid has already been answered');
    const now = ctx.clock.now();
    await decideIf(ctx, tx, lot, accept, actor, request, now);
    const [row] = await repo.runList(tx, lot.saleId, { lotId: lotId });
    return lotOf(row, actor, true);
  });
}
