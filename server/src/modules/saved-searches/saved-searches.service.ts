import {
  activeFilters,
  type CreateSavedSearch,
  filtersToQuery,
  hasFilters,
  SAVED_SEARCH_TEXT,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchAlert,
} from '../../../../domain/dealer-tools.js';
import type { ListingFilters } from '../../../../domain/listing-search.js';
import type { Tx } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { unsubscribeToken } from '../../lib/unsubscribe-token.js';
import { countInventoryMatches, firstLookOverAt } from '../listings/index.js';
import { SAVED_SEARCH_ALERT } from './saved-searches.mail.js';
import * as repo from './saved-searches.repository.js';

const nameConflict = () =>
  new AppError('CONFLICT', SAVED_SEARCH_TEXT.duplicate, { fields: { name: SAVED_SEARCH_TEXT.duplicate } });
const notFound = () => new AppError('NOT_FOUND', SAVED_SEARCH_TEXT.notFound);

async function toDto(ctx: AppContext, r: repo.SavedSearchRow): Promise<SavedSearch> {
  const filters = r.filters as ListingFilters;
  return {
    id: r.id,
    name: r.name,
    filters,
    alert: r.alert,
    // The inventory's own count (modules/listings/search.ts): what the dealer sees when they open it.
    ...(await countInventoryMatches(ctx.db, activeFilters(filters), ctx.clock.now()).then((c) => ({
      matchCount: c.total,
      matchCountCapped: c.capped,
    }))),
    query: filtersToQuery(filters),
    createdAt: r.createdAt.toISOString(),
  };
}

/** docs/product/dealer-tools.md#saved-searches: the dealer's searches with their count of live matches. */
export async function mySavedSearches(ctx: AppContext, actor: Actor): Promise<{ items: SavedSearch[] }> {
  requireRole(actor, 'dealer', 'admin');
  const rows = await repo.searchesOf(ctx.db, actor.userId);
  const items: SavedSearch[] = [];
  for (const r of rows) items.push(await toDto(ctx, r));
  return { items };
}

export async function createSavedSearch(
  ctx: AppContext,
  actor: Actor,
  input: CreateSavedSearch,
): Promise<SavedSearch> {
  requireRole(actor, 'dealer', 'admin');
  // The sort is kept for opening the inventory the same way; empty filters are left out.
  const filters = {
    ...activeFilters(input.filters),
    ...(input.filters.sort ? { sort: input.filters.sort } : {}),
  };
  const row = await ctx.db.transaction(async (tx) => {
    if ((await repo.countOf(tx, actor.userId)) >= SAVED_SEARCHES_MAX)
      throw new AppError('CONFLICT', SAVED_SEARCH_TEXT.tooMany);
    const created = await repo.insertSearch(tx, {
      userId: actor.userId,
      name: input.name,
      filters,
      alert: input.alert,
      now: ctx.clock.now(),
    });
    if (!created) throw nameConflict();
    return created;
  });
  return toDto(ctx, row);
}

export async function updateSavedSearch(
  ctx: AppContext,
  actor: Actor,
  id: string,
  patch: { name?: string; alert?: SavedSearchAlert },
): Promise<SavedSearch> {
  requireRole(actor, 'dealer', 'admin');
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockOwn(tx, actor.userId, id);
    if (!current) throw notFound();
    if (patch.alert && patch.alert !== 'off' && !hasFilters(current.filters as ListingFilters))
      throw new AppError('VALIDATION', SAVED_SEARCH_TEXT.alertNeedsFilters, {
        fields: { alert: SAVED_SEARCH_TEXT.alertNeedsFilters },
      });
    if (patch.name !== undefined && (await repo.nameTaken(tx, actor.userId, patch.name, id)))
      throw nameConflict();
    const updated = await repo.updateSearch(tx, id, patch, ctx.clock.now());
    if (!updated) throw notFound();
    return updated;
  });
  return toDto(ctx, row);
}

/** One of the dealer's own searches (another dealer's is "not found"), e.g. to turn it into a want-list. */
export async function ownSavedSearch(ctx: AppContext, actor: Actor, id: string): Promise<SavedSearch> {
  requireRole(actor, 'dealer', 'admin');
  const row = await repo.lockOwn(ctx.db, actor.userId, id);
  if (!row) throw notFound();
  return toDto(ctx, row);
}

export async function deleteSavedSearch(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  requireRole(actor, 'dealer', 'admin');
  if (!(await repo.deleteOwn(ctx.db, actor.userId, id))) throw notFound();
}

/**
 * A listing just went live (`new`) or got cheaper (`cheaper`): every instant saved search it now matches alerts
 * its owner, once per (search, listing), by e-mail and live, in the transaction delivering the domain event.
 * Daily searches are served by the daily e-mail (notifications module). Returns the number of alerts.
 */
export async function alertSavedSearches(
  ctx: AppContext,
  tx: Tx,
  listingId: string,
  reason: 'new' | 'cheaper',
  now: Date = ctx.clock.now(),
): Promise<number> {
  const alerts = await repo.claimInstantAlerts(tx, listingId, now);
  if (alerts.length === 0) return 0;
  const listing = await repo.listingFacts(tx, listingId);
  if (!listing) return 0;
  for (const a of alerts) {
    await enqueueMail(tx, {
      template: SAVED_SEARCH_ALERT,
      to: a.email,
      payload: {
        name: a.name,
        searchName: a.search_name,
        query: filtersToQuery(a.filters as ListingFilters),
        reason,
        listing,
        unsubscribeToken: unsubscribeToken(ctx.config.sessionSecret, a.user_id),
      },
    });
    await publishEvent(tx, {
      type: 'savedSearch.match',
      audience: [a.user_id],
      data: { searchId: a.search_id, searchName: a.search_name, listingId, reason },
    });
  }
  return alerts.length;
}

/**
 * What saved searches hear from other modules (decision 0027): a tractor live (or its first look over) or cheaper
 * alerts matching searches.
 */
export function savedSearchesSubscriptions(events: DomainEventBus): void {
  events.subscribe('listing.published', 'saved-searches.new', (ctx, tx, e) =>
    alertSavedSearches(ctx, tx, e.listingId, 'new'),
  );
  events.subscribe('listing.repriced', 'saved-searches.cheaper', (ctx, tx, e) =>
    alertSavedSearches(ctx, tx, e.listingId, 'cheaper'),
  );
  // The dealers a first look kept out hear of the tractor when it ends, once (decision 0057).
  events.subscribe('listing.first-look-ended', 'saved-searches.first-look-ended', async (ctx, tx, e) =>
    alertSavedSearches(ctx, tx, e.listingId, 'new', await firstLookOverAt(tx, e.listingId, ctx.clock.now())),
  );
}
