import { createHash } from 'node:crypto';
import { submittedForInspection } from '../../../../domain/dealer-listings.js';
import { hoursCorrectedText, meterDiffers, meterMismatchMessage } from '../../../../domain/hours-check.js';
import {
  type AnnouncementId,
  CHECKPOINT_IDS,
  ENGINE_SOUND_ID,
  gradeInspection,
  publishReadiness,
  type Rating,
} from '../../../../domain/inspection.js';
import {
  type AnswerSaved,
  type DraftDetails,
  gradeToTenths,
  type InspectionDraft,
  type InspectionPhoto,
  type PublishBody,
  type QueueItem,
  type SaveAnswer,
  tenthsToGrade,
} from '../../../../domain/inspection-api.js';
import { yardProblems } from '../../../../domain/listing-schemas.js';
import { imageUrl } from '../../../../domain/listings.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { emit } from '../../lib/domain-events.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { storageFor } from '../../lib/storage.js';
import {
  correctListingHours,
  imageSources,
  inventoryWrite,
  processImage,
  setAsIs,
  setListingGrade,
} from '../listings/index.js';
import { REPORT_CHANGED } from './inspections.mail.js';
import * as repo from './inspections.repository.js';
import { checkRecording, recordingUrl } from './recordings.js';

export const LISTING_NOT_FOUND = 'Tractor Not Found';

export const isStaff = (a: Actor | null) => a?.status === 'inspector' || a?.status === 'admin';

function assertInspector(actor: Actor) {
  if (!isStaff(actor)) throw new AppError('FORBIDDEN', 'Access denied');
}
export function assertAdmin(actor: Actor) {
  if (actor.status !== 'admin') throw new AppError('FORBIDDEN', 'Access denied. Admin privileges required.');
}

const fieldError = (field: string, message: string, code: 'VALIDATION' | 'CONFLICT' = 'VALIDATION') =>
  new AppError(code, message, { fields: { [field]: message } });

export function toPhoto(p: {
  id: string;
  checkpointId: string;
  storageKey: string;
  width: number;
  height: number;
  clientId?: string | null;
  sha256?: string | null;
  mediaType?: string | null;
}): InspectionPhoto {
  // The engine sound is played from its one file; a photo has its WebP variants.
  const sources = p.mediaType
    ? {
        src: recordingUrl(p.storageKey),
        srcSet: '',
        full: recordingUrl(p.storageKey),
        mediaType: p.mediaType,
      }
    : { ...imageSources(p.storageKey, p.width), full: imageUrl(p.storageKey, 1600) };
  return {
    id: p.id,
    checkpointId: p.checkpointId,
    ...sources,
    width: p.width,
    height: p.height,
    ...(p.clientId !== undefined ? { clientId: p.clientId, sha256: p.sha256 ?? null } : {}),
  };
}

const tractorName = (l: repo.ListingRow) => `${l.year} ${l.make} ${l.model}`;
const listingSummary = (l: repo.ListingRow) => ({
  id: l.id,
  make: l.make,
  model: l.model,
  year: l.year,
  hours: l.hours,
  location: l.location,
  condition: l.condition,
  status: l.status,
  reviewStatus: l.reviewStatus,
});

/**
 * An inspector works on listings submitted for inspection only: FieldLot's own, and a dealer's once submitted
 * for review (in review, or approved since); a dealer's unsubmitted draft is theirs alone
 * (docs/product/condition-reports.md, dealer-selling.md#listing-as-a-dealer). Admins see every listing.
 */
function hiddenFromActor(actor: Actor, listing: repo.ListingRow): boolean {
  return actor.status === 'inspector' && !submittedForInspection(listing.reviewStatus);
}

export async function inspectionQueue(ctx: AppContext, actor: Actor): Promise<QueueItem[]> {
  assertInspector(actor);
  const rows = await repo.queue(ctx.db, { submittedOnly: actor.status === 'inspector' });
  return rows.map((r) => ({
    ...listingSummary(r),
    rated: Number(r.rated ?? 0),
    total: CHECKPOINT_IDS.length,
    grade: r.gradeTenths ? tenthsToGrade(r.gradeTenths) : null,
    publishedAt: r.publishedAt ? new Date(r.publishedAt).toISOString() : null,
    asIsReason: r.asIsReason,
  }));
}

