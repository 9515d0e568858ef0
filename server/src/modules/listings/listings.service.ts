import { z } from 'zod';
import { hoursNoticeOf } from '../../../../domain/hours-check.js';
import {
  type DealerCard,
  type FirstLookCard,
  goLiveProblems,
  goLiveRefusal,
} from '../../../../domain/listing-schemas.js';
import type { ListingFilters } from '../../../../domain/listing-search.js';
import { cappedTotal, INVENTORY_COUNT_CAP } from '../../../../domain/listing-search.js';
import { imageUrl, type ListingSpecs, type ListingStatus, SPEC_FIELDS } from '../../../../domain/listings.js';
import { hasDealerRights } from '../../../../domain/users.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { emit } from '../../lib/domain-events.js';
import { inReviewCount, saleSide } from './dealer-listings.service.js';
import { firstLookHidesFrom } from './first-look.js';
import { VARIANT_WIDTHS } from './image-files.js';
import * as images from './images.repository.js';
import { LISTING_NOT_FOUND, removeImageFiles } from './images.service.js';
import { JsonBody } from './json-body.js';
import * as repo from './listings.repository.js';
import {
  ADMIN_PAGE_SIZE,
  type adminQuerySchema,
  type DetailDto,
  dealerPageSchema,
  type ImageDto,
  type ListingInput,
  type ListingPatch,
  type ListingQuery,
  PAGE_SIZE,
  publicPageSchema,
  type Sort,
} from './listings.schemas.js';
import { firstPageCache, inventoryWrite } from './page-cache.js';
import { sampleListing, seededRandom } from './sample-listings.js';
import { decodeCursor, encodeCursor, type SearchFilters } from './search.js';

/** src (800 px) and srcset of an image; variants are never wider than the original. */
export function imageSources(storageKey: string, width: number): { src: string; srcSet: string } {
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const w of VARIANT_WIDTHS) {
    const actual = Math.min(w, width);
    if (seen.has(actual)) continue;
    seen.add(actual);
    parts.push(`${imageUrl(storageKey, w)} ${actual}w`);
  }
  return { src: imageUrl(storageKey, 800), srcSet: parts.join(', ') };
}

function cardImage(r: repo.CardRow) {
  if (!r.image_key || !r.image_width || !r.image_height) return null;
  return { ...imageSources(r.image_key, r.image_width), width: r.image_width, height: r.image_height };
}

function toCard(r: repo.CardRow): DealerCard {
  return {
    id: r.id,
    make: r.make,
    model: r.model,
    year: Number(r.year),
    hours: Number(r.hours),
    location: r.location,
    condition: r.condition,
    image: cardImage(r),
    priceCents: Number(r.price_cents),
    grade: Number(r.grade_tenths) ? Number(r.grade_tenths) / 10 : null,
    asIs: Boolean(r.as_is),
    hoursNotice: hoursNoticeOf(r.hours_corrected_from, Number(r.hours)),
  };
}

interface InventoryResult {
  rows: repo.CardRow[];
  total: number;
  totalCapped: boolean;
  brands: string[];
  nextCursor: string | null;
}

async function inventoryPage(ctx: AppContext, query: Omit<ListingQuery, 'sort'> & { sort: Sort }) {
  const { cursor: rawCursor, sort, ...filters } = query;
  const cursor = rawCursor ? decodeCursor(rawCursor, sort) : undefined;
  const f = { ...filters, status: 'active' as const, firstLookAt: ctx.clock.now() };
  // The count and the brand list do not change from page to page; only the first page computes them: the page
  // and its count in one statement, the brand list kept with the cached pages (decision 0048), both at the same
  // moment, so a make only a first look's tractor has is not offered either (decision 0057).
  const [{ rows, ...count }, brands] = cursor
    ? [{ rows: await repo.searchPage(ctx.db, f, sort, cursor, PAGE_SIZE), total: -1, capped: false }, []]
    : await Promise.all([
        repo.firstPageCounted(ctx.db, f, sort, PAGE_SIZE, INVENTORY_COUNT_CAP),
        firstPageCache(ctx).keep('brands', () => repo.activeBrands(ctx.db, f.firstLookAt)),
      ]);
  const more = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  const result: InventoryResult = {
    rows: page,
    total: await beyondCap(ctx.db, f, count),
    totalCapped: count.capped,
    brands: dedupeBrands(brands),
    nextCursor: more && last ? encodeCursor({ sort, value: last.sort_key, id: last.id }) : null,
  };
  return result;
}

