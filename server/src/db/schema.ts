import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OutboxStatus } from '../../../domain/admin.js';
import type { ReviewStatus } from '../../../domain/dealer-listings.js';
import type { DealershipRole, MemberRole } from '../../../domain/dealerships.js';
import type { FarmerOfferStatus } from '../../../domain/farmer-offers.js';
import type { InquiryStatus } from '../../../domain/inquiries.js';
import type { ChargeLine, CreditBearer, LedgerEntry, Reversible } from '../../../domain/ledger.js';
import type { Condition, ListingStatus } from '../../../domain/listings.js';
import type { OfferStatus, OfferType } from '../../../domain/offers.js';
import type { PaymentMethod } from '../../../domain/payment-terms.js';
import type { Fulfilment, PurchaseStatus } from '../../../domain/purchases.js';
import type { MarketSaleSource } from '../../../domain/sale-import.js';
import type { BidKind, LotStatus } from '../../../domain/timed-sale.js';
import type { UserStatus } from '../../../domain/users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    desiredBrand1: text('desired_brand_1'),
    status: text('status').$type<UserStatus>().notNull().default('pending'),
    passwordHash: text('password_hash'),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    // Two-letter US state: a seller sees a buyer as "A dealer in Iowa" before the sale (decision 0018).
    state: text('state'),
    lastDigestAt: ts('last_digest_at'),
    // The dealer's delivery address (company address in My Account; docs/product/purchases.md#delivery-and-landed-cost).
    addressLine: text('address_line'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressZip: text('address_zip'),
    // The buyer's resale certificate number, printed on its invoices (docs/decisions/0043-deal-documents.md).
    resaleCertificate: text('resale_certificate'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_status_idx').on(t.status),
    index('users_created_at_idx').on(t.createdAt),
    check('users_status_check', sql`${t.status} in ('pending','rejected','approved','admin','inspector')`),
  ],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userBrandPreferences = pgTable(
  'user_brand_preferences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandName: text('brand_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_brand_preferences_user_brand_key').on(t.userId, t.brandName),
    index('user_brand_preferences_brand_idx').on(t.brandName),
  ],
);

