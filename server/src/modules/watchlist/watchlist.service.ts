import {
  WATCH_ADDED,
  WATCH_NOTICE_TEXT,
  WATCH_REMOVED,
  type WatchedItem,
  type WatchNoticeKind,
  watchState,
} from '../../../../domain/dealer-tools.js';
import { hoursNoticeOf } from '../../../../domain/hours-check.js';
import type { DealerCard } from '../../../../domain/listing-schemas.js';
import { tractorName } from '../../../../domain/listings.js';
import type { Executor } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { currentMembership, refuseOwnDealershipListing } from '../dealerships/index.js';
import { firstLookHidesFrom, imageSources } from '../listings/index.js';
import { WATCH_NOTICE } from './watchlist.mail.js';
import * as repo from './watchlist.repository.js';

export const WATCH_NOT_FOUND = 'Tractor Not Found';

/** The dealer card of a row joined with its primary picture (listings' card shape). */
export function cardOf(
  r: Omit<repo.WatchedRow, 'price_at_watch_cents' | 'watched_at' | 'added_by_id' | 'added_by_name'>,
): DealerCard {
  return {
    id: r.id,
    make: r.make,
    model: r.model,
    year: Number(r.year),
    hours: Number(r.hours),
    location: r.location,
    condition: r.condition,
    image:
      r.image_key && r.image_width && r.image_height
        ? { ...imageSources(r.image_key, r.image_width), width: r.image_width, height: r.image_height }
        : null,
    priceCents: Number(r.price_cents),
    grade: Number(r.grade_tenths) ? Number(r.grade_tenths) / 10 : null,
    asIs: Boolean(r.as_is),
    // The inventory card's notice (docs/decisions/0042-hours-corrected-at-inspection.md).
    hoursNotice: hoursNoticeOf(r.hours_corrected_from, Number(r.hours)),
  };
}

/**
 * Whose watchlist the actor works on: their dealership's, shared by every member (a dealer without a dealership
 * row gets their one-person dealership here, as offers do); an admin's own. docs/product/dealer-tools.md#watchlist
 */
async function scopeOf(ctx: AppContext, exec: Executor, actor: Actor): Promise<repo.WatchScope> {
  if (actor.status !== 'approved') return { userId: actor.userId, dealershipId: null };
  const m = await currentMembership(exec, actor, ctx.clock.now());
  return { userId: actor.userId, dealershipId: m.dealershipId };
}

/** docs/product/dealer-tools.md#watchlist: the heart. Only a live tractor can be watched; watching twice is one watch. */
export async function watch(ctx: AppContext, actor: Actor, listingId: string) {
  requireRole(actor, 'dealer', 'admin');
  return ctx.db.transaction(async (tx) => {
    const price = await repo.liveListingPrice(tx, listingId);
    // A tractor under a first look is missing for dealers outside it (docs/product/want-lists.md#first-look).
    if (price === null || (await firstLookHidesFrom(tx, listingId, actor, ctx.clock.now())))
      throw new AppError('NOT_FOUND', WATCH_NOT_FOUND);
    const scope = await scopeOf(ctx, tx, actor);
    // Alerts are for buying: never on the dealership's own listings (decision 0039).
    await refuseOwnDealershipListing(tx, scope, listingId, 'watch');
    await repo.addWatch(tx, scope, listingId, price, ctx.clock.now());
    return { listingId, watching: true, message: WATCH_ADDED };
  });
}

/**
 * Unwatching removes the dealership's item, whoever added it, whatever the tractor's state (a sold one too);
 * unwatching what is not watched is fine.
 */
export async function unwatch(ctx: AppContext, actor: Actor, listingId: string) {
  requireRole(actor, 'dealer', 'admin');
  await ctx.db.transaction(async (tx) => repo.removeWatch(tx, await scopeOf(ctx, tx, actor), listingId));
  return { listingId, watching: false, message: WATCH_REMOVED };
}

export async function watchedListingIds(ctx: AppContext, actor: Actor) {
  requireRole(actor, 'dealer', 'admin');
  const listingIds = await ctx.db.transaction(async (tx) =>
    repo.watchedIds(tx, await scopeOf(ctx, tx, actor)),
  );
  return { listingIds };
}

export async function myWatchlist(ctx: AppContext, actor: Actor): Promise<{ items: WatchedItem[] }> {
  requireRole(actor, 'dealer', 'admin');
  const rows = await ctx.db.transaction(async (tx) => repo.watchedCards(tx, await scopeOf(ctx, tx, actor)));
  return {
    items: rows.map((r) => {
      const status = r.status as WatchedItem['status'];
      const priceAt = Number(r.price_at_watch_cents);
      return {
        listing: cardOf(r),
        status,
        priceAtWatchCents: priceAt,
        state: watchState(status, Number(r.price_cents), priceAt),
        watchedAt: new Date(r.watched_at).toISOString(),
        addedBy: { userId: r.added_by_id, name: r.added_by_name, you: r.added_by_id === actor.userId },
      };
    }),
  };
}

export interface WatchNoticeDetails {
  oldPriceCents?: number;
  newPriceCents?: number;
  /** The new grade of a revised report, e.g. "4.5". */
  grade?: string;
}

/**
 * Tells every watcher of the listing (every current member of a watching dealership, viewers included; an admin
 * watching it), by e-mail and live, in the transaction that delivers the domain event of the change (price drop,
 * report revised, sale; see watchlistSubscriptions). Returns how many dealers were told.
 */
export async function notifyWatchers(
  tx: Executor,
  listingId: string,
  kind: WatchNoticeKind,
  details: WatchNoticeDetails = {},
  /** Who is not told (the member who bought a sold tractor knows). */
  except: string[] = [],
): Promise<number> {
  const watchers = (await repo.watchersOf(tx, listingId)).filter((w) => !except.includes(w.userId));
  if (watchers.length === 0) return 0;
  const label = await repo.listingLabel(tx, listingId);
  const tractor = label ? tractorName(label) : 'A tractor you watch';
  for (const w of watchers) {
    await enqueueMail(tx, {
      template: WATCH_NOTICE,
      to: w.email,
      payload: { kind, listingId, tractor, name: w.name, ...details },
    });
  }
  await publishEvent(tx, {
    type: 'watchlist.notice',
    audience: watchers.map((w) => w.userId),
    data: { kind, listingId, tractor, message: `${WATCH_NOTICE_TEXT[kind]}: ${tractor}`, ...details },
  });
  return watchers.length;
}

/** What the watchlist hears from other modules (decision 0027): each tells the watchers of the tractor once. */
export function watchlistSubscriptions(events: DomainEventBus): void {
  events.subscribe('listing.repriced', 'watchlist.price_drop', (_ctx, tx, e) =>
    notifyWatchers(tx, e.listingId, 'price_drop', {
      oldPriceCents: e.oldPriceCents,
      newPriceCents: e.newPriceCents,
    }),
  );
  events.subscribe('listing.report_revised', 'watchlist.report_changed', (_ctx, tx, e) =>
    notifyWatchers(tx, e.listingId, 'report_changed', { grade: e.grade }),
  );
  events.subscribe('listing.sold', 'watchlist.sold', (_ctx, tx, e) =>
    notifyWatchers(tx, e.listingId, 'sold', {}, [e.buyerUserId]),
  );
}
