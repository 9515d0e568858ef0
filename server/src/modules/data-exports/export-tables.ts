/**
 * Which file of a dealership's export carries each table that holds rows about a dealership or its members
 * (docs/product/accounts.md#download-all-our-data, decision 0082). export-tables.test.ts reads the schema and fails
 * when a table with a dealership or user column is in neither list, so a new table cannot be forgotten.
 */

/** Tables exported, and the file (or files) of the ZIP that carry them. */
export const EXPORTED_TABLES = {
  users: 'account/members.json',
  user_brand_preferences: 'account/brand-preferences.json',
  sessions: 'account/sign-ins.json',
  dealerships: 'account/dealership.json',
  dealership_members: 'team/memberships.json',
  dealership_invites: 'team/invitations.json',
  tractor_listings: 'listings/listings.json',
  tractor_offers: 'offers/made.json',
  purchases: 'purchases/bought.json',
  purchase_events: 'purchases/bought.json',
  purchase_claims: 'purchases/bought.json',
  invoices: 'purchases/bought.json',
  credit_notes: 'purchases/bought.json',
  purchase_ledger_entries: 'purchases/ledger.json',
  inspection_revisions: 'reports/reports.json',
  watchlist_items: 'dealer-tools/watchlist.json',
  recent_views: 'dealer-tools/recently-viewed.json',
  saved_searches: 'dealer-tools/saved-searches.json',
  want_lists: 'dealer-tools/want-lists.json',
  inquiry_matches: 'dealer-tools/farmer-tractor-matches.json',
  listing_first_look_dealers: 'dealer-tools/first-looks.json',
  notification_sends: 'notices/listing-alerts-sent.json',
  outbox: 'notices/emails.json',
  audit_log: 'audit/audit-log.json',
  data_exports: 'account/data-exports.json',
  timed_sale_bids: 'timed-sales/bids.json',
  timed_sale_lots: 'timed-sales/lots.json',
} as const satisfies Record<string, string>;

/** Tables with a dealership or user column that the export leaves out, each with why. */
export const NOT_EXPORTED_TABLES = {
  auth_tokens:
    'one-time sign-in and reset links: only hashes of credentials that expire within an hour, no content of the account',
  inspections:
    "the inspector's working draft of a report; dealers see a report once published, exported as inspection_revisions",
  inspection_photos:
    "the inspector's working photos; the published ones are in each report revision and its PDF",
  timed_sales: "a Timed Sale is FieldLot's, set up by its admins; each exported bid and lot names its sale",
  purchase_money_commands:
    "the request keys that make a money command run once; their effect is the ledger, exported, and the keys are the browser's",
} as const satisfies Record<string, string>;