export const listings = pgTable(
  'tractor_listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    hours: integer('hours').notNull().default(0),
    /** The listed hours an inspector's confirmed meter reading replaced (docs/decisions/0042-hours-corrected-at-inspection.md). */
    hoursCorrectedFrom: integer('hours_corrected_from'),
    priceCents: money('price_cents').notNull().default(0),
    location: text('location').notNull(),
    // Null: not stated yet (a farmer's draft, decision 0073); required to go live or to review.
    condition: text('condition').$type<Condition>().default('Excellent'),
    description: text('description').notNull().default(''),
    transmission: text('transmission'),
    frontLoader: boolean('front_loader').notNull().default(false),
    otherInfo: text('other_info'),
    status: text('status').$type<ListingStatus>().notNull().default('active'),
    // Specification fields (docs/product/listings.md#a-listing); shown only when they have a value.
    engineHours: integer('engine_hours'),
    // The tractor's serial number or PIN, printed on the gate pass and invoice (docs/product/documents.md).
    serialNumber: text('serial_number'),
    buildYear: integer('build_year'),
    topSpeed: text('top_speed'),
    frontLinkage: text('front_linkage'),
    frontPto: text('front_pto'),
    frontSuspension: text('front_suspension'),
    cabSuspension: text('cab_suspension'),
    midMountValves: text('mid_mount_valves'),
    gps: text('gps'),
    rearTyreSize: text('rear_tyre_size'),
    frontTyreSize: text('front_tyre_size'),
    pumpSize: text('pump_size'),
    numberOfRearRemotes: integer('number_of_rear_remotes'),
    rearRemoteType: text('rear_remote_type'),
    airBrakes: boolean('air_brakes'),
    // Lower-cased text the search matches against (docs/product/listings.md#search-and-filters) (make, model, location, description), trigram-indexed.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(make || ' ' || model || ' ' || location || ' ' || description)`),
    soldAt: ts('sold_at'),
    // The grade of the report in force, in tenths (45 = 4.5); 0 until a report is published. Sorted and filtered on.
    gradeTenths: smallint('grade_tenths').notNull().default(0),
    // An admin's "Sold as-is, not inspected": the reason, shown on every dealer screen.
    asIsReason: text('as_is_reason'),
    // Archived instead of deleted once the listing has had an offer (decision 0010); never active while
    // archived.
    archivedAt: ts('archived_at'),
    // A dealer's listing (docs/product/dealer-selling.md): the seller, their private floor price, the
    // review state beside `status` and the admin's change request. All null for FieldLot's own listings.
    sellerUserId: uuid('seller_user_id').references(() => users.id, { onDelete: 'restrict' }),
    floorPriceCents: money('floor_price_cents'),
    reviewStatus: text('review_status').$type<ReviewStatus>(),
    changeRequestReason: text('change_request_reason'),
    submittedAt: ts('submitted_at'),
    // Where the tractor stands, for delivery estimates (optional for older rows;
    // purchases.md#delivery-and-landed-cost).
    city: text('city'),
    zip: text('zip'),
    // The yard: street address, contact phone, opening hours (decision 0041); never shown to visitors.
    yardAddress: text('yard_address'),
    yardPhone: text('yard_phone'),
    yardHours: text('yard_hours'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('tractor_listings_status_check', sql`${t.status} in ('active','inactive','sold')`),
    check('tractor_listings_archived_check', sql`${t.archivedAt} is null or ${t.status} <> 'active'`),
    check('tractor_listings_year_check', sql`${t.year} between 1950 and 2100`),
    check('tractor_listings_hours_check', sql`${t.hours} >= 0`),
    check('tractor_listings_price_check', sql`${t.priceCents} >= 0`),
    index('tractor_listings_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('tractor_listings_active_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('tractor_listings_make_idx').on(sql`lower(${t.make})`, t.createdAt.desc()),
    // The brand list (makes present among active listings) is a skip scan over this one.
    index('tractor_listings_status_make_idx').on(t.status, t.make),
    // The count of a brand's active listings is an index-only scan here (make itself lets it skip the heap).
    index('tractor_listings_status_lower_make_idx').on(t.status, sql`lower(${t.make})`, t.make),
    index('tractor_listings_price_idx').on(t.status, t.priceCents, t.id),
    index('tractor_listings_year_idx').on(t.status, t.year, t.id),
    index('tractor_listings_hours_idx').on(t.status, t.hours, t.id),
    index('tractor_listings_location_idx').on(t.location),
    index('tractor_listings_user_idx').on(t.userId),
    check('tractor_listings_zip_check', sql`${t.zip} is null or ${t.zip} ~ '^[0-9]{5}$'`),
    check('tractor_listings_grade_check', sql`${t.gradeTenths} = 0 or ${t.gradeTenths} between 10 and 50`),
    index('tractor_listings_grade_idx').on(t.status, t.gradeTenths, t.id),
    check(
      'tractor_listings_review_status_check',
      sql`${t.reviewStatus} is null or ${t.reviewStatus} in ('draft','in_review','changes_requested','approved','withdrawn')`,
    ),
    check(
      'tractor_listings_seller_review_check',
      sql`(${t.sellerUserId} is null) = (${t.reviewStatus} is null)`,
    ),
    check(
      'tractor_listings_floor_price_check',
      sql`${t.floorPriceCents} is null or ${t.floorPriceCents} >= 0`,
    ),
    check(
      'tractor_listings_live_approved_check',
      sql`${t.reviewStatus} is null or ${t.status} <> 'active' or ${t.reviewStatus} = 'approved'`,
    ),
    index('tractor_listings_seller_idx').on(t.sellerUserId, t.updatedAt),
    index('tractor_listings_review_idx').on(t.reviewStatus).where(sql`${t.reviewStatus} = 'in_review'`),
    // One- and two-letter searches: a prefix of make or model (decision 0020).
    index('tractor_listings_make_prefix_idx').on(t.status, sql`lower(${t.make}) text_pattern_ops`),
    index('tractor_listings_model_prefix_idx').on(t.status, sql`lower(${t.model}) text_pattern_ops`),
    // A state filter, newest first (decision 0020).
    index('tractor_listings_location_created_idx').on(t.status, t.location, t.createdAt.desc(), t.id.desc()),
    // A state with the other filters: every condition checked in the index, the heap read only for matches
    // (decision 0023; the capped count of "ranges" at 1M went from 50 ms to 3 ms).
    index('tractor_listings_state_filters_idx').on(
      t.status,
      t.location,
      t.condition,
      t.year,
      t.hours,
      t.priceCents,
    ),
  ],
);

export const listingImages = pgTable(
  'tractor_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    // Generated storage key (no user-supplied names); variants live at `${key}-${width}.webp`.
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    imageOrder: integer('image_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('tractor_images_listing_order_idx').on(t.listingId, t.imageOrder),
    uniqueIndex('tractor_images_one_primary_key').on(t.listingId).where(sql`${t.isPrimary}`),
    // The card's primary image as an index-only scan (decision 0020).
    index('tractor_images_primary_card_idx')
      .on(t.listingId, t.storageKey, t.width, t.height)
      .where(sql`${t.isPrimary}`),
  ],
);

/** Dealership teams (migration 0012, docs/product/dealer-tools.md#dealership-teams). */
export const dealerships = pgTable(
  'dealerships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dealerships_owner_key').on(t.ownerUserId)],
);

/** One dealership per user; a removed member keeps the row (removed_at) so the account never silently rejoins. */
export const dealershipMembers = pgTable(
  'dealership_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    dealershipId: uuid('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'restrict' }),
    role: text('role').$type<DealershipRole>().notNull(),
    offerLimitCents: money('offer_limit_cents'),
    createdAt: createdAt(),
    removedAt: ts('removed_at'),
  },
  (t) => [
    check('dealership_members_role_check', sql`${t.role} in ('owner','buyer','viewer')`),
    check('dealership_members_limit_check', sql`${t.offerLimitCents} is null or ${t.offerLimitCents} >= 100`),
    index('dealership_members_dealership_idx').on(t.dealershipId),
  ],
);