/** A capped count's shown bound, "1,000+" or "10,000+" by the planner's estimate (decision 0095); else as counted. */
async function beyondCap(
  exec: Parameters<typeof repo.estimateMatches>[0],
  filters: SearchFilters,
  count: { total: number; capped: boolean },
) {
  return count.capped ? cappedTotal(await repo.estimateMatches(exec, filters)) : count.total;
}

/**
 * Live tractors matching inventory filters at `now`: the inventory's own count (saved searches show it, decision
 * 0021), without the tractors under a first look, as the inventory (docs/product/want-lists.md#first-look).
 */
export async function countInventoryMatches(
  exec: Parameters<typeof repo.countMatches>[0],
  filters: ListingFilters,
  now: Date,
) {
  const { sort: _sort, ...rest } = filters;
  const f = { ...rest, status: 'active' as const, firstLookAt: now };
  const count = await repo.countMatchesCapped(exec, f, INVENTORY_COUNT_CAP);
  return { total: await beyondCap(exec, f, count), capped: count.capped };
}

function dedupeBrands(makes: string[]): string[] {
  const byLower = new Map<string, string>();
  for (const m of makes) if (!byLower.has(m.toLowerCase())) byLower.set(m.toLowerCase(), m);
  return [...byLower.values()].sort((a, b) => a.localeCompare(b));
}

/**
 * An inventory page as the JSON body, checked against the route's response schema exactly as the serializer
 * would. First pages are kept as that body (per audience, sort and filters) in the page cache: a hit costs
 * neither SQL, nor the schema check and stringify of 24 cards, nor (after the first) compression.
 */
async function inventoryJson<Q extends Omit<ListingQuery, 'sort' | 'priceMin' | 'priceMax'> & { sort: Sort }>(
  ctx: AppContext,
  audience: 'dealer' | 'public',
  query: Q,
  schema: z.ZodType,
  shape: (page: InventoryResult) => unknown,
): Promise<JsonBody> {
  const cache = firstPageCache(ctx);
  const { cursor, ...rest } = query;
  const key = cursor ? null : JSON.stringify([audience, rest]);
  const compute = async () =>
    new JsonBody(JSON.stringify(z.encode(schema, shape(await inventoryPage(ctx, query)))));
  // First pages: concurrent misses wait for one computation, kept only if no change was announced meanwhile.
  return key ? cache.getOrCompute(key, compute) : compute();
}

/** Approved dealers and admins: the active inventory with prices. */
export async function dealerInventory(ctx: AppContext, actor: Actor, query: ListingQuery): Promise<JsonBody> {
  requireRole(actor, 'dealer', 'admin');
  return inventoryJson(ctx, 'dealer', query, dealerPageSchema, (page) => ({
    items: page.rows.map(toCard),
    total: page.total,
    totalCapped: page.totalCapped,
    nextCursor: page.nextCursor,
    brands: page.brands,
  }));
}

/**
 * The tractors whose first look the dealer's dealership holds, matching the inventory's filters: shown above the
 * inventory, which leaves them out for everyone while the window runs (docs/product/want-lists.md#first-look).
 * Per dealer, so never in the shared page cache. Admins hold none.
 */
