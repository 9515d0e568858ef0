import { hoursCorrectedText } from '../../../../domain/hours-check.js';
import { checkpointById, ENGINE_SOUND_ID } from '../../../../domain/inspection.js';
import type {
  FullReport,
  PurchasedReport,
  ReportAnswer,
  RevisionRef,
} from '../../../../domain/inspection-api.js';
import { tenthsToGrade } from '../../../../domain/inspection-api.js';
import { hasDealerRights } from '../../../../domain/users.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { storageFor } from '../../lib/storage.js';
import { firstLookHidesFrom, mediaVisibleTo } from '../listings/index.js';
import * as repo from './inspections.repository.js';
import { isStaff, LISTING_NOT_FOUND, toPhoto } from './inspections.service.js';
import { RECORDINGS_FOLDER } from './recordings.js';

// Reading published reports: the tractor page, the printable page, the PDF and Purchased Inventory.

function toRef(r: repo.RevisionRow): RevisionRef {
  return {
    number: r.number,
    grade: tenthsToGrade(r.gradeTenths),
    publishedAt: r.publishedAt.toISOString(),
    inspectorName: r.inspectorName,
  };
}

export function toFullReport(r: repo.RevisionRow): FullReport {
  return {
    ...toRef(r),
    serial: r.serial,
    hourMeter: r.hourMeter,
    announcements: r.announcements,
    treads: r.treads,
    ratings: r.ratings as FullReport['ratings'],
    photos: r.photos
      .filter((p) => checkpointById(p.checkpointId) || p.checkpointId === ENGINE_SOUND_ID)
      .map(toPhoto),
  };
}

/** The latest correction of the listed hours, shown to everyone (docs/decisions/0042-hours-corrected-at-inspection.md). */
export function hoursNoticeOf(revisions: repo.RevisionRow[]): string | null {
  const corrected = revisions.find((r) => r.hoursCorrectedFrom !== null);
  return corrected ? hoursCorrectedText(corrected.hoursCorrectedFrom as number, corrected.hourMeter) : null;
}

/** Who may read the full report: approved dealers and staff. */
export const canReadFull = (viewer: Actor | null) =>
  viewer !== null && (hasDealerRights(viewer.status) || viewer.status === 'inspector');

/**
 * The report of a tractor. Inactive and sold tractors exist only for staff and their buyer (like the listing).
 * Everyone sees whether a report exists and its grade; the full report (any revision) only dealers and staff.
 */
export async function reportOf(
  ctx: AppContext,
  viewer: Actor | null,
  listingId: string,
  revisionNumber?: number,
): Promise<{ answer: ReportAnswer; listing: repo.ListingRow; revision: repo.RevisionRow | null }> {
  const listing = await repo.listingById(ctx.db, listingId);
  if (!listing) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  const seller = viewer !== null && listing.sellerUserId === viewer.userId;
  if (listing.status !== 'active' && !isStaff(viewer) && !seller) {
    const buyer =
      viewer && hasDealerRights(viewer.status) && (await repo.boughtBy(ctx.db, listingId, viewer.userId));
    if (!buyer) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  }
  // A tractor under a first look is missing for everyone outside it (docs/product/want-lists.md#first-look).
  if (!isStaff(viewer) && (await firstLookHidesFrom(ctx.db, listingId, viewer, ctx.clock.now())))
    throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  const revisions = await repo.revisionsOf(ctx.db, listingId);
  const full = canReadFull(viewer);
  let shown: repo.RevisionRow | null = revisions[0] ?? null;
  if (revisionNumber !== undefined) {
    const wanted = revisions.find((r) => r.number === revisionNumber);
    if (!wanted) throw new AppError('NOT_FOUND', 'Report revision not found');
    shown = wanted;
  }
  const answer: ReportAnswer = {
    listingId,
    access: full ? 'full' : viewer ? 'limited' : 'signedOut',
    asIsReason: listing.asIsReason,
    summary: revisions[0] ? toRef(revisions[0]) : null,
    latest: revisions[0]?.number ?? null,
    revisions: full ? revisions.map(toRef) : [],
    report: full && shown ? toFullReport(shown) : null,
    hoursNotice: hoursNoticeOf(revisions),
  };
  return { answer, listing, revision: full ? shown : null };
}

export async function purchasedReports(ctx: AppContext, actor: Actor): Promise<PurchasedReport[]> {
  const rows = await repo.purchasedRevisions(ctx.db, actor.userId);
  return rows.map((r) => ({ ...r, grade: tenthsToGrade(r.gradeTenths) }));
}

/**
 * The engine-sound recording kept under `recordings/<id>`, to whoever may see the report's photos (the inspector
 * who made it, staff, dealers reading the full report); null for anyone else, as for a recording that is not there.
 */
export async function recordingFor(
  ctx: AppContext,
  viewer: Actor | null,
  id: string,
): Promise<{ data: Buffer; mediaType: string } | null> {
  const key = `${RECORDINGS_FOLDER}/${id}`;
  const mediaType = await repo.recordingType(ctx.db, key);
  if (!mediaType || !(await mediaVisibleTo(ctx, viewer, key))) return null;
  const data = await storageFor(ctx.config).get(key);
  return data ? { data, mediaType } : null;
}