/** Invitations: only the SHA-256 of the single-use token is stored. */
export const dealershipInvites = pgTable(
  'dealership_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealershipId: uuid('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    role: text('role').$type<MemberRole>().notNull(),
    offerLimitCents: money('offer_limit_cents'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'restrict' }),
    revokedAt: ts('revoked_at'),
    // When its e-mail was queued; null when it re-uses the link of one sent to the same address within a day
    // (decision 0039): a withdrawn and re-sent invitation keeps that link, so the token is unique among open ones.
    mailedAt: ts('mailed_at'),
  },
  (t) => [
    check('dealership_invites_role_check', sql`${t.role} in ('buyer','viewer')`),
    check('dealership_invites_limit_check', sql`${t.offerLimitCents} is null or ${t.offerLimitCents} >= 100`),
    uniqueIndex('dealership_invites_token_key')
      .on(t.tokenHash)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    uniqueIndex('dealership_invites_open_key')
      .on(t.dealershipId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

export const offers = pgTable(
  'tractor_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Offers (and purchases, the accepted ones) are records: the database refuses to delete what they point at.
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    offerType: text('offer_type').$type<OfferType>().notNull(),
    offerAmountCents: money('offer_amount_cents').notNull(),
    originalPriceCents: money('original_price_cents').notNull(),
    message: text('message').notNull().default(''),
    status: text('status').$type<OfferStatus>().notNull().default('pending'),
    counterOfferAmountCents: money('counter_offer_amount_cents'),
    counterMessage: text('counter_message'),
    idempotencyKey: text('idempotency_key'),
    acceptedAt: ts('accepted_at'),
    // Under the seller's floor when made: open like any offer, unseen by the seller, and answered by expiry
    // (decision 0039, docs/product/dealer-selling.md#floor-price).
    belowFloor: boolean('below_floor').notNull().default(false),
    // The dealership the offer belongs to (migration 0012); buyer_user_id is the member who acted. Null for admins.
    dealershipId: uuid('dealership_id').references(() => dealerships.id, { onDelete: 'restrict' }),
    // Open offers and counters expire then (migration 0011, docs/product/dealer-tools.md).
    expiresAt: ts('expires_at').notNull().default(sql`(now() + interval '48 hours')`),
    // The condition report revision in force at acceptance (set by a trigger, migration 0007).
    inspectionRevisionId: uuid('inspection_revision_id').references(() => inspectionRevisions.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('tractor_offers_type_check', sql`${t.offerType} in ('buy_now','offer')`),
    check(
      'tractor_offers_status_check',
      sql`${t.status} in ('pending','countered','accepted','rejected','withdrawn','replaced','expired','returned')`,
    ),
    check('tractor_offers_amount_check', sql`${t.offerAmountCents} >= 100`),
    check(
      'tractor_offers_counter_check',
      sql`${t.status} <> 'countered' or ${t.counterOfferAmountCents} is not null`,
    ),
    // One accepted offer per listing, whatever the code does.
    uniqueIndex('tractor_offers_one_accepted_key').on(t.listingId).where(sql`${t.status} = 'accepted'`),
    // One open offer per dealer per listing: a new one replaces the open one.
    uniqueIndex('tractor_offers_one_open_key')
      .on(t.listingId, t.buyerUserId)
      .where(sql`${t.status} in ('pending','countered')`),
    uniqueIndex('tractor_offers_idempotency_key').on(t.buyerUserId, t.idempotencyKey),
    // A Timed Sale lot's win becomes one offer, whoever the buyer (its key names the lot; docs/product/timed-sale.md#the-close).
    uniqueIndex('tractor_offers_one_per_timed_sale_lot_key')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} like 'timed-sale-lot-%'`),
    index('tractor_offers_buyer_created_idx').on(t.buyerUserId, t.createdAt.desc()),
    index('tractor_offers_listing_buyer_idx').on(t.listingId, t.buyerUserId, t.createdAt.desc()),
    index('tractor_offers_created_idx').on(t.createdAt.desc()),
    index('tractor_offers_status_idx').on(t.status),
    index('tractor_offers_dealership_created_idx').on(t.dealershipId, t.createdAt.desc().nullsFirst()),
    index('tractor_offers_open_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('pending','countered')`),
  ],
);

export const saleInquiries = pgTable(
  'tractor_sale_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    make: text('make'),
    model: text('model'),
    year: integer('year'),
    hours: integer('hours'),
    location: text('location'),
    condition: text('condition'),
    description: text('description'),
    email: text('email').notNull(),
    transmission: text('transmission'),
    // Optional, for the admin to call the seller (docs/product/selling.md#sell-form); never shown to dealers.
    phone: text('phone'),
    status: text('status').$type<InquiryStatus>().notNull().default('pending'),
    // The FieldLot draft listing an accepted offer made (docs/decisions/0050-farmer-offer-flow.md).
    draftListingId: uuid('draft_listing_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'tractor_sale_inquiries_status_check',
      sql`${t.status} in ('pending','contacted','offer_sent','offer_accepted','offer_declined','offer_expired','closed')`,
    ),
    index('tractor_sale_inquiries_created_idx').on(t.createdAt.desc()),
  ],
);

/**
 * Offers sent to a farmer for an inquiry (docs/decisions/0045-farmer-offers.md). A trigger refuses DELETE and any
 * change except the answer (status, answered_at); only the token's hash is stored.
 */