export async function firstLookInventory(
  ctx: AppContext,
  actor: Actor,
  query: ListingQuery,
): Promise<{ items: FirstLookCard[] }> {
  requireRole(actor, 'dealer', 'admin');
  if (actor.status === 'admin') return { items: [] };
  const { cursor: _cursor, sort: _sort, ...filters } = query;
  const rows = await repo.firstLookCards(ctx.db, actor.userId, filters, ctx.clock.now());
  return {
    items: rows.map((r) => ({ ...toCard(r), firstLookEndsAt: new Date(r.first_look_ends).toISOString() })),
  };
}

/** Signed-out visitors: the same cards with the price removed (and no price filters or sorts). */
export async function publicInventory(
  ctx: AppContext,
  query: Omit<ListingQuery, 'priceMin' | 'priceMax'>,
): Promise<JsonBody> {
  return inventoryJson(ctx, 'public', query, publicPageSchema, (page) => ({
    items: page.rows.map((r) => ({ ...toCard(r), priceCents: null })),
    total: page.total,
    totalCapped: page.totalCapped,
    nextCursor: page.nextCursor,
    brands: page.brands,
  }));
}

function toImageDto(i: images.ImageRow): ImageDto {
  return {
    id: i.id,
    ...imageSources(i.storageKey, i.width),
    width: i.width,
    height: i.height,
    isPrimary: i.isPrimary,
  };
}

/**
 * The listing row if this viewer may see its tractor page, else the same 404 as for a missing id. Inactive and sold
 * listings exist only for admins, their seller and the dealer who bought it; a farmer's tractor under its first
 * look only for the dealerships granted it (want-lists.md#first-look).
 */
async function visibleListing(ctx: AppContext, viewer: Actor | null, id: string) {
  const row = await repo.listingById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  const isAdmin = viewer?.status === 'admin';
  const side = await saleSide(ctx, viewer, row);
  if (row.status !== 'active' && !isAdmin && !side.ownListing) {
    const buyer =
      viewer && hasDealerRights(viewer.status) && (await repo.boughtBy(ctx.db, id, viewer.userId));
    if (!buyer) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  }
  if (row.status === 'active' && (await firstLookHidesFrom(ctx.db, id, viewer, ctx.clock.now())))
    throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  return { row, isAdmin, side };
}

/** Whether this viewer may see the tractor page of a listing: other modules answer about a listing only then. */
export async function canSeeListing(ctx: AppContext, viewer: Actor | null, id: string): Promise<boolean> {
  try {
    await visibleListing(ctx, viewer, id);
    return true;
  } catch (e) {
    if (e instanceof AppError && e.code === 'NOT_FOUND') return false;
    throw e;
  }
}

/** A listing for the detail page (who may see it: `visibleListing`). Prices only for dealers and admins. */
export async function listingDetail(ctx: AppContext, viewer: Actor | null, id: string): Promise<DetailDto> {
  const { row, isAdmin, side } = await visibleListing(ctx, viewer, id);
  const imgs = await images.imagesOf(ctx.db, id);
  const canSeePrice = viewer !== null && hasDealerRights(viewer.status);
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    hours: row.hours,
    priceCents: canSeePrice ? row.priceCents : null,
    location: row.location,
    city: row.city,
    zip: row.zip,
    // The yard stays with FieldLot and the seller; the buyer reads it on the gate pass (decision 0041).
    yardAddress: isAdmin || side.ownListing ? row.yardAddress : null,
    yardPhone: isAdmin || side.ownListing ? row.yardPhone : null,
    yardHours: isAdmin || side.ownListing ? row.yardHours : null,
    condition: row.condition,
    description: row.description,
    transmission: row.transmission,
    frontLoader: row.frontLoader,
    otherInfo: row.otherInfo,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    grade: row.gradeTenths ? row.gradeTenths / 10 : null,
    asIsReason: row.asIsReason,
    hoursNotice: hoursNoticeOf(row.hoursCorrectedFrom, row.hours),
    specs: {
      ...(Object.fromEntries(SPEC_FIELDS.map((f) => [f.key, row[f.key]])) as ListingSpecs),
      // The serial/PIN is for dealers, like the price (docs/product/documents.md).
      serialNumber: canSeePrice ? row.serialNumber : null,
    },
    images: imgs.map(toImageDto),
    // Admins and the listing's own seller see how many dealers watch it (docs/product/dealer-tools.md).
    watchCount: isAdmin || side.ownListing ? await repo.watchCount(ctx.db, id) : null,
    ownListing: side.ownListing,
    saleContact: side.saleContact,
  };
}

