import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

type TableExport = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

/**
 * The one module that writes each table (decision 0026); other modules call its index.ts, passing their
 * transaction. `lib` marks shared infrastructure written only through server/src/lib (sessions, audit, events).
 * scripts/check-boundaries.ts fails on a write from any other module; the type makes every table have an owner.
 */
export const TABLE_OWNERS = {
  users: { table: 'users', owner: 'users' },
  userBrandPreferences: { table: 'user_brand_preferences', owner: 'users' },
  brands: { table: 'brands', owner: 'listings' },
  listings: { table: 'tractor_listings', owner: 'listings' },
  listingImages: { table: 'tractor_images', owner: 'listings' },
  dealerships: { table: 'dealerships', owner: 'dealerships' },
  dealershipMembers: { table: 'dealership_members', owner: 'dealerships' },
  dealershipInvites: { table: 'dealership_invites', owner: 'dealerships' },
  offers: { table: 'tractor_offers', owner: 'offers' },
  timedSales: { table: 'timed_sales', owner: 'sales' },
  timedSaleLots: { table: 'timed_sale_lots', owner: 'sales' },
  timedSaleBids: { table: 'timed_sale_bids', owner: 'sales' },
  saleInquiries: { table: 'tractor_sale_inquiries', owner: 'inquiries' },
  inquiryOffers: { table: 'inquiry_offers', owner: 'inquiries' },
  inquiryPhotos: { table: 'inquiry_photos', owner: 'inquiries' },
  auditLog: { table: 'audit_log', owner: 'lib' },
  auditChainHead: { table: 'audit_chain_head', owner: 'lib' },
  auditVerifications: { table: 'audit_verifications', owner: 'audit' },
  sessions: { table: 'sessions', owner: 'lib' },
  authTokens: { table: 'auth_tokens', owner: 'auth' },
  rateLimits: { table: 'rate_limits', owner: 'lib' },
  outbox: { table: 'outbox', owner: 'mail' },
  domainEvents: { table: 'domain_events', owner: 'lib' },
  notificationSends: { table: 'notification_sends', owner: 'notifications' },
  jobRuns: { table: 'job_runs', owner: 'notifications' },
  inspections: { table: 'inspections', owner: 'inspections' },
  inspectionRatings: { table: 'inspection_ratings', owner: 'inspections' },
  inspectionPhotos: { table: 'inspection_photos', owner: 'inspections' },
  inspectionRevisions: { table: 'inspection_revisions', owner: 'inspections' },
  watchlistItems: { table: 'watchlist_items', owner: 'watchlist' },
  recentViews: { table: 'recent_views', owner: 'watchlist' },
  savedSearches: { table: 'saved_searches', owner: 'saved-searches' },
  savedSearchSends: { table: 'saved_search_sends', owner: 'saved-searches' },
  wantLists: { table: 'want_lists', owner: 'want-lists' },
  inquiryMatches: { table: 'inquiry_matches', owner: 'want-lists' },
  wantListSends: { table: 'want_list_sends', owner: 'want-lists' },
  listingFirstLooks: { table: 'listing_first_looks', owner: 'listings' },
  listingFirstLookDealers: { table: 'listing_first_look_dealers', owner: 'listings' },
  documentCounters: { table: 'document_counters', owner: 'purchases' },
  purchases: { table: 'purchases', owner: 'purchases' },
  purchaseEvents: { table: 'purchase_events', owner: 'purchases' },
  invoices: { table: 'invoices', owner: 'purchases' },
  purchaseClaims: { table: 'purchase_claims', owner: 'purchases' },
  creditNotes: { table: 'credit_notes', owner: 'purchases' },
  purchaseLedgerEntries: { table: 'purchase_ledger_entries', owner: 'purchases' },
  purchaseMoneyCommands: { table: 'purchase_money_commands', owner: 'purchases' },
  marketSales: { table: 'market_sales', owner: 'market' },
  dataExports: { table: 'data_exports', owner: 'data-exports' },
} as const satisfies Record<TableExport, { table: string; owner: string }>;