export const inquiryOffers = pgTable(
  'inquiry_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inquiryId: uuid('inquiry_id')
      .notNull()
      .references(() => saleInquiries.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    validUntil: ts('valid_until').notNull(),
    pickup: text('pickup').notNull(),
    message: text('message').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    status: text('status').$type<FarmerOfferStatus>().notNull().default('sent'),
    sentBy: uuid('sent_by').notNull(),
    answeredAt: ts('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'inquiry_offers_status_check',
      sql`${t.status} in ('sent','accepted','declined','call_requested','superseded')`,
    ),
    check('inquiry_offers_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= 1000000000`),
    uniqueIndex('inquiry_offers_token_hash_idx').on(t.tokenHash),
    index('inquiry_offers_inquiry_idx').on(t.inquiryId, t.createdAt),
  ],
);

/**
 * The sell form's photos, stored at inquiry time under `inquiries/` (never served to anyone but admins). A trigger
 * refuses UPDATE and DELETE (docs/decisions/0050-farmer-offer-flow.md).
 */
export const inquiryPhotos = pgTable(
  'inquiry_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inquiryId: uuid('inquiry_id')
      .notNull()
      .references(() => saleInquiries.id),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: smallint('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('inquiry_photos_inquiry_position_key').on(t.inquiryId, t.position)],
);

/**
 * Insert-only (a trigger refuses UPDATE and DELETE) and hash-chained: a BEFORE INSERT trigger gives each row the
 * next `chain_seq`, the previous row's hash and its own (decision 0081, docs/product/security.md#audit-log).
 * The chain columns are always set by that trigger; the client-side defaults only satisfy the insert type.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull().default('security'),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
    chainSeq: bigint('chain_seq', { mode: 'number' })
      .notNull()
      .$defaultFn(() => 0),
    prevHash: text('prev_hash')
      .notNull()
      .$defaultFn(() => ''),
    rowHash: text('row_hash')
      .notNull()
      .$defaultFn(() => ''),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt.desc()),
    uniqueIndex('audit_log_chain_seq_key').on(t.chainSeq),
  ],
);

/** The audit chain's last link, one row: the insert trigger locks it, so concurrent writers queue (decision 0081). */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: boolean('id').primaryKey().default(true),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    lastHash: text('last_hash').notNull(),
  },
  (t) => [check('audit_chain_head_one_row', sql`${t.id}`)],
);

/** The nightly chain verification, one row per day: inserting the day's row claims the run (decision 0081). */
export const auditVerifications = pgTable('audit_verifications', {
  day: date('day').primaryKey(),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  ok: boolean('ok'),
  rowsChecked: integer('rows_checked'),
  /** created_at of the last row checked: "verified through" this time. */
  throughAt: ts('through_at'),
  throughSeq: bigint('through_seq', { mode: 'number' }),
  headHash: text('head_hash'),
  problems: jsonb('problems'),
});

/** Server-side sessions; `id` is the SHA-256 of the cookie's random token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time tokens of e-mailed links, stored as SHA-256 hashes. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id'),
    redirectTo: text('redirect_to'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('auth_tokens_kind_check', sql`${t.kind} in ('sign_in','reset')`),
    index('auth_tokens_user_kind_idx').on(t.userId, t.kind),
  ],
);

/** Fixed-window counters with a block, updated atomically with one upsert. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: ts('window_start').notNull(),
  blockedUntil: ts('blocked_until'),
});

/** Transactional outbox: written with the change that causes the mail, sent by a worker. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    check('outbox_status_check', sql`${t.status} in ('pending','sending','sent','failed')`),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
  ],
);

/**
 * Domain events (decision 0027): written by `emit` in the transaction of the change, delivered after commit to the
 * subscribers registered at buildApp, each row in one transaction with their effects; retried with backoff.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    check('domain_events_status_check', sql`${t.status} in ('pending','delivered','failed')`),
    index('domain_events_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Which listing was already sent to which dealer by which notification kind: nothing is sent twice. */
export const notificationSends = pgTable(
  'notification_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId, t.kind] })],
);

/** Once-only scheduled runs (e.g. the daily digest of one day), claimed by inserting the key. */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    runKey: text('run_key').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    result: jsonb('result'),
  },
  (t) => [primaryKey({ columns: [t.name, t.runKey] })],
);

/** One inspection per listing: the working draft the inspector edits (details here, answers and photos below). */
export const inspections = pgTable(
  'inspections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    serial: text('serial').notNull().default(''),
    hourMeter: integer('hour_meter'),
    announcements: jsonb('announcements').$type<string[]>().notNull().default([]),
    treads: jsonb('treads').$type<Record<string, number>>().notNull().default({}),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inspections_listing_key').on(t.listingId),
    check('inspections_hour_meter_check', sql`${t.hourMeter} is null or ${t.hourMeter} >= 0`),
  ],
);