async function listingForStaff(ctx: AppContext, actor: Actor, listingId: string) {
  const listing = await repo.listingById(ctx.db, listingId);
  if (!listing || listing.status === 'sold' || hiddenFromActor(actor, listing))
    throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  return listing;
}

export async function getDraft(ctx: AppContext, actor: Actor, listingId: string): Promise<InspectionDraft> {
  assertInspector(actor);
  const listing = await repo.listingById(ctx.db, listingId);
  if (!listing || hiddenFromActor(actor, listing)) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  const inspection = await repo.inspectionOf(ctx.db, listingId);
  const [ratings, photos, revisions] = inspection
    ? await Promise.all([
        repo.ratingsOf(ctx.db, inspection.id),
        repo.photosOf(ctx.db, inspection.id),
        repo.revisionsOf(ctx.db, listingId),
      ])
    : [[], [], []];
  const last = revisions[0];
  return {
    listing: listingSummary(listing),
    serial: inspection?.serial ?? '',
    hourMeter: inspection?.hourMeter ?? null,
    announcements: inspection?.announcements ?? [],
    treads: inspection?.treads ?? {},
    answers: Object.fromEntries(
      ratings.map((r) => [r.checkpointId, { rating: (r.rating as Rating | null) ?? null, note: r.note }]),
    ),
    photos: photos.map(toPhoto),
    rated: ratings.filter((r) => r.rating).length,
    total: CHECKPOINT_IDS.length,
    lastPublished: last
      ? { number: last.number, hourMeter: last.hourMeter, publishedAt: last.publishedAt.toISOString() }
      : null,
    updatedAt: inspection?.updatedAt.toISOString() ?? null,
  };
}

/**
 * One answer. Of two phones' answers to a checkpoint the one given later (the phone's clock, never past the
 * server's) wins; the answer says whether it replaced the other phone's or the other phone's was kept
 * (docs/product/condition-reports.md#two-phones). Answers without a device (older phones, API clients) are saved
 * as given.
 */
export async function saveAnswer(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
  answer: SaveAnswer,
): Promise<AnswerSaved> {
  assertInspector(actor);
  await listingForStaff(ctx, actor, listingId);
  const now = ctx.clock.now();
  const given = answer.changedAt ? new Date(Math.min(Date.parse(answer.changedAt), now.getTime())) : now;
  const mine = { rating: answer.rating, note: answer.note };
  return ctx.db.transaction(async (tx) => {
    const inspection = await repo.ensureInspection(tx, listingId);
    // Touching the draft first takes its row lock: two phones' answers to one report are decided one at a time.
    await repo.updateDetails(tx, inspection.id, {}, actor.userId, now);
    const current = await repo.ratingOf(tx, inspection.id, answer.checkpointId);
    const elsewhere =
      current?.deviceId && answer.device && current.deviceId !== answer.device
        ? { rating: current.rating as Rating | null, note: current.note }
        : null;
    if (elsewhere && current?.changedAt && current.changedAt > given)
      return { ok: true as const, savedAt: now.toISOString(), outcome: 'kept' as const, other: elsewhere };
    await repo.saveRating(
      tx,
      {
        inspectionId: inspection.id,
        checkpointId: answer.checkpointId,
        ...mine,
        changedAt: given,
        deviceId: answer.device ?? null,
      },
      now,
    );
    const replaced = elsewhere && (elsewhere.rating !== mine.rating || elsewhere.note !== mine.note);
    return {
      ok: true as const,
      savedAt: now.toISOString(),
      outcome: replaced ? ('replaced' as const) : ('saved' as const),
      other: replaced ? elsewhere : null,
    };
  });
}

async function lastHourMeter(ctx: AppContext, listingId: string): Promise<number | null> {
  const [last] = await repo.revisionsOf(ctx.db, listingId);
  return last ? last.hourMeter : null;
}

