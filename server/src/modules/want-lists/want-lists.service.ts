import { SAVED_SEARCH_NAME_MAX, type SavedSearch } from '../../../../domain/dealer-tools.js';
import type { ListingFilters } from '../../../../domain/listing-search.js';
import { placeOf, stateCode, stateName } from '../../../../domain/places.js';
import { straightLineMiles } from '../../../../domain/purchases.js';
import {
  type InquiryMatch,
  inquiryNoticeText,
  matchesWantList,
  WANT_LIST_TEXT,
  WANT_LISTS_MAX,
  type WantAnswerInput,
  type WantList,
  type WantListForm,
  type WantMatch,
  wantListFormSchema,
  wantListSummary,
} from '../../../../domain/want-lists.js';
import type { Tx } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import type { DomainEventBus, DomainEventPayloads } from '../../lib/domain-events.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { unsubscribeToken } from '../../lib/unsubscribe-token.js';
import { currentMembership, type Membership } from '../dealerships/index.js';
import { firstLookOverAt, grantFirstLook } from '../listings/index.js';
import { zipPlace } from '../purchases/index.js';
import { createSavedSearch, ownSavedSearch } from '../saved-searches/index.js';
import { WANT_INQUIRY_MATCH, WANT_LISTING_ALERT } from './want-lists.mail.js';
import * as repo from './want-lists.repository.js';

/** docs/product/want-lists.md */

const notFound = () => new AppError('NOT_FOUND', WANT_LIST_TEXT.notFound);

const toDto = (r: repo.WantListRow, createdByName: string): WantList => ({
  id: r.id,
  make: r.make,
  modelWords: r.modelWords,
  yearMin: r.yearMin,
  yearMax: r.yearMax,
  maxHours: r.maxHours,
  maxPriceCents: r.maxPriceCents === null ? null : Number(r.maxPriceCents),
  maxDistanceMiles: r.maxDistanceMiles,
  states: r.states,
  notes: r.notes,
  createdByName,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Owners and buyers change the dealership's lists; viewers read them (docs/product/want-lists.md#who). */
function requireEditor(m: Membership) {
  if (m.role === 'viewer') throw new AppError('FORBIDDEN', WANT_LIST_TEXT.viewerCannotEdit);
}

async function membership(ctx: AppContext, actor: Actor) {
  // Admins pass the role check and then have no dealership (404): want-lists are a dealership's.
  requireRole(actor, 'dealer', 'admin');
  return currentMembership(ctx.db, actor, ctx.clock.now());
}

export async function myWantLists(
  ctx: AppContext,
  actor: Actor,
): Promise<{ items: WantList[]; canEdit: boolean }> {
  requireRole(actor, 'dealer', 'admin');
  // An admin has no dealership, so no want-lists (they see matches on the inquiry instead).
  if (actor.status === 'admin') return { items: [], canEdit: false };
  const m = await membership(ctx, actor);
  const rows = await repo.listsOf(ctx.db, m.dealershipId);
  return {
    items: rows.map((r) => toDto(r as repo.WantListRow, r.createdByName)),
    canEdit: m.role !== 'viewer',
  };
}

/**
 * The want-lists count on a family's market page (docs/product/market.md): a count only, never whose lists they
 * are. Dealers and admins, like the page.
 */
export async function wantListsCountForFamily(
  ctx: AppContext,
  actor: Actor,
  make: string,
  family: string,
): Promise<number> {
  requireRole(actor, 'dealer', 'admin');
  return repo.countForFamily(ctx.db, make, family);
}

export async function createWantList(ctx: AppContext, actor: Actor, form: WantListForm): Promise<WantList> {
  const m = await membership(ctx, actor);
  requireEditor(m);
  const row = await ctx.db.transaction(async (tx) => {
    if ((await repo.countOf(tx, m.dealershipId)) >= WANT_LISTS_MAX)
      throw new AppError('CONFLICT', WANT_LIST_TEXT.tooMany);
    return repo.insertList(tx, {
      ...form,
      userId: actor.userId,
      dealershipId: m.dealershipId,
      now: ctx.clock.now(),
    });
  });
  return toDto(row, await repo.userName(ctx.db, row.userId));
}

export async function updateWantList(
  ctx: AppContext,
  actor: Actor,
  id: string,
  form: WantListForm,
): Promise<WantList> {
  const m = await membership(ctx, actor);
  requireEditor(m);
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockOwn(tx, m.dealershipId, id))) throw notFound();
    return repo.updateList(tx, id, form, ctx.clock.now());
  });
  return toDto(row, await repo.userName(ctx.db, row.userId));
}