/** The draft's answer per checkpoint, saved as the inspector gives it. */
export const inspectionRatings = pgTable(
  'inspection_ratings',
  {
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    checkpointId: text('checkpoint_id').notNull(),
    rating: text('rating'),
    note: text('note').notNull().default(''),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * When the answer was given on the phone (its clock, never later than the server's) and which browser gave
     * it: of two phones' answers to a checkpoint the later one wins (docs/product/condition-reports.md#two-phones).
     */
    changedAt: ts('changed_at'),
    deviceId: text('device_id'),
  },
  (t) => [
    primaryKey({ name: 'inspection_ratings_pk', columns: [t.inspectionId, t.checkpointId] }),
    check(
      'inspection_ratings_rating_check',
      sql`${t.rating} is null or ${t.rating} in ('ok','monitor','repair','na')`,
    ),
    check('inspection_ratings_note_check', sql`length(${t.note}) <= 1000`),
  ],
);

/** Photos of a checkpoint (WebP variants in storage, like listing images); removed ones are only marked. */
export const inspectionPhotos = pgTable(
  'inspection_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    checkpointId: text('checkpoint_id').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'restrict' }),
    /** The phone's id of the photo, made when it was taken: a photo sent again is stored once (decision 0086). */
    clientId: uuid('client_id'),
    /** SHA-256 (hex) of the bytes the phone sent, before re-encoding: the phone compares it with its own. */
    sha256: text('sha256'),
    /** A recording's audio type (the engine sound, kept as recorded); null for photos (WebP variants). */
    mediaType: text('media_type'),
    removedAt: ts('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('inspection_photos_inspection_idx').on(t.inspectionId, t.createdAt),
    uniqueIndex('inspection_photos_client_id_key').on(t.clientId),
  ],
);

/** A published report: a frozen copy of the draft (insert-only, a trigger refuses UPDATE and DELETE). */
export const inspectionRevisions = pgTable(
  'inspection_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'restrict' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    gradeTenths: smallint('grade_tenths').notNull(),
    serial: text('serial').notNull(),
    hourMeter: integer('hour_meter').notNull(),
    /** The listed hours this revision's confirmed meter reading replaced (docs/decisions/0042-hours-corrected-at-inspection.md). */
    hoursCorrectedFrom: integer('hours_corrected_from'),
    announcements: jsonb('announcements').$type<string[]>().notNull(),
    treads: jsonb('treads').$type<Record<string, number>>().notNull(),
    ratings: jsonb('ratings').$type<Record<string, { rating: string; note: string }>>().notNull(),
    photos: jsonb('photos')
      .$type<
        {
          id: string;
          checkpointId: string;
          storageKey: string;
          width: number;
          height: number;
          /** The engine-sound recording's audio type; absent on photos. */
          mediaType?: string | null;
        }[]
      >()
      .notNull(),
    inspectorUserId: uuid('inspector_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    inspectorName: text('inspector_name').notNull(),
    /** The phone's id of the submission that published it: a submission sent again publishes once (0086). */
    submissionId: uuid('submission_id'),
    publishedAt: ts('published_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inspection_revisions_number_key').on(t.inspectionId, t.number),
    uniqueIndex('inspection_revisions_submission_key').on(t.submissionId),
    index('inspection_revisions_listing_idx').on(t.listingId, t.number.desc().nullsFirst()),
    check('inspection_revisions_grade_check', sql`${t.gradeTenths} between 10 and 50`),
  ],
);

/**
 * A dealership's watched tractors (docs/product/dealer-tools.md#watchlist), with the price when watched:
 * one per (dealership, tractor); `userId` is the member who added it (an admin's watches have no dealership).
 */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealershipId: uuid('dealership_id').references(() => dealerships.id, { onDelete: 'restrict' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    priceAtWatchCents: money('price_at_watch_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watchlist_items_dealership_listing_key').on(t.dealershipId, t.listingId),
    uniqueIndex('watchlist_items_own_listing_key')
      .on(t.userId, t.listingId)
      .where(sql`${t.dealershipId} is null`),
    index('watchlist_items_listing_idx').on(t.listingId),
  ],
);

/**
 * A dealer's saved inventory search (docs/product/dealer-tools.md#saved-searches): the inventory's filters
 * (domain/listing-search.ts, prices in cents) and the alert setting. Brand preferences became these (0010).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    alert: text('alert').$type<'instant' | 'daily' | 'off'>().notNull().default('off'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_name_key').on(t.userId, sql`lower(${t.name})`),
    index('saved_searches_alert_idx').on(t.alert),
    check('saved_searches_alert_check', sql`${t.alert} in ('instant','daily','off')`),
    check('saved_searches_name_check', sql`length(${t.name}) between 1 and 80`),
  ],
);

/** A dealer's want-list (docs/product/want-lists.md): what they would buy; matched by domain/want-lists.ts. */
export const wantLists = pgTable(
  'want_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealershipId: uuid('dealership_id').references(() => dealerships.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    modelWords: text('model_words').notNull().default(''),
    yearMin: integer('year_min'),
    yearMax: integer('year_max'),
    maxHours: integer('max_hours'),
    maxPriceCents: bigint('max_price_cents', { mode: 'number' }),
    maxDistanceMiles: integer('max_distance_miles'),
    states: text('states').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('want_lists_user_idx').on(t.userId), index('want_lists_make_idx').on(sql`lower(${t.make})`)],
);

/** A farmer's inquiry matched to a want-list, and the dealer's answer (docs/product/want-lists.md). */
export const inquiryMatches = pgTable(
  'inquiry_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inquiryId: uuid('inquiry_id')
      .notNull()
      .references(() => saleInquiries.id, { onDelete: 'cascade' }),
    wantListId: uuid('want_list_id').references(() => wantLists.id, { onDelete: 'set null' }),
    dealerUserId: uuid('dealer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealershipId: uuid('dealership_id').references(() => dealerships.id, { onDelete: 'cascade' }),
    distanceMiles: integer('distance_miles'),
    answer: text('answer').$type<'interested' | 'not_for_me'>(),
    maxPriceCents: bigint('max_price_cents', { mode: 'number' }),
    answeredAt: ts('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inquiry_matches_inquiry_dealer_key').on(t.inquiryId, t.dealerUserId),
    check(
      'inquiry_matches_answer_check',
      sql`${t.answer} is null or ${t.answer} in ('interested','not_for_me')`,
    ),
  ],
);

/** Which listing a want-list already alerted about: once per (want-list, listing) (docs/product/want-lists.md). */
export const wantListSends = pgTable(
  'want_list_sends',
  {
    wantListId: uuid('want_list_id')
      .notNull()
      .references(() => wantLists.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'want_list_sends_pk', columns: [t.wantListId, t.listingId] })],
);

/**
 * A farmer's tractor shown first to the dealerships that said they would pay at least the accepted amount
 * (docs/product/want-lists.md#first-look): the window starts when the listing first goes live.
 */