/** docs/product/listings.md#listing-management: a signed-in user whose profile exists and who is approved or admin. */
export async function createListing(
  ctx: AppContext,
  actor: Actor | null,
  input: ListingInput,
  info: RequestInfo,
): Promise<{ id: string }> {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'You must be logged in to create a listing');
  const status = await repo.userStatus(ctx.db, actor.userId);
  if (!status) throw new AppError('NOT_FOUND', 'Could not find user profile');
  if (!hasDealerRights(status))
    throw new AppError('FORBIDDEN', 'Your account must be approved before you can create listings');
  // A dealer's listing is theirs to sell: saved as a Draft, live only after FieldLot's review (decision 0018).
  const seller = status === 'admin' ? {} : { sellerUserId: actor.userId, reviewStatus: 'draft' as const };
  return inventoryWrite(ctx, async (tx) => {
    // A new tractor waits for its condition report (or an admin's as-is) before it goes live (decision 0014).
    const [created] = await repo.insertListings(tx, [
      { ...input, ...seller, userId: actor.userId, status: 'inactive' },
    ]);
    await audit(tx, {
      action: 'listing.created',
      resourceType: 'listing',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { listingId: created.id, make: input.make, model: input.model },
      request: info,
    });
    return created;
  });
}

export async function adminListings(ctx: AppContext, actor: Actor, query: z.infer<typeof adminQuerySchema>) {
  requireRole(actor, 'admin');
  const cursor = query.cursor ? decodeCursor(query.cursor, 'newest') : undefined;
  // Archived listings show only under their own filter.
  const filters =
    query.status === 'archived'
      ? { q: query.q, archived: true }
      : query.status === 'in_review'
        ? { q: query.q, inReview: true, archived: false }
        : { q: query.q, status: query.status, archived: false };
  const [rows, total, inReview] = await Promise.all([
    repo.adminPage(ctx.db, filters, cursor, ADMIN_PAGE_SIZE),
    repo.countMatches(ctx.db, filters),
    inReviewCount(ctx),
  ]);
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      ...toCard(r),
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
      owner: { name: r.owner_name, email: r.owner_email },
      imageCount: Number(r.image_count),
      offerCount: Number(r.offer_count),
      watchCount: Number(r.watch_count),
      archivedAt: r.archived_at ? new Date(r.archived_at).toISOString() : null,
      reviewStatus: r.review_status,
      seller: r.seller_name ? { name: r.seller_name, companyName: r.seller_company ?? '' } : null,
    })),
    total,
    inReview,
    nextCursor:
      rows.length > ADMIN_PAGE_SIZE && last
        ? encodeCursor({ sort: 'newest', value: last.sort_key, id: last.id })
        : null,
  };
}