/** Deleting a list keeps its inquiry matches and answers (their link to the list becomes empty). */
export async function deleteWantList(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const m = await membership(ctx, actor);
  requireEditor(m);
  if (!(await repo.deleteOwn(ctx.db, m.dealershipId, id))) throw notFound();
}

/** A want-list as inventory filters: what "Turn into a saved search" saves (docs/product/want-lists.md#saved-searches). */
export function wantListFilters(w: WantListForm): ListingFilters {
  const one = w.states.length === 1 ? stateName(w.states[0]) : undefined;
  const filters: Record<string, unknown> = {
    brand: w.make,
    q: w.modelWords || undefined,
    yearMin: w.yearMin ?? undefined,
    yearMax: w.yearMax ?? undefined,
    hoursMax: w.maxHours ?? undefined,
    priceMax: w.maxPriceCents ?? undefined,
    state: one,
  };
  for (const k of Object.keys(filters)) if (filters[k] === undefined) delete filters[k];
  return filters as ListingFilters;
}

export async function wantListToSavedSearch(ctx: AppContext, actor: Actor, id: string): Promise<SavedSearch> {
  const m = await membership(ctx, actor);
  const rows = await repo.listsOf(ctx.db, m.dealershipId);
  const w = rows.find((r) => r.id === id);
  if (!w) throw notFound();
  const name = `Want-list: ${wantListSummary(w)}`.slice(0, SAVED_SEARCH_NAME_MAX);
  return createSavedSearch(ctx, actor, { name, filters: wantListFilters(w as WantListForm), alert: 'off' });
}

/** A saved search becomes a want-list: the brand is its make (required), the words its model words. */
export async function wantListFromSavedSearch(
  ctx: AppContext,
  actor: Actor,
  searchId: string,
): Promise<WantList> {
  await membership(ctx, actor);
  const s = await ownSavedSearch(ctx, actor, searchId);
  const f = s.filters;
  if (!f.brand || f.brand.toLowerCase() === 'all')
    throw new AppError('VALIDATION', WANT_LIST_TEXT.noMake, { fields: { make: WANT_LIST_TEXT.noMake } });
  const code = f.state ? stateCode(f.state) : null;
  const form = wantListFormSchema.parse({
    make: f.brand,
    modelWords: (f.q ?? '').slice(0, 120),
    yearMin: f.yearMin ?? null,
    yearMax: f.yearMax ?? null,
    maxHours: f.hoursMax ?? null,
    maxPriceCents: f.priceMax ?? null,
    states: code ? [code] : [],
    notes: `From the saved search "${s.name}"`,
  });
  return createWantList(ctx, actor, form);
}

// ---------------------------------------------------------------- matching

function milesBetween(zipA: string | null, zipB: string | null): number | null {
  const a = zipPlace(zipA);
  const b = zipPlace(zipB);
  return a && b ? Math.round(straightLineMiles(a, b)) : null;
}

/**
 * A listing went live: every want-list it matches (domain `matchesWantList`) alerts its dealer by e-mail and live,
 * once per (want-list, listing); not the seller's own dealership's lists, nor dealers a first look keeps out
 * (they hear when it ends, at `now`).
 */