export const listingFirstLooks = pgTable('listing_first_looks', {
  listingId: uuid('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  hours: integer('hours').notNull(),
  /** Null until the listing first goes live; the window ends `hours` later. */
  startsAt: ts('starts_at'),
  createdAt: createdAt(),
});

/** The dealerships that have a listing's first look. */
export const listingFirstLookDealers = pgTable(
  'listing_first_look_dealers',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listingFirstLooks.listingId, { onDelete: 'cascade' }),
    dealershipId: uuid('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'listing_first_look_dealers_pk', columns: [t.listingId, t.dealershipId] })],
);

/** Which listing a saved search already alerted about: once per (search, listing). */
export const savedSearchSends = pgTable(
  'saved_search_sends',
  {
    searchId: uuid('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'saved_search_sends_pk', columns: [t.searchId, t.listingId] })],
);

/** The tractors a dealer opened, newest first, trimmed to the last 20 (docs/product/dealer-tools.md#recently-viewed). */
export const recentViews = pgTable(
  'recent_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'recent_views_pk', columns: [t.userId, t.listingId] }),
    index('recent_views_user_idx').on(t.userId, t.viewedAt.desc().nullsFirst()),
  ],
);

// ---------------------------------------------------------------- purchases (decision 0019, migration 0009)

/** Gapless numbers: one row per (document kind, year), incremented in the transaction that issues the number. */
export const documentCounters = pgTable(
  'document_counters',
  { name: text('name').notNull(), year: integer('year').notNull(), value: integer('value').notNull() },
  (t) => [primaryKey({ name: 'document_counters_pk', columns: [t.name, t.year] })],
);

/** An accepted offer's way to a closed deal (docs/product/purchases.md). Never deleted (trigger). */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    inspectionRevisionId: uuid('inspection_revision_id').references(() => inspectionRevisions.id, {
      onDelete: 'restrict',
    }),
    priceCents: money('price_cents').notNull(),
    buyerFeeCents: money('buyer_fee_cents').notNull(),
    status: text('status').$type<PurchaseStatus>().notNull().default('awaiting_payment'),
    statusBeforeDispute: text('status_before_dispute').$type<PurchaseStatus>(),
    cancelReason: text('cancel_reason'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    fulfilment: text('fulfilment').$type<Fulfilment>(),
    deliveryCents: money('delivery_cents'),
    deliveryMiles: integer('delivery_miles'),
    deliveryTo: text('delivery_to'),
    totalCents: money('total_cents'),
    // Credited, paid and refunded amounts live in purchase_ledger_entries (migration 0020, decision 0033).
    releaseCode: text('release_code'),
    releasedAt: ts('released_at'),
    carrier: text('carrier'),
    pickupDate: date('pickup_date', { mode: 'string' }),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    handedOverAt: ts('handed_over_at'),
    titleReceivedAt: date('title_received_at', { mode: 'string' }),
    titleSentAt: ts('title_sent_at'),
    titleCarrier: text('title_carrier'),
    titleTracking: text('title_tracking'),
    guaranteeEndsAt: ts('guarantee_ends_at'),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    // The offer's dealership (migration 0014): its members read the purchase; buyer_user_id is the member who acted.
    dealershipId: uuid('dealership_id').references(() => dealerships.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_number_key').on(t.number),
    uniqueIndex('purchases_offer_key').on(t.offerId),
    index('purchases_buyer_idx').on(t.buyerUserId, t.createdAt.desc().nullsFirst()),
    index('purchases_status_idx').on(t.status, t.dueDate),
    // The seller dealer's sold tractors and the dealership's purchases (migration 0014).
    index('purchases_seller_idx').on(t.sellerUserId, t.createdAt.desc().nullsFirst()),
    index('purchases_dealership_idx').on(t.dealershipId, t.createdAt.desc().nullsFirst()),
    check(
      'purchases_status_check',
      sql`${t.status} in ('awaiting_payment','paid','released','picked_up','delivered','title_sent','complete','cancelled','in_dispute')`,
    ),
    check(
      'purchases_fulfilment_check',
      sql`${t.fulfilment} is null or ${t.fulfilment} in ('collect','delivery')`,
    ),
    check('purchases_money_check', sql`${t.priceCents} >= 0 and ${t.buyerFeeCents} >= 0`),
  ],
);

/** The timeline of a purchase: insert-only. */
export const purchaseEvents = pgTable(
  'purchase_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('purchase_events_purchase_idx').on(t.purchaseId, t.id)],
);

export interface InvoiceLine {
  label: string;
  cents: number;
}
export interface BillTo {
  companyName: string;
  name: string;
  email: string;
  address: string | null;
  // Copied at issue like the rest, so the invoice never changes (docs/decisions/0043-deal-documents.md).
  resaleCertificate?: string | null;
}

/** An invoice never changes (trigger); a correction is a credit note. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    billTo: jsonb('bill_to').$type<BillTo>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    totalCents: money('total_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_purchase_key').on(t.purchaseId),
  ],
);

/** A guarantee claim: status-only updates, never deleted. */
export const purchaseClaims = pgTable(
  'purchase_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    dealerUserId: uuid('dealer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    checkpoints: jsonb('checkpoints').$type<string[]>().notNull(),
    description: text('description').notNull(),
    photos: jsonb('photos')
      .$type<{ storageKey: string; width: number; height: number }[]>()
      .notNull()
      .default([]),
    status: text('status').$type<'open' | 'credited' | 'returned' | 'denied'>().notNull().default('open'),
    answer: text('answer'),
    creditCents: money('credit_cents'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'restrict' }),
    answeredAt: ts('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('purchase_claims_one_open_key').on(t.purchaseId).where(sql`${t.status} = 'open'`),
    check('purchase_claims_status_check', sql`${t.status} in ('open','credited','returned','denied')`),
  ],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    claimId: uuid('claim_id').references(() => purchaseClaims.id, { onDelete: 'restrict' }),
    // The ledger entry the note stands for: a claim's credit, or a cancellation's reversal of the price (migration
    // 0036, decision 0076); the amount is the ledger's, the note is its document.
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => purchaseLedgerEntries.id, {
      onDelete: 'restrict',
    }),
    number: text('number').notNull(),
    amountCents: money('amount_cents').notNull(),
    reason: text('reason').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    check('credit_notes_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A purchase's money, one insert-only entry per movement (docs/product/purchases.md#the-ledger, decision 0033):
 * the shape of `ledgerEntrySchema` in domain/ledger.ts. A trigger refuses UPDATE and DELETE (migration 0020).
 */
export const purchaseLedgerEntries = pgTable(
  'purchase_ledger_entries',
  {
    // A sequence: entries with the same timestamp keep the order they were written in.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<LedgerEntry['kind']>().notNull(),
    line: text('line').$type<ChargeLine>(),
    of: text('of').$type<Reversible>(),
    bornBy: text('born_by').$type<CreditBearer>(),
    amountCents: money('amount_cents').notNull(),
    method: text('method').$type<PaymentMethod>(),
    reference: text('reference'),
    paidOn: date('paid_on', { mode: 'string' }),
    reason: text('reason'),
    // The claim a credit answers (its bearer shows on the claim).
    claimId: uuid('claim_id').references(() => purchaseClaims.id, { onDelete: 'restrict' }),
    at: ts('at').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchase_ledger_entries_purchase_idx').on(t.purchaseId, t.id),
    index('purchase_ledger_entries_at_idx').on(t.at),
    check(
      'purchase_ledger_entries_kind_check',
      sql`${t.kind} in ('charge','seller_payable','payment','credit','refund','payout','seller_repayment','reversal')`,
    ),
    check('purchase_ledger_entries_amount_check', sql`${t.amountCents} > 0`),
    check(
      'purchase_ledger_entries_line_check',
      sql`(${t.kind} = 'charge') = (${t.line} is not null) and (${t.line} is null or ${t.line} in ('price','buyer_fee','delivery'))`,
    ),
    check(
      'purchase_ledger_entries_of_check',
      sql`(${t.kind} = 'reversal') = (${t.of} is not null) and (${t.of} is null or ${t.of} in ('price','buyer_fee','delivery','seller_payable','credit_fieldlot','credit_seller'))`,
    ),
    check(
      'purchase_ledger_entries_born_by_check',
      sql`(${t.kind} = 'credit') = (${t.bornBy} is not null) and (${t.bornBy} is null or ${t.bornBy} in ('fieldlot','seller'))`,
    ),
    check(
      'purchase_ledger_entries_move_check',
      sql`(${t.kind} in ('payment','refund','payout','seller_repayment')) = (${t.method} is not null and ${t.reference} is not null and ${t.paidOn} is not null) and (${t.method} is null or ${t.method} in ('wire','ach','check','other'))`,
    ),
    check(
      'purchase_ledger_entries_reason_check',
      // Credits and reversals always carry a reason; a payout may (why it was paid before the guarantee ended).
      sql`(${t.kind} in ('credit','reversal') and ${t.reason} is not null) or ${t.kind} = 'payout' or ${t.reason} is null`,
    ),
  ],
);

/**
 * The money commands a purchase has taken under an Idempotency-Key (docs/product/purchases.md#exactly-once,
 * decision 0067): written in the command's transaction, under the purchase's row lock, so the same request again
 * answers the first result and never books its money twice. Insert-only, like the ledger.
 */
export const purchaseMoneyCommands = pgTable(
  'purchase_money_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    requestKey: text('request_key').notNull(),
    // payment, refund, payout, seller_repayment, cancel, claim_answer, choose_fulfilment
    command: text('command').notNull(),
    // sha-256 of the command and its parsed body: the same key with another body is refused.
    fingerprint: text('fingerprint').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('purchase_money_commands_request_key').on(t.purchaseId, t.requestKey)],
);

/**
 * Recorded tractor sales that FieldLot Value and the market charts learn from (docs/product/fieldlot-value.md,
 * docs/decisions/0046-fieldlot-value.md). No buyer or seller is stored: the sale is anonymous by construction.
 * `source` 'demo' rows are written only by demo seeding, never in production. Imported sales ('auction', 'dealer':
 * docs/product/sale-imports.md, decision 0079) carry their `source_id`, unique per source, and may lack year,
 * hours, grade or state; FieldLot's own and demo rows keep them required (`market_sales_own_facts_check`).
 */
export const marketSales = pgTable(
  'market_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    soldOn: date('sold_on').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    family: text('family').notNull(),
    year: integer('year'),
    hours: integer('hours'),
    gradeTenths: smallint('grade_tenths'),
    state: text('state'),
    zip: text('zip'),
    priceCents: money('price_cents').notNull(),
    source: text('source').$type<MarketSaleSource>().notNull(),
    sourceId: text('source_id'),
    horsepower: real('horsepower'),
    sizeClass: text('size_class'),
    drive: text('drive'),
    cab: text('cab'),
    transmission: text('transmission'),
    /** A front loader with the tractor; null when the record does not say (decision 0098). */
    loader: boolean('loader'),
    purchaseId: uuid('purchase_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('market_sales_family_sold_on_idx').on(t.make, t.family, t.soldOn),
    uniqueIndex('market_sales_purchase_idx').on(t.purchaseId),
    uniqueIndex('market_sales_source_id_idx').on(t.source, t.sourceId),
    check('market_sales_source_check', sql`${t.source} in ('fieldlot','demo','auction','dealer')`),
    check(
      'market_sales_own_facts_check',
      sql`case when ${t.source} in ('fieldlot','demo') then ${t.sourceId} is null and ${t.year} is not null and ${t.hours} is not null and ${t.gradeTenths} is not null and ${t.state} is not null else ${t.sourceId} is not null end`,
    ),
    check('market_sales_price_check', sql`${t.priceCents} > 0`),
  ],
);

/**
 * A dealership owner's "Download all our data" (docs/product/accounts.md#download-all-our-data, decision 0082):
 * queued by the request, claimed by one worker (SKIP LOCKED with a lease), built into a ZIP in storage, and
 * e-mailed as a link that works once for 7 days. Only the SHA-256 of the link's token is kept.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealershipId: uuid('dealership_id')
      .notNull()
      .references(() => dealerships.id, { onDelete: 'restrict' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<'queued' | 'building' | 'ready' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    tokenHash: text('token_hash'),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at'),
    downloadedAt: ts('downloaded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('data_exports_status_check', sql`${t.status} in ('queued','building','ready','failed')`),
    uniqueIndex('data_exports_token_key').on(t.tokenHash),
    // One export in the making per dealership: asking again while it is built answers the same one.
    uniqueIndex('data_exports_one_open_key')
      .on(t.dealershipId)
      .where(sql`${t.status} in ('queued','building')`),
    index('data_exports_dealership_idx').on(t.dealershipId, t.createdAt.desc()),
    index('data_exports_due_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The weekly Timed Sale (docs/product/timed-sale.md): a sale an admin sets up, its lots (live listings put in by
 * their sellers, closing one every interval), and every accepted bid.
 */
export const timedSales = pgTable(
  'timed_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startsAt: ts('starts_at').notNull(),
    firstCloseAt: ts('first_close_at').notNull(),
    intervalSeconds: integer('interval_seconds').notNull().default(60),
    // Times in refusals and e-mails are written in this zone when the dealer's own is not known.
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    // Claimed once, by the instance that tells the watchers the sale starts within the hour (its notices are sent
    // in the claiming transaction): docs/product/timed-sale.md#notices.
    startingNoticeAt: ts('starting_notice_at'),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('timed_sales_interval_check', sql`${t.intervalSeconds} between 30 and 300`),
    check('timed_sales_close_after_start_check', sql`${t.firstCloseAt} > ${t.startsAt}`),
    index('timed_sales_starts_idx').on(t.startsAt),
  ],
);

export const timedSaleLots = pgTable(
  'timed_sale_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => timedSales.id, { onDelete: 'restrict' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    // Who put it in (the listing's seller, or the admin for FieldLot's own).
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reserveCents: money('reserve_cents'),
    opensAt: ts('opens_at').notNull(),
    closesAt: ts('closes_at').notNull(),
    status: text('status').$type<LotStatus>().notNull().default('open'),
    priceCents: money('price_cents'),
    leaderUserId: uuid('leader_user_id').references(() => users.id, { onDelete: 'restrict' }),
    leaderDealershipId: uuid('leader_dealership_id').references(() => dealerships.id, {
      onDelete: 'restrict',
    }),
    leaderMaxCents: money('leader_max_cents'),
    bidCount: integer('bid_count').notNull().default(0),
    // Bidders in the order of their first bid ("Bidder 1", "Bidder 2"...).
    bidders: jsonb('bidders').$type<string[]>().notNull().default([]),
    closedAt: ts('closed_at'),
    ifDeadline: ts('if_deadline'),
    // The accepted offer the win became (its purchase is the purchases module's): one per lot.
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'timed_sale_lots_status_check',
      sql`${t.status} in ('open','sold','if_pending','if_accepted','unsold')`,
    ),
    uniqueIndex('timed_sale_lots_position_key').on(t.saleId, t.position),
    // A tractor is in at most one running sale at a time.
    uniqueIndex('timed_sale_lots_one_running_key')
      .on(t.listingId)
      .where(sql`${t.status} in ('open','if_pending')`),
    uniqueIndex('timed_sale_lots_offer_key').on(t.offerId),
    index('timed_sale_lots_open_closes_idx').on(t.closesAt).where(sql`${t.status} = 'open'`),
    index('timed_sale_lots_if_deadline_idx').on(t.ifDeadline).where(sql`${t.status} = 'if_pending'`),
  ],
);

/** Every accepted bid or maximum, written once (insert-only): the lot's history and the bids' audit. */
export const timedSaleBids = pgTable(
  'timed_sale_bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => timedSaleLots.id, { onDelete: 'restrict' }),
    bidderUserId: uuid('bidder_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    dealershipId: uuid('dealership_id').references(() => dealerships.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<BidKind>().notNull(),
    amountCents: money('amount_cents').notNull(),
    priceAfterCents: money('price_after_cents').notNull(),
    leaderAfterUserId: uuid('leader_after_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('timed_sale_bids_kind_check', sql`${t.kind} in ('bid','max')`),
    uniqueIndex('timed_sale_bids_idempotency_key').on(t.bidderUserId, t.idempotencyKey),
    index('timed_sale_bids_lot_idx').on(t.lotId, t.createdAt),
  ],
);
