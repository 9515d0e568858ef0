import {
  type ListingStage,
  type ListingStageAction,
  listingStage,
  type ReviewStatus,
  SELLER_EDITABLE_STAGES,
  WITHDRAW_SOLD,
} from '../../../../domain/dealer-listings.js';
import type { MyListing, MyListingDetail } from '../../../../domain/dealer-listings-api.js';
import { hoursNoticeOf } from '../../../../domain/hours-check.js';
import { ledgerEntryOf, sellerLedgerSummary } from '../../../../domain/ledger-api.js';
import { imageUrl, tractorName } from '../../../../domain/listings.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { emit } from '../../lib/domain-events.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { ADMIN_LISTING_SUBMITTED, LISTING_REVIEWED } from './dealer-listings.mail.js';
import * as repo from './dealer-listings.repository.js';
import { LISTING_NOT_FOUND, NOT_EDITABLE } from './images.service.js';
import * as listingsRepo from './listings.repository.js';
import type { ListingPatch } from './listings.schemas.js';
import { imageSources, listingDetail, refuseIncomplete } from './listings.service.js';
import { inventoryWrite } from './page-cache.js';

// docs/product/dealer-selling.md: a dealer's own listings (the seller's side) and FieldLot's review of them.

const NO_REPORT =
  'This tractor goes live only with a published condition report or as "Sold as-is, not inspected"';

function refuse(action: ListingStageAction, stage: ListingStage): AppError {
  const what: Record<string, string> = {
    submit: 'Only a draft can be submitted for review',
    approve: 'Only a listing in review can be approved',
    request_changes: 'Only a listing in review can be sent back for changes',
    withdraw: stage === 'sold' ? WITHDRAW_SOLD : 'Only a live listing can be withdrawn',
  };
  return new AppError('CONFLICT', `${what[action] ?? 'This listing cannot be changed now'}: it is ${stage}`);
}

