import { z } from 'zod';
import { dealerCardSchema } from './listing-schemas.js';
import { type ListingFilters, listingFilterFields, rangeChecks, stateNameSchema } from './listing-search.js';
import { CONDITIONS, LISTING_STATUSES } from './listings.js';

// Dealer tools (docs/product/dealer-tools.md): the watchlist, saved searches with alerts, recently viewed tractors.
// docs/product/dealer-tools.md

// --- Watchlist (docs/product/dealer-tools.md#watchlist) ---

/** What watchers are told about: a lower price, a new revision of the condition report, the sale. */
export const WATCH_NOTICE_KINDS = ['price_drop', 'report_changed', 'sold'] as const;
export type WatchNoticeKind = (typeof WATCH_NOTICE_KINDS)[number];

export const WATCH_NOTICE_TEXT: Record<WatchNoticeKind, string> = {
  price_drop: 'Price dropped on a tractor you watch',
  report_changed: 'Condition report changed on a tractor you watch',
  sold: 'A tractor you watch was sold',
};

export const WATCH_ADDED = 'Added to your watchlist';
export const WATCH_REMOVED = 'Removed from your watchlist';
export const WATCHLIST_EMPTY =
  'You are not watching any tractors yet. Tap the heart on a tractor to follow it.';

/** Who of the dealership added a watched tractor (docs/product/dealer-tools.md#watchlist). */
export function watchAddedByText(addedBy: { name: string; you: boolean }): string {
  return addedBy.you ? 'Added by you' : `Added by ${addedBy.name}`;
}

/** The state a watched tractor is shown with. */
export type WatchState = 'live' | 'price_changed' | 'sold' | 'unavailable';
export const WATCH_STATE_LABEL: Record<WatchState, string> = {
  live: 'Live',
  price_changed: 'Price changed',
  sold: 'Sold',
  unavailable: 'No longer listed',
};

export const watchedItemSchema = z.object({
  listing: dealerCardSchema,
  status: z.enum(LISTING_STATUSES),
  /** The asking price when the dealer started watching. */
  priceAtWatchCents: z.number(),
  state: z.enum(['live', 'price_changed', 'sold', 'unavailable']),
  watchedAt: z.string(),
  /** The member of the dealership who added it; `you` when that is the asking member. */
  addedBy: z.object({ userId: z.string(), name: z.string(), you: z.boolean() }),
});
export type WatchedItem = z.infer<typeof watchedItemSchema>;
export const watchlistSchema = z.object({ items: z.array(watchedItemSchema) });
export const watchIdsSchema = z.object({ listingIds: z.array(z.string()) });
export const watchAnswerSchema = z.object({
  listingId: z.string(),
  watching: z.boolean(),
  message: z.string(),
});

/** Watched tractor state: sold first, then off the inventory, then a price different from when watched. */
export function watchState(status: string, priceCents: number, priceAtWatchCents: number): WatchState {
  if (status === 'sold') return 'sold';
  if (status !== 'active') return 'unavailable';
  return priceCents !== priceAtWatchCents ? 'price_changed' : 'live';
}

// --- Saved searches (docs/product/dealer-tools.md#saved-searches) ---

export const SAVED_SEARCH_ALERTS = ['instant', 'daily', 'off'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];
export const ALERT_LABEL: Record<SavedSearchAlert, string> = {
  instant: 'Instantly',
  daily: 'In the daily e-mail',
  off: 'Off',
};

/** A name is at most this many characters (fits a card title and an e-mail subject). */
export const SAVED_SEARCH_NAME_MAX = 80;
/** A dealer keeps at most this many saved searches. */
export const SAVED_SEARCHES_MAX = 50;

export const SAVED_SEARCH_TEXT = {
  nameRequired: 'Name your search',
  nameTooLong: `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  duplicate: 'You already have a saved search with this name. Choose another name.',
  alertNeedsFilters:
    'Add at least one filter before switching alerts on: a search without filters matches every tractor.',
  tooMany: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one first.`,
  notFound: 'Saved search not found',
  saved: 'Search saved',
  empty: 'No saved searches yet. Filter the inventory and choose "Save this search".',
} as const;