function checkHourMeter(reading: number, last: number | null) {
  if (last !== null && reading < last)
    throw fieldError(
      'hourMeter',
      `The hour-meter reading cannot be below the last report's ${last.toLocaleString('en-US')} hours`,
    );
}

export async function saveDetails(ctx: AppContext, actor: Actor, listingId: string, details: DraftDetails) {
  assertInspector(actor);
  await listingForStaff(ctx, actor, listingId);
  if (details.hourMeter != null) checkHourMeter(details.hourMeter, await lastHourMeter(ctx, listingId));
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const inspection = await repo.ensureInspection(tx, listingId);
    const patch: Parameters<typeof repo.updateDetails>[2] = {};
    if (details.serial !== undefined) patch.serial = details.serial;
    if (details.hourMeter !== undefined) patch.hourMeter = details.hourMeter;
    if (details.announcements) patch.announcements = [...new Set(details.announcements)];
    // Tread readings merge position by position, so two quick saves never undo each other.
    if (details.treads) patch.treads = { ...inspection.treads, ...details.treads } as Record<string, number>;
    await repo.updateDetails(tx, inspection.id, patch, actor.userId, now);
  });
  return { ok: true as const, savedAt: now.toISOString() };
}

/**
 * A photo the phone sent before (same client id) is answered as stored, never stored twice: looked up first, and
 * the unique index settles two sends racing (decision 0086). One of another tractor's draft is refused.
 */
async function photoSentBefore(ctx: AppContext, listingId: string, clientId: string | undefined) {
  if (!clientId) return null;
  const found = await repo.photoByClientId(ctx.db, clientId);
  if (!found) return null;
  if (found.listingId !== listingId) throw new AppError('CONFLICT', 'This photo belongs to another tractor');
  return { ...toPhoto(found.photo), created: false };
}

/** The files a photo (its WebP variants) or the engine sound (as recorded) is kept as. */
async function mediaFiles(checkpointId: string, data: Buffer) {
  if (checkpointId === ENGINE_SOUND_ID) {
    const { mediaType, storageKey } = checkRecording(data);
    return {
      storageKey,
      mediaType,
      width: 0,
      height: 0,
      files: [{ key: storageKey, data, contentType: mediaType }],
    };
  }
  try {
    const processed = await processImage(data);
    return {
      storageKey: processed.storageKey,
      mediaType: null,
      width: processed.width,
      height: processed.height,
      files: processed.variants.map((v) => ({ key: v.key, data: v.data, contentType: 'image/webp' })),
    };
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, { fields: { file: err.message } });
    throw err;
  }
}

export async function addPhoto(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
  checkpointId: string,
  data: Buffer,
  clientId?: string,
): Promise<InspectionPhoto & { created: boolean }> {
  assertInspector(actor);
  await listingForStaff(ctx, actor, listingId);
  const before = await photoSentBefore(ctx, listingId, clientId);
  if (before) return before;
  const sha256 = createHash('sha256').update(data).digest('hex');
  const media = await mediaFiles(checkpointId, data);
  const storage = storageFor(ctx.config);
  const written: string[] = [];
  try {
    for (const f of media.files) {
      await storage.put(f.key, f.data, f.contentType);
      written.push(f.key);
    }
    const row = await ctx.db.transaction(async (tx) => {
      const inspection = await repo.ensureInspection(tx, listingId);
      const photo = await repo.insertPhoto(tx, {
        inspectionId: inspection.id,
        checkpointId,
        storageKey: media.storageKey,
        width: media.width,
        height: media.height,
        mediaType: media.mediaType,
        uploadedBy: actor.userId,
        clientId: clientId ?? null,
        sha256,
      });
      if (photo) await repo.updateDetails(tx, inspection.id, {}, actor.userId, ctx.clock.now());
      return photo;
    });
    if (row) return { ...toPhoto(row), created: true };
  } catch (err) {
    await storage.delete(written).catch(() => {});
    throw err;
  }
  // Another send of the same photo was stored first, while this one was being processed: answer that one.
  await storage.delete(written).catch(() => {});
  const raced = await photoSentBefore(ctx, listingId, clientId);
  if (!raced) throw new AppError('CONFLICT', 'The photo could not be stored, send it again');
  return raced;
}