export async function alertWantLists(
  ctx: AppContext,
  tx: Tx,
  listingId: string,
  now: Date = ctx.clock.now(),
): Promise<number> {
  const listing = await repo.listingForMatch(tx, listingId);
  if (!listing) return 0;
  const sellers = new Set([listing.userId, listing.sellerUserId].filter(Boolean));
  const candidates = (await repo.candidatesForMake(tx, listing.make)).filter((w) => !sellers.has(w.userId));
  const keptOut = await repo.keptOutByFirstLook(
    tx,
    listingId,
    [...new Set(candidates.map((c) => c.userId))],
    now,
  );
  let sent = 0;
  for (const w of candidates) {
    if (keptOut.has(w.userId)) continue;
    const match = matchesWantList(w, {
      make: listing.make,
      model: listing.model,
      year: listing.year,
      hours: listing.hours,
      priceCents: listing.priceCents,
      state: stateCode(listing.location),
      distanceMiles: milesBetween(w.yardZip, listing.zip),
    });
    if (!match || !(await repo.claimListingAlert(tx, w.id, listingId, now))) continue;
    const wants = wantListSummary(w);
    if (w.emailNotifications)
      await enqueueMail(tx, {
        template: WANT_LISTING_ALERT,
        to: w.email,
        payload: {
          name: w.name,
          wants,
          listing: {
            id: listing.id,
            make: listing.make,
            model: listing.model,
            year: listing.year,
            hours: listing.hours,
            priceCents: listing.priceCents,
            location: listing.location,
          },
          unsubscribeToken: unsubscribeToken(ctx.config.sessionSecret, w.userId),
        },
      });
    await publishEvent(tx, {
      type: 'wantList.listing',
      audience: [w.userId],
      data: {
        wantListId: w.id,
        wants,
        listingId,
        tractor: `${listing.year} ${listing.make} ${listing.model}`,
      },
    });
    sent += 1;
  }
  return sent;
}

/**
 * A farmer's inquiry arrived: matched against every want-list; each matching dealer gets one match row, an
 * e-mail and a live notice with `inquiryNoticeText` (the town and the tractor, nothing about the farmer).
 */
export async function matchInquiry(
  ctx: AppContext,
  tx: Tx,
  inquiry: DomainEventPayloads['inquiry.received'],
): Promise<number> {
  if (!inquiry.make) return 0;
  const place = placeOf(inquiry.location);
  const zip = zipPlace(place.zip);
  const town = place.town ?? (zip ? `${zip.city}, ${zip.state}` : null);
  const state = place.state ?? zip?.state ?? null;
  const notice = inquiryNoticeText({ ...inquiry, town });
  const now = ctx.clock.now();
  let sent = 0;
  for (const w of await repo.candidatesForMake(tx, inquiry.make)) {
    const distanceMiles = milesBetween(w.yardZip, place.zip);
    const candidate = { ...inquiry, priceCents: null, state, distanceMiles };
    if (!matchesWantList(w, candidate)) continue;
    const matchId = await repo.insertMatch(tx, {
      inquiryId: inquiry.inquiryId,
      wantListId: w.id,
      dealerUserId: w.userId,
      dealershipId: w.dealershipId,
      distanceMiles,
      now,
    });
    if (!matchId) continue;
    const wants = wantListSummary(w);
    if (w.emailNotifications)
      await enqueueMail(tx, {
        template: WANT_INQUIRY_MATCH,
        to: w.email,
        payload: {
          name: w.name,
          notice,
          wants,
          matchId,
          unsubscribeToken: unsubscribeToken(ctx.config.sessionSecret, w.userId),
        },
      });
    await publishEvent(tx, { type: 'wantList.inquiry', audience: [w.userId], data: { matchId, notice } });
    sent += 1;
  }
  return sent;
}