const nameSchema = z
  .string({ error: SAVED_SEARCH_TEXT.nameRequired })
  .trim()
  .min(1, SAVED_SEARCH_TEXT.nameRequired)
  .max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXT.nameTooLong);

const { condition: _condition, ...scalarFilterFields } = listingFilterFields;
/**
 * The filters a search keeps, as JSON: the inventory's filters and rules (domain/listing-search.ts), conditions as
 * a list instead of the URL's comma-separated text. Prices in cents.
 */
export const savedFiltersSchema = z
  .object({
    ...scalarFilterFields,
    // Kept as the inventory stores it: the name the filter's reading gave ("IA" is saved as "Iowa").
    state: stateNameSchema.optional(),
    condition: z
      .array(z.string().refine((c) => (CONDITIONS as readonly string[]).includes(c), 'Unknown condition'))
      .max(CONDITIONS.length)
      .optional(),
  })
  .superRefine(rangeChecks);

/** The filters that narrow the inventory (sort and empty values left out). */
export function activeFilters(f: ListingFilters): Omit<ListingFilters, 'sort'> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (k === 'sort' || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    if (k === 'brand' && typeof v === 'string' && v.toLowerCase() === 'all') continue;
    out[k] = v;
  }
  return out as Omit<ListingFilters, 'sort'>;
}

export const hasFilters = (f: ListingFilters) => Object.keys(activeFilters(f)).length > 0;

const alertSchema = z.enum(SAVED_SEARCH_ALERTS, { error: 'Choose instantly, daily or off' });

/** The save dialog's own fields (the filters come from the inventory page). */
export const savedSearchFormSchema = z.object({ name: nameSchema, alert: alertSchema });

export const createSavedSearchSchema = savedSearchFormSchema
  .extend({ filters: savedFiltersSchema })
  .superRefine((v, ctx) => {
    if (v.alert !== 'off' && !hasFilters(v.filters))
      ctx.addIssue({ code: 'custom', path: ['alert'], message: SAVED_SEARCH_TEXT.alertNeedsFilters });
  });
export type CreateSavedSearch = z.infer<typeof createSavedSearchSchema>;

export const updateSavedSearchSchema = z.object({
  name: nameSchema.optional(),
  alert: alertSchema.optional(),
});

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: savedFiltersSchema,
  alert: z.enum(SAVED_SEARCH_ALERTS),
  /** Live tractors matching it now (counted up to the inventory's cap, like the inventory's own count). */
  matchCount: z.number(),
  matchCountCapped: z.boolean(),
  /** The inventory URL's query string for these filters (prices in whole dollars). */
  query: z.string(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.object({ items: z.array(savedSearchSchema) });

/**
 * The inventory page's query string for saved filters (what `filtersFromUrl` reads back): prices in whole
 * dollars, conditions comma-separated.
 */
export function filtersToQuery(f: ListingFilters): string {
  const parts: string[] = [];
  const active = activeFilters(f) as Record<string, unknown>;
  // In the inventory's field order, whatever order the stored filters come back in.
  for (const k of Object.keys(listingFilterFields)) {
    const v = active[k];
    if (v === undefined) continue;
    let value: string;
    if (k === 'priceMin' || k === 'priceMax') value = String(Math.floor(Number(v) / 100));
    else if (Array.isArray(v)) value = v.join(',');
    else value = String(v);
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(value)}`);
  }
  if (f.sort && f.sort !== 'newest') parts.push(`sort=${encodeURIComponent(f.sort)}`);
  return parts.join('&');
}

// --- Recently viewed (docs/product/dealer-tools.md#recently-viewed) ---

/** The inventory page shows a dealer's last this many opened tractors. */
export const RECENTLY_VIEWED_MAX = 20;
export const recentlyViewedSchema = z.object({ items: z.array(dealerCardSchema) });