export async function removePhoto(ctx: AppContext, actor: Actor, listingId: string, photoId: string) {
  assertInspector(actor);
  await listingForStaff(ctx, actor, listingId);
  const inspection = await repo.inspectionOf(ctx.db, listingId);
  if (!inspection || !(await repo.removePhoto(ctx.db, inspection.id, photoId, ctx.clock.now())))
    throw new AppError('NOT_FOUND', 'Photo not found');
}

/**
 * Publishes the draft as the next revision: every checkpoint rated, serial and hour meter given (not below the
 * last report's), photos of meter and plate. The first report of a tractor awaiting inspection takes it live.
 * Dealers with an open offer are told of any later revision, by e-mail and live.
 */
export async function publish(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
  info: RequestInfo,
  opts: PublishBody = {},
) {
  assertInspector(actor);
  const now = ctx.clock.now();
  const result = await inventoryWrite(ctx, async (tx) => {
    const listing = await repo.lockListing(tx, listingId);
    if (!listing || listing.status === 'sold' || hiddenFromActor(actor, listing))
      throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
    // A submission sent again (its answer lost on the way) answers the revision it published (decision 0086).
    if (opts.submissionId) {
      const done = await repo.revisionBySubmission(tx, opts.submissionId);
      if (done) {
        if (done.listingId !== listingId)
          throw new AppError('CONFLICT', 'This submission is of another tractor');
        return {
          number: done.number,
          grade: tenthsToGrade(done.gradeTenths),
          live: listing.status === 'active',
          notified: 0,
        };
      }
    }
    const inspection = await repo.inspectionOf(tx, listingId);
    const ratingRows = inspection ? await repo.ratingsOf(tx, inspection.id) : [];
    const ratings = Object.fromEntries(
      ratingRows.map((r) => [r.checkpointId, (r.rating as Rating) ?? undefined]),
    );
    const photos = inspection ? await repo.photosOf(tx, inspection.id) : [];
    // Published only when the server holds every photo the phone took, byte for byte.
    if (opts.photos?.length) {
      const held = new Map(photos.map((p) => [p.clientId, p.sha256]));
      const waiting = opts.photos.filter((p) => held.get(p.clientId) !== p.sha256).length;
      if (waiting)
        throw new AppError(
          'CONFLICT',
          `Waiting to send ${waiting} ${waiting === 1 ? 'photo' : 'photos'} before publishing`,
        );
    }
    const { unrated, missing } = publishReadiness({
      ratings,
      serial: inspection?.serial,
      hourMeter: inspection?.hourMeter,
      photoCheckpoints: photos.map((p) => p.checkpointId),
    });
    const fields: Record<string, string> = {};
    if (unrated.length) {
      fields.ratings = `Rate every checkpoint before publishing: ${unrated.length} of ${CHECKPOINT_IDS.length} not rated yet`;
      for (const id of unrated.slice(0, 20)) fields[id] = 'Not rated';
    }
    for (const m of missing) fields[m.field] = m.message;
    const first = Object.values(fields)[0];
    if (!inspection || first) throw new AppError('VALIDATION', fields.ratings ?? first, { fields });

    const revisions = await repo.revisionsOf(tx, listingId);
    const previous = revisions[0];
    const meter = inspection.hourMeter as number;
    checkHourMeter(meter, previous?.hourMeter ?? null);
    // A meter far from the listed hours blocks publishing until the inspector confirms it (docs/decisions/0042-hours-corrected-at-inspection.md).
    const corrected = meterDiffers(listing.hours, meter);
    if (corrected) {
      const message = meterMismatchMessage(listing.hours, meter);
      if (!opts.confirmHours) throw new AppError('VALIDATION', message, { fields: { hourMeter: message } });
      await correctListingHours(tx, listingId, meter, now);
      await audit(tx, {
        action: 'listing.hours_corrected',
        resourceType: 'listing',
        actorUserId: actor.userId,
        actorEmail: actor.email,
        details: {
          listingId,
          from: listing.hours,
          to: meter,
          text: hoursCorrectedText(listing.hours, meter),
        },
        request: info,
      });
    }
    const graded = gradeInspection(ratings, inspection.announcements as AnnouncementId[]);
    const notes = new Map(ratingRows.map((r) => [r.checkpointId, r.note]));
    const revision = await repo.insertRevision(tx, {
      inspectionId: inspection.id,
      listingId,
      number: (previous?.number ?? 0) + 1,
      gradeTenths: gradeToTenths(graded.grade),
      serial: inspection.serial,
      hourMeter: meter,
      hoursCorrectedFrom: corrected ? listing.hours : null,
      announcements: inspection.announcements,
      treads: inspection.treads,
      ratings: Object.fromEntries(
        CHECKPOINT_IDS.map((id) => [id, { rating: ratings[id] as string, note: notes.get(id) ?? '' }]),
      ),
      photos: photos.map((p) => ({
        id: p.id,
        checkpointId: p.checkpointId,
        storageKey: p.storageKey,
        width: p.width,
        height: p.height,
        ...(p.mediaType ? { mediaType: p.mediaType } : {}),
      })),
      inspectorUserId: actor.userId,
      inspectorName: actor.name,
      submissionId: opts.submissionId ?? null,
      publishedAt: now,
    });
    const goLive =
      !previous &&
      listing.status === 'inactive' &&
      !listing.asIsReason &&
      (listing.reviewStatus === null || listing.reviewStatus === 'approved') &&
      yardComplete(listing);
    await setListingGrade(tx, listingId, revision.gradeTenths, goLive, now);
    await audit(tx, {
      action: 'inspection.published',
      resourceType: 'listing',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { listingId, revision: revision.number, grade: graded.grade },
      request: info,
    });
    // A tractor going live alerts matching saved searches; a live tractor's new report tells its watchers.
    if (goLive) await emit(tx, 'listing.published', { listingId });
    else if (listing.status === 'active')
      await emit(tx, 'listing.report_revised', {
        listingId,
        grade: tenthsToGrade(revision.gradeTenths).toFixed(1),
      });
    let notified = 0;
    if (previous) {
      for (const dealer of await repo.openOfferDealers(tx, listingId)) {
        await enqueueMail(tx, {
          template: REPORT_CHANGED,
          to: dealer.email,
          payload: {
            listingId,
            tractor: tractorName(listing),
            number: revision.number,
            grade: tenthsToGrade(revision.gradeTenths).toFixed(1),
            previousGrade: tenthsToGrade(previous.gradeTenths).toFixed(1),
          },
        });
        await publishEvent(tx, {
          type: 'report.changed',
          audience: [dealer.userId],
          data: { listingId, number: revision.number, grade: graded.grade, tractor: tractorName(listing) },
        });
        notified += 1;
      }
    }
    return {
      number: revision.number,
      grade: graded.grade,
      live: goLive || listing.status === 'active',
      notified,
    };
  });
  return result;
}