function toMatch(r: repo.MatchRow): WantMatch {
  return {
    id: r.id,
    notice: noticeOf(r),
    wantListId: r.wantListId,
    wants: wantsOf(r),
    distanceMiles: r.distanceMiles,
    answer: r.answer,
    maxPriceCents: r.maxPriceCents,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

function noticeOf(r: repo.MatchRow): string {
  const place = placeOf(r.location);
  const zip = zipPlace(place.zip);
  return inquiryNoticeText({ ...r, town: place.town ?? (zip ? `${zip.city}, ${zip.state}` : null) });
}

const wantsOf = (r: repo.MatchRow) =>
  r.wMake
    ? wantListSummary({
        make: r.wMake,
        modelWords: r.wModelWords ?? '',
        yearMin: r.wYearMin,
        yearMax: r.wYearMax,
        maxHours: r.wMaxHours,
      })
    : 'A want-list since deleted';

/** The farmers' tractors matched to the dealership's want-lists, newest first. */
export async function myMatches(ctx: AppContext, actor: Actor): Promise<{ items: WantMatch[] }> {
  requireRole(actor, 'dealer', 'admin');
  if (actor.status === 'admin') return { items: [] };
  const m = await membership(ctx, actor);
  const rows = await repo.matchesOf(ctx.db, { userId: actor.userId, dealershipId: m.dealershipId });
  return { items: rows.map(toMatch) };
}

/** "I'd pay up to $…" or "Not for me": recorded on the match; the admins see it live. */
export async function answerMatch(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: WantAnswerInput,
): Promise<WantMatch> {
  const m = await membership(ctx, actor);
  requireEditor(m);
  const maxPriceCents = input.answer === 'interested' ? input.maxPriceCents : null;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.answerMatch(
      tx,
      { userId: actor.userId, dealershipId: m.dealershipId },
      id,
      { answer: input.answer, maxPriceCents },
      ctx.clock.now(),
    );
    if (!row) throw new AppError('NOT_FOUND', WANT_LIST_TEXT.matchNotFound);
    await publishEvent(tx, {
      type: 'inquiry.match_answered',
      audience: ['admins'],
      data: {
        inquiryId: row.inquiryId,
        matchId: id,
        dealershipName: row.dealershipName ?? row.dealerName,
        answer: input.answer,
        maxPriceCents,
      },
    });
    return toMatch(row);
  });
}

/** The admin's inquiry view: who wants the farmer's tractor, at what price, how far away, and their answer. */
export async function inquiryMatches(
  ctx: AppContext,
  actor: Actor,
  inquiryId: string,
): Promise<{ items: InquiryMatch[] }> {
  requireRole(actor, 'admin');
  if (!(await repo.inquiryExists(ctx.db, inquiryId))) throw new AppError('NOT_FOUND', 'Inquiry not found');
  const rows = await repo.matchesOfInquiry(ctx.db, inquiryId);
  return {
    items: rows.map((r) => ({
      id: r.id,
      dealershipName: r.dealershipName ?? r.dealerName,
      dealerName: r.dealerName,
      wants: wantsOf(r),
      wantListMaxPriceCents: r.wMaxPriceCents,
      distanceMiles: r.distanceMiles,
      answer: r.answer,
      maxPriceCents: r.maxPriceCents,
      answeredAt: r.answeredAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The farmer accepted FieldLot's offer and the tractor is a draft listing: the dealerships that said they would
 * pay at least the accepted amount get its first look (docs/product/want-lists.md#first-look).
 */
export async function grantFirstLookForInquiry(
  ctx: AppContext,
  tx: Tx,
  e: DomainEventPayloads['inquiry.listing-drafted'],
): Promise<void> {
  const dealerships = await repo.dealershipsPayingAtLeast(tx, e.inquiryId, e.acceptedCents);
  await grantFirstLook(tx, e.listingId, dealerships, ctx.config.firstLookHours, ctx.clock.now());
}

/** What want-lists hear from other modules (decision 0027). */
export function wantListsSubscriptions(events: DomainEventBus): void {
  events.subscribe('listing.published', 'want-lists.new', (ctx, tx, e) =>
    alertWantLists(ctx, tx, e.listingId),
  );
  // The dealers a first look kept out hear of the tractor when it ends, once (decision 0057).
  events.subscribe('listing.first-look-ended', 'want-lists.first-look-ended', async (ctx, tx, e) =>
    alertWantLists(ctx, tx, e.listingId, await firstLookOverAt(tx, e.listingId, ctx.clock.now())),
  );
  events.subscribe('inquiry.received', 'want-lists.inquiry', (ctx, tx, e) => matchInquiry(ctx, tx, e));
  events.subscribe('inquiry.listing-drafted', 'want-lists.first-look', (ctx, tx, e) =>
    grantFirstLookForInquiry(ctx, tx, e),
  );
}