export async function updateListing(
  ctx: AppContext,
  actor: Actor,
  id: string,
  patch: ListingPatch,
  info: RequestInfo,
): Promise<{ id: string }> {
  requireRole(actor, 'admin');
  return inventoryWrite(ctx, async (tx) => {
    const current = await repo.lockListing(tx, id);
    if (!current) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
    const before = patch.priceCents !== undefined ? await repo.listingById(tx, id) : null;
    const oldPrice = before ? Number(before.priceCents) : null;
    // The sale price is on record in the accepted offer; the asking price of a sold tractor stays as it was.
    if (current.status === 'sold' && patch.priceCents !== undefined && oldPrice !== patch.priceCents)
      throw new AppError('CONFLICT', SOLD_PRICE_LOCKED, { fields: { priceCents: SOLD_PRICE_LOCKED } });
    const updated = await repo.updateListing(tx, id, patch, ctx.clock.now());
    if (!updated) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
    // A live tractor got cheaper: its watchers are told, and saved searches it now matches alert
    // (docs/product/dealer-tools.md#saved-searches), as subscribers of listing.repriced after commit.
    if (
      updated.status === 'active' &&
      oldPrice !== null &&
      patch.priceCents !== undefined &&
      patch.priceCents < oldPrice
    ) {
      await emit(tx, 'listing.repriced', {
        listingId: id,
        oldPriceCents: oldPrice,
        newPriceCents: patch.priceCents,
      });
    }
    await audit(tx, {
      action: 'listing.updated',
      resourceType: 'listing',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { listingId: id, fields: Object.keys(patch) },
      request: info,
    });
    return { id };
  });
}

export async function setListingActive(
  ctx: AppContext,
  actor: Actor,
  id: string,
  active: boolean,
  info: RequestInfo,
): Promise<{ id: string; status: 'active' | 'inactive' }> {
  requireRole(actor, 'admin');
  const to = active ? 'active' : 'inactive';
  return inventoryWrite(ctx, async (tx) => {
    // What the admin can fill in the form first (field by field), then the report.
    if (active) {
      const row = await repo.listingById(tx, id);
      if (row && !row.archivedAt && row.status === 'inactive') refuseIncomplete(row, { price: true });
    }
    if (active) await assertReportOrAsIs(tx, id);
    // A dealer's listing goes live through FieldLot's review, not this switch (docs/product/dealer-selling.md).
    const locked = await repo.lockListing(tx, id);
    if (active && locked?.reviewStatus && locked.reviewStatus !== 'approved')
      throw new AppError('CONFLICT', "A dealer's listing goes live when FieldLot approves it in review");
    const changed = await repo.setStatus(tx, id, active ? 'inactive' : 'active', to, ctx.clock.now());
    if (!changed) {
      const row = await repo.listingById(tx, id);
      if (!row) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
      if (row.status === 'sold')
        throw new AppError('CONFLICT', 'This tractor has been sold and cannot be changed');
      if (row.archivedAt && active)
        throw new AppError('CONFLICT', 'This listing is archived. Restore it before activating it.');
      // Already in the wanted state: nothing to do.
      return { id, status: to };
    }
    if (active) await emit(tx, 'listing.published', { listingId: id });
    await audit(tx, {
      action: active ? 'listing.activated' : 'listing.deactivated',
      resourceType: 'listing',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { listingId: id },
      request: info,
    });
    return { id, status: to };
  });
}

/**
 * A listing goes to review or live only with its condition and its whole yard (decisions 0041, 0073), and through
 * the admin's Activate with an asking price too: one refusal, a message per missing field.
 */
export function refuseIncomplete(
  row: Omit<Parameters<typeof goLiveProblems>[0], 'priceCents'> & { priceCents: number | string },
  options: { price: boolean },
) {
  const fields = goLiveProblems({ ...row, priceCents: Number(row.priceCents) }, options);
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', goLiveRefusal(fields), { fields });
}

/**
 * A listing goes live only with a published condition report or an admin's "Sold as-is, not inspected".
 * An archived one is left to the archive check (restore it first, whatever its report).
 */
async function assertReportOrAsIs(tx: Parameters<typeof repo.listingById>[0], id: string) {
  const row = await repo.listingById(tx, id);
  if (row && !row.archivedAt && row.status === 'inactive' && row.gradeTenths === 0 && !row.asIsReason)
    throw new AppError(
      'CONFLICT',
      'This tractor goes live only with a published condition report or as "Sold as-is, not inspected"',
    );
}

export const SOLD_PRICE_LOCKED = 'The price of a sold tractor cannot be changed';

export interface DeleteOutcome {
  outcome: 'deleted' | 'archived';
  offerCount: number;
  message: string;
}