/** Without its whole yard a tractor stays offline after its report or as-is mark (decision 0041). */
const yardComplete = (l: Parameters<typeof yardProblems>[0]) => Object.keys(yardProblems(l)).length === 0;

/** An admin's "Sold as-is, not inspected": the tractor may go live without a report; every dealer screen says so. */
export async function markAsIs(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
  reason: string,
  info: RequestInfo,
) {
  assertAdmin(actor);
  const now = ctx.clock.now();
  return inventoryWrite(ctx, async (tx) => {
    const listing = await repo.lockListing(tx, listingId);
    if (!listing) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
    if (listing.status === 'sold')
      throw new AppError('CONFLICT', 'This tractor has been sold and cannot be changed');
    const goLive =
      listing.status === 'inactive' &&
      listing.gradeTenths === 0 &&
      (listing.reviewStatus === null || listing.reviewStatus === 'approved') &&
      yardComplete(listing);
    await setAsIs(tx, listingId, reason, goLive, now);
    if (goLive) await emit(tx, 'listing.published', { listingId });
    await audit(tx, {
      action: 'listing.sold_as_is',
      resourceType: 'listing',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { listingId, reason },
      request: info,
    });
    return { id: listingId, status: goLive ? 'active' : listing.status, asIsReason: reason };
  });
}
