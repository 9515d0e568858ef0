import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OutboxStatus } from '../../../domain/admin.js';
import type { InquiryStatus } from '../../../domain/inquiries.js';
import type { Condition, ListingStatus } from '../../../domain/listings.js';
import type { OfferStatus, OfferType } from '../../../domain/offers.js';
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
    lastDigestAt: ts('last_digest_at'),
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
    priceCents: money('price_cents').notNull().default(0),
    location: text('location').notNull(),
    condition: text('condition').$type<Condition>().notNull().default('Excellent'),
    description: text('description').notNull().default(''),
    transmission: text('transmission'),
    frontLoader: boolean('front_loader').notNull().default(false),
    otherInfo: text('other_info'),
    status: text('status').$type<ListingStatus>().notNull().default('active'),
    // Specification fields (docs/product/listings.md#a-listing); shown only when they have a value.
    engineHours: integer('engine_hours'),
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
    // Archived instead of deleted once the listing has had an offer (issue 9); never active while archived.
    archivedAt: ts('archived_at'),
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
    check('tractor_listings_grade_check', sql`${t.gradeTenths} = 0 or ${t.gradeTenths} between 10 and 50`),
    index('tractor_listings_grade_idx').on(t.status, t.gradeTenths, t.id),
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
      sql`${t.status} in ('pending','countered','accepted','rejected','withdrawn','replaced')`,
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
    index('tractor_offers_buyer_created_idx').on(t.buyerUserId, t.createdAt.desc()),
    index('tractor_offers_listing_buyer_idx').on(t.listingId, t.buyerUserId, t.createdAt.desc()),
    index('tractor_offers_created_idx').on(t.createdAt.desc()),
    index('tractor_offers_status_idx').on(t.status),
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
    status: text('status').$type<InquiryStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('tractor_sale_inquiries_status_check', sql`${t.status} in ('pending','contacted','closed')`),
    index('tractor_sale_inquiries_created_idx').on(t.createdAt.desc()),
  ],
);

/** Insert-only (a trigger refuses UPDATE and DELETE). */
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
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt.desc()),
  ],
);

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
    removedAt: ts('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('inspection_photos_inspection_idx').on(t.inspectionId, t.createdAt)],
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
    announcements: jsonb('announcements').$type<string[]>().notNull(),
    treads: jsonb('treads').$type<Record<string, number>>().notNull(),
    ratings: jsonb('ratings').$type<Record<string, { rating: string; note: string }>>().notNull(),
    photos: jsonb('photos')
      .$type<{ id: string; checkpointId: string; storageKey: string; width: number; height: number }[]>()
      .notNull(),
    inspectorUserId: uuid('inspector_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    inspectorName: text('inspector_name').notNull(),
    publishedAt: ts('published_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inspection_revisions_number_key').on(t.inspectionId, t.number),
    index('inspection_revisions_listing_idx').on(t.listingId, t.number.desc()),
    check('inspection_revisions_grade_check', sql`${t.gradeTenths} between 10 and 50`),
  ],
);