export async function myListings(ctx: AppContext, actor: Actor) {
  requireRole(actor, 'dealer', 'admin');
  const fee = ctx.config.sellerFeeCents;
  const rows = await repo.myListings(ctx.db, actor.userId);
  const items: MyListing[] = rows.map((r) => {
    const stage = listingStage({
      status: r.status,
      reviewStatus: r.review_status,
      archivedAt: r.archived_at,
    });
    const sale = r.sale_cents === null ? null : Number(r.sale_cents);
    return {
      id: r.id,
      make: r.make,
      model: r.model,
      year: Number(r.year),
      hours: Number(r.hours),
      location: r.location,
      condition: r.condition,
      grade: Number(r.grade_tenths) ? Number(r.grade_tenths) / 10 : null,
      hoursNotice: hoursNoticeOf(r.hours_corrected_from, Number(r.hours)),
      priceCents: Number(r.price_cents),
      floorPriceCents: r.floor_price_cents === null ? null : Number(r.floor_price_cents),
      stage,
      changeRequestReason: r.change_request_reason,
      image:
        r.image_key && r.image_width
          ? { src: imageUrl(r.image_key, 400), srcSet: imageSources(r.image_key, r.image_width).srcSet }
          : null,
      imageCount: Number(r.image_count),
      offerCount: Number(r.offer_count),
      watchCount: Number(r.watch_count),
      openOfferCount: Number(r.open_offer_count),
      bestOpenOffer:
        r.best_open_cents === null
          ? null
          : { amountCents: Number(r.best_open_cents), status: r.best_open_status ?? 'pending' },
      sale:
        sale === null
          ? null
          : {
              priceCents: sale,
              feeCents: fee,
              // From the sale's ledger: less the credits the seller bears (purchases.md#paying-the-seller).
              proceedsCents: sellerLedgerSummary(r.sale_ledger.map(ledgerEntryOf), {
                isDealerListing: true,
                sellerFeeCents: fee,
                priceCents: sale,
              }).sellerProceedsCents,
            },
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
  return { items, sellerFeeCents: fee };
}

/** One of the seller's listings for the edit form; another dealer's answers 404. */
export async function myListing(ctx: AppContext, actor: Actor, id: string): Promise<MyListingDetail> {
  requireRole(actor, 'dealer', 'admin');
  const row = await listingsRepo.listingById(ctx.db, id);
  if (!row || row.sellerUserId !== actor.userId) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  const listing = await listingDetail(ctx, actor, id);
  return {
    listing,
    floorPriceCents: row.floorPriceCents === null ? null : Number(row.floorPriceCents),
    stage: listingStage(row),
    changeRequestReason: row.changeRequestReason,
    images: listing.images,
    sellerFeeCents: ctx.config.sellerFeeCents,
  };
}

async function lockOwn(tx: Parameters<typeof repo.lockListing>[0], actor: Actor, id: string) {
  const row = await repo.lockListing(tx, id, actor.userId);
  if (!row?.reviewStatus) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  return { row, stage: listingStage(row) };
}

/** Edits in draft, changes requested or withdrawn; the listing becomes a draft again (to be submitted). */
export async function updateMyListing(
  ctx: AppContext,
  actor: Actor,
  id: string,
  patch: ListingPatch,
  info: RequestInfo,
): Promise<{ id: string; stage: ListingStage }> {
  requireRole(actor, 'dealer', 'admin');
  return inventoryWrite(ctx, async (tx) => {
    const { stage } = await lockOwn(tx, actor, id);
    if (!SELLER_EDITABLE_STAGES.includes(stage)) throw new AppError('CONFLICT', NOT_EDITABLE);
    await listingsRepo.updateListing(tx, id, patch, ctx.clock.now());
    await repo.setReview(
      tx,
      id,
      ['draft', 'changes_requested', 'withdrawn'],
      { reviewStatus: 'draft' },
      ctx.clock.now(),
    );
    await audit(tx, {
      action: 'listing.updated',
      resourceType: 'listing',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { listingId: id, fields: Object.keys(patch), by: 'seller' },
      request: info,
    });
    return { id, stage: 'draft' };
  });
}

/** Seller's steps: submit (draft -> in review) and withdraw (live -> withdrawn, while no offer is accepted). */
export async function sellerStep(
  ctx: AppContext,
  actor: Actor,
  id: string,
  action: 'submit' | 'withdraw',
  info: RequestInfo,
): Promise<{ id: string; stage: ListingStage }> {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  return inventoryWrite(ctx, async (tx) => {
    const { row, stage } = await lockOwn(tx, actor, id);
    let moved: boolean;
    let to: ListingStage;
    if (action === 'submit') {
      if (stage !== 'draft') throw refuse(action, stage);
      refuseIncomplete(row, { price: false });
      moved = await repo.setReview(tx, id, ['draft'], { reviewStatus: 'in_review', submittedAt: now }, now);
      to = 'in_review';
    } else {
      if (stage !== 'live') throw refuse(action, stage);
      if (await repo.buyerOf(tx, id)) throw new AppError('CONFLICT', WITHDRAW_SOLD);
      moved = await repo.setReview(
        tx,
        id,
        ['approved'],
        { reviewStatus: 'withdrawn', status: 'inactive' },
        now,
      );
      to = 'withdrawn';
    }
    if (!moved) throw refuse(action, stage);
    await audit(tx, {
      action: action === 'submit' ? 'listing.submitted' : 'listing.withdrawn',
      resourceType: 'listing',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { listingId: id },
      request: info,
    });
    // Admins hear of a listing waiting for them, in the same transaction as the submit.
    if (action === 'submit') {
      const seller = await repo.contactOf(tx, actor.userId);
      for (const to of await repo.adminEmails(tx))
        await enqueueMail(tx, {
          template: ADMIN_LISTING_SUBMITTED,
          to,
          payload: {
            listingId: id,
            tractor: tractorName(row),
            sellerName: seller?.name ?? actor.name,
            sellerCompany: seller?.companyName ?? '',
          },
        });
    }
    await publishEvent(tx, {
      type: 'listing.stage',
      audience: ['admins', actor.userId],
      data: { listingId: id, stage: to, tractor: tractorName(row) },
    });
    return { id, stage: to };
  });
}

/**
 * The admin's review (docs/product/dealer-selling.md#admin-review): approve (live; the condition-report live
 * rule holds: a published report, an as-is already given, or the as-is reason given here) or request changes
 * (reason required). Each is e-mailed to the seller and audited.
 */
export async function review(
  ctx: AppContext,
  actor: Actor,
  id: string,
  decision: { approve: true; asIsReason?: string } | { approve: false; reason: string },
  info: RequestInfo,
): Promise<{ id: string; stage: ListingStage }> {
  requireRole(actor, 'admin');
  const now = ctx.clock.now();
  return inventoryWrite(ctx, async (tx) => {
    const row = await repo.lockListing(tx, id);
    if (!row) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
    const stage = listingStage(row);
    const action = decision.approve ? 'approve' : 'request_changes';
    if (stage !== 'in_review' || !row.sellerUserId) throw refuse(action, stage);
    let to: ListingStage;
    const set: Parameters<typeof repo.setReview>[3] = { reviewStatus: 'approved' as ReviewStatus };
    if (decision.approve) {
      const asIs = decision.asIsReason?.trim();
      if (row.gradeTenths === 0 && !row.asIsReason && !asIs) throw new AppError('CONFLICT', NO_REPORT);
      Object.assign(set, {
        reviewStatus: 'approved',
        status: 'active',
        changeRequestReason: null,
        ...(asIs && row.gradeTenths === 0 ? { asIsReason: asIs } : {}),
      });
      to = 'live';
    } else {
      Object.assign(set, { reviewStatus: 'changes_requested', changeRequestReason: decision.reason });
      to = 'changes_requested';
    }
    if (!(await repo.setReview(tx, id, ['in_review'], set, now))) throw refuse(action, stage);
    // Live now: saved searches it matches alert their owners (docs/product/dealer-tools.md#saved-searches).
    if (decision.approve) await emit(tx, 'listing.published', { listingId: id });
    await audit(tx, {
      action: decision.approve ? 'listing.approved' : 'listing.changes_requested',
      resourceType: 'listing',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: {
        listingId: id,
        sellerUserId: row.sellerUserId,
        ...(decision.approve ? { asIsReason: set.asIsReason ?? null } : { reason: decision.reason }),
      },
      request: info,
    });
    const seller = await repo.contactOf(tx, row.sellerUserId);
    const tractor = tractorName(row);
    if (seller)
      await enqueueMail(tx, {
        template: LISTING_REVIEWED,
        to: seller.email,
        payload: {
          listingId: id,
          tractor,
          outcome: decision.approve ? 'approved' : 'changes_requested',
          ...(decision.approve ? {} : { reason: decision.reason }),
        },
      });
    await publishEvent(tx, {
      type: 'listing.stage',
      audience: ['admins', row.sellerUserId],
      data: { listingId: id, stage: to, tractor },
    });
    return { id, stage: to };
  });
}

export async function inReviewCount(ctx: AppContext): Promise<number> {
  return repo.inReviewCount(ctx.db);
}

/** For the detail page: the viewer sells it; after a sale, the other party's contact (buyer or seller only). */
export async function saleSide(
  ctx: AppContext,
  viewer: Actor | null,
  row: { id: string; status: string; sellerUserId: string | null },
) {
  const ownListing = viewer !== null && row.sellerUserId === viewer.userId;
  if (!viewer || !row.sellerUserId || row.status !== 'sold') return { ownListing, saleContact: null };
  const buyerId = await repo.buyerOf(ctx.db, row.id);
  if (!buyerId) return { ownListing, saleContact: null };
  if (ownListing) {
    const c = await repo.contactOf(ctx.db, buyerId);
    return { ownListing, saleContact: c ? { role: 'buyer' as const, ...c } : null };
  }
  if (viewer.userId === buyerId) {
    const c = await repo.contactOf(ctx.db, row.sellerUserId);
    return { ownListing, saleContact: c ? { role: 'seller' as const, ...c } : null };
  }
  return { ownListing, saleContact: null };
}