/**
 * "Delete" (listings.md#archive-instead-of-delete): a listing that has ever had an offer, is sold, or has a
 * published condition report (a record too) is archived (hidden from the inventory, kept with its offer
 * history, restorable); only a listing with no offers is deleted, with its image files. The database refuses
 * the delete of a listing with offers anyway (ON DELETE RESTRICT).
 */
export async function deleteListing(
  ctx: AppContext,
  actor: Actor,
  id: string,
  info: RequestInfo,
): Promise<DeleteOutcome> {
  requireRole(actor, 'admin');
  const result = await inventoryWrite(ctx, async (tx) => {
    // Locked first: an offer being made on it (share lock) commits before, or waits until we are done.
    const row = await repo.lockListing(tx, id);
    if (!row) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
    const offerCount = await repo.offerCount(tx, id);
    const base = { actorUserId: actor.userId, actorEmail: actor.email, request: info } as const;
    if (offerCount > 0 || row.status === 'sold' || row.gradeTenths > 0) {
      if (await repo.setArchived(tx, id, true, ctx.clock.now()))
        await audit(tx, {
          ...base,
          action: 'listing.archived',
          resourceType: 'listing',
          details: { listingId: id, make: row.make, model: row.model, offers: offerCount },
        });
      return { outcome: 'archived' as const, offerCount, keys: [] as string[] };
    }
    const storageKeys = await images.storageKeysOf(tx, [id]);
    await repo.deleteListing(tx, id);
    await audit(tx, {
      ...base,
      action: 'listing.deleted',
      resourceType: 'listing',
      details: { listingId: id, make: row.make, model: row.model, images: storageKeys.length },
    });
    return { outcome: 'deleted' as const, offerCount, keys: storageKeys };
  });
  await removeImageFiles(ctx, result.keys);
  return {
    outcome: result.outcome,
    offerCount: result.offerCount,
    message:
      result.outcome === 'deleted'
        ? 'Listing deleted successfully'
        : 'Listing archived; its offer history is kept. Find it under the Archived filter.',
  };
}

/** Brings an archived listing back to the admin list (inactive, or sold); activating it is a separate step. */
export async function restoreListing(
  ctx: AppContext,
  actor: Actor,
  id: string,
  info: RequestInfo,
): Promise<{ id: string; status: ListingStatus }> {
  requireRole(actor, 'admin');
  return inventoryWrite(ctx, async (tx) => {
    const row = await repo.lockListing(tx, id);
    if (!row) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
    if (await repo.setArchived(tx, id, false, ctx.clock.now()))
      await audit(tx, {
        action: 'listing.restored',
        resourceType: 'listing',
        actorUserId: actor.userId,
        actorEmail: actor.email,
        details: { listingId: id },
        request: info,
      });
    return { id, status: row.status };
  });
}

export const SAMPLE_COUNT = 10;

/** Demo mode only: ten sample listings owned by the first approved dealer. */
export async function addSampleListings(
  ctx: AppContext,
  actor: Actor,
  info: RequestInfo,
): Promise<{ added: number; message: string }> {
  requireRole(actor, 'admin');
  if (!ctx.config.demo) throw new AppError('NOT_FOUND', 'Not found');
  const ownerId = await repo.firstApprovedUserId(ctx.db);
  if (!ownerId) throw new AppError('CONFLICT', 'No approved users found to create listings');
  const rand = seededRandom(ctx.clock.now().getTime() % 2 ** 31);
  const rows = Array.from({ length: SAMPLE_COUNT }, () => ({ ...sampleListing(rand), userId: ownerId }));
  const created = await inventoryWrite(ctx, async (tx) => {
    const ids = await repo.insertListings(tx, rows);
    await audit(tx, {
      action: 'listing.samples_added',
      resourceType: 'listing',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { count: ids.length },
      request: info,
    });
    return ids;
  });
  return { added: created.length, message: `Added ${created.length} new test listings successfully!` };
}
