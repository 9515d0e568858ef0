import { canMoveInquiry, INQUIRY_OFFER_STATUS_LABELS } from '../../../../domain/farmer-offers.js';
import {
  checkPhone,
  type FarmerYard,
  farmerYard,
  INQUIRY_PHOTOS_MAX,
  INQUIRY_PHOTOS_MAX_MESSAGE,
  type ManualInquiryStatus,
  PHONE_MESSAGE,
  type SaleInquiry,
} from '../../../../domain/inquiries.js';
import type { Executor } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { emit } from '../../lib/domain-events.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import { storageFor } from '../../lib/storage.js';
import { processImage, variantKey } from '../listings/index.js';
import { zipPlace } from '../purchases/index.js';
import { ADMIN_NEW_INQUIRY, INQUIRY_CONFIRMATION } from './inquiries.mail.js';
import {
  adminEmails,
  expireDueInquiries,
  findInquiry,
  findInquiryStatus,
  inquiryOfDraft,
  insertInquiry,
  insertPhotos,
  listInquiries,
  photosOf,
  transitionInquiry,
} from './inquiries.repository.js';

export const YEAR_MIN = 1950;
export const HOURS_MAX = 1_000_000;
export const INQUIRY_LIST_LIMIT = 500;

export interface InquiryInput {
  make?: string | null;
  model?: string | null;
  year?: number | string | null;
  hours?: number | string | null;
  location?: string | null;
  condition?: string | null;
  description?: string | null;
  transmission?: string | null;
  phone?: string | null;
  /** Already normalised by emailSchema. */
  email: string;
}

/** docs/product/selling.md#rules-and-limits: empty means none; numbers become integers. */
function blankToNull(v: string | null | undefined): string | null {
  const t = v?.trim();
  return t ? t : null;
}

function toInt(v: number | string | null | undefined): number | null | 'invalid' {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') {
    if (v.trim() === '') return null;
    v = Number(v.trim());
  }
  if (!Number.isFinite(v)) return 'invalid';
  return Math.trunc(v);
}

/** A sell-form photo checked and rendered (not yet stored). */
type ProcessedPhoto = Awaited<ReturnType<typeof processImage>>;

/**
 * Checks every photo before anything is stored: each must pass the listing photo rules, or the whole form is
 * refused with a message on `photos` naming the photo (docs/product/selling.md#rules-and-limits).
 */
async function processPhotos(photos: Buffer[]): Promise<ProcessedPhoto[]> {
  if (photos.length > INQUIRY_PHOTOS_MAX)
    throw new AppError('VALIDATION', INQUIRY_PHOTOS_MAX_MESSAGE, {
      fields: { photos: INQUIRY_PHOTOS_MAX_MESSAGE },
    });
  const out: ProcessedPhoto[] = [];
  for (const [i, data] of photos.entries()) {
    try {
      out.push(await processImage(data, 'inquiries'));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const message = photos.length > 1 ? `Photo ${i + 1}: ${err.message}` : err.message;
      throw new AppError(err.code, message, { fields: { photos: message } });
    }
  }
  return out;
}

export async function submitInquiry(
  ctx: AppContext,
  input: InquiryInput,
  request: RequestInfo,
  photos: Buffer[] = [],
) {
  const limited = await hitRateLimit(ctx.db, ctx.clock, `inquiry:ip:${request.ip}`, RATE_RULES.perIpForms);
  if (!limited.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.', {
      retryAfterSeconds: limited.retryAfterSeconds,
    });
  }

  const yearMax = ctx.clock.now().getFullYear() + 1;
  const year = toInt(input.year);
  const hours = toInt(input.hours);
  const phone = checkPhone(input.phone);
  const fields: Record<string, string> = {};
  if (year === 'invalid' || (year !== null && (year < YEAR_MIN || year > yearMax)))
    fields.year = `Year must be between ${YEAR_MIN} and ${yearMax}`;
  if (hours === 'invalid' || (hours !== null && hours > HOURS_MAX))
    fields.hours = 'Please enter the hours as a number';
  else if (hours !== null && hours < 0) fields.hours = 'Hours cannot be negative';
  if (!phone.ok) fields.phone = PHONE_MESSAGE;
  const firstError = Object.values(fields)[0];
  if (firstError) throw new AppError('VALIDATION', firstError, { fields });

  // Photos are checked and written before the inquiry exists; files of a refused or failed form are removed.
  const processed = await processPhotos(photos);
  const storage = storageFor(ctx.config);
  const written: string[] = [];
  try {
    for (const p of processed)
      for (const v of p.variants) {
        await storage.put(v.key, v.data, 'image/webp');
        written.push(v.key);
      }
    return await ctx.db.transaction(async (tx) => {
      const inquiry = await insertInquiry(tx, {
        make: blankToNull(input.make),
        model: blankToNull(input.model),
        year: year as number | null,
        hours: hours as number | null,
        location: blankToNull(input.location),
        condition: blankToNull(input.condition),
        description: blankToNull(input.description),
        transmission: blankToNull(input.transmission),
        phone: phone.ok ? phone.phone : null,
        email: input.email,
      });
      await insertPhotos(
        tx,
        inquiry.id,
        processed.map((p) => ({ storageKey: p.storageKey, width: p.width, height: p.height })),
      );
      // The seller's confirmation and the admins' notice exist exactly when the inquiry does. The
      // confirmation goes to an address nobody proved is theirs: at most one a day per address and 20 a
      // day per client, else the inquiry is kept and only the admins hear of it (decision 0012).
      if (await confirmationAllowed(ctx, tx, inquiry.email, request.ip)) {
        await enqueueMail(tx, {
          template: INQUIRY_CONFIRMATION,
          to: inquiry.email,
          payload: { make: inquiry.make, model: inquiry.model, year: inquiry.year },
        });
      }
      for (const to of await adminEmails(tx)) {
        await enqueueMail(tx, { template: ADMIN_NEW_INQUIRY, to, payload: mailFacts(inquiry) });
      }
      await publishEvent(tx, {
        type: 'inquiry.updated',
        audience: ['admins'],
        data: { inquiryId: inquiry.id, status: inquiry.status },
      });
      // Want-lists match it after commit (docs/product/want-lists.md#farmers-inquiries).
      await emit(tx, 'inquiry.received', {
        inquiryId: inquiry.id,
        make: inquiry.make,
        model: inquiry.model,
        year: inquiry.year,
        hours: inquiry.hours,
        location: inquiry.location,
      });
      return { id: inquiry.id };
    });
  } catch (err) {
    await storage.delete(written).catch(() => {});
    throw err;
  }
}

/** The ip is counted first, so a client over its allowance does not use up an address's daily one. */
async function confirmationAllowed(ctx: AppContext, tx: Executor, email: string, ip: string) {
  const byIp = await hitRateLimit(tx, ctx.clock, `inquiry-mail:ip:${ip}`, RATE_RULES.inquiryMailPerIp);
  if (!byIp.allowed) return false;
  const byAddress = await hitRateLimit(
    tx,
    ctx.clock,
    `inquiry-mail:to:${email}`,
    RATE_RULES.inquiryMailPerAddress,
  );
  return byAddress.allowed;
}

function mailFacts(i: SaleInquiry) {
  return {
    id: i.id,
    make: i.make,
    model: i.model,
    year: i.year,
    hours: i.hours,
    location: i.location,
    transmission: i.transmission,
    email: i.email,
  };
}

export async function listForAdmin(ctx: AppContext, actor: Actor): Promise<SaleInquiry[]> {
  requireRole(actor, 'admin');
  return listInquiries(ctx.db, INQUIRY_LIST_LIMIT, ctx.clock.now());
}

/**
 * The hand-set moves of docs/product/selling.md#inquiry-status (Mark Contacted, Mark Closed, Reopen), checked by the
 * one state machine; the offer statuses follow offers and answers only.
 */
export async function changeInquiryStatus(
  ctx: AppContext,
  actor: Actor,
  id: string,
  to: ManualInquiryStatus,
  request: RequestInfo,
): Promise<SaleInquiry> {
  requireRole(actor, 'admin');
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await expireDueInquiries(tx, now);
    const from = await findInquiryStatus(tx, id);
    if (!from) throw notFound('Inquiry not found');
    const updated = canMoveInquiry(from, to) ? await transitionInquiry(tx, id, from, to, now) : null;
    if (!updated) {
      const current = (await findInquiryStatus(tx, id)) ?? from;
      throw conflict(
        `This inquiry is ${INQUIRY_OFFER_STATUS_LABELS[current]}; it cannot be marked as ${INQUIRY_OFFER_STATUS_LABELS[to]}.`,
      );
    }
    await audit(tx, {
      action: 'inquiry.status_changed',
      resourceType: 'sale_inquiry',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { inquiryId: id, from, to },
      request,
    });
    await publishEvent(tx, {
      type: 'inquiry.updated',
      audience: ['admins'],
      data: { inquiryId: id, status: to },
    });
    return { ...updated, photoCount: (await findInquiry(tx, id))?.photoCount ?? 0 };
  });
}

export const INQUIRY_NOT_FOUND = 'Inquiry not found';
export const PHOTO_NOT_FOUND = 'Photo not found';

/** A sell-form photo's bytes (`file`: `{photo key id}-{width}.webp`), admins only; anything else the same 404. */
export async function inquiryPhotoFile(
  ctx: AppContext,
  actor: Actor,
  inquiryId: string,
  file: string,
): Promise<Buffer> {
  requireRole(actor, 'admin');
  const parts = /^([0-9a-f-]{36})-(400|800|1600)\.webp$/.exec(file);
  if (!parts) throw notFound(PHOTO_NOT_FOUND);
  const photo = (await photosOf(ctx.db, inquiryId)).find((p) => p.storageKey === `inquiries/${parts[1]}`);
  if (!photo) throw notFound(PHOTO_NOT_FOUND);
  const data = await storageFor(ctx.config).get(variantKey(photo.storageKey, Number(parts[2])));
  if (!data) throw notFound(PHOTO_NOT_FOUND);
  return data;
}

/**
 * The yard a farmer's inquiry names, for the draft listing its accepted offer made: what the admin's "Use the
 * farmer's yard: Ames, IA" fills in (docs/product/selling.md#from-accepted-offer-to-draft). 404 for any other
 * listing.
 */
export async function farmerYardOfListing(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
): Promise<FarmerYard> {
  requireRole(actor, 'admin');
  const inquiry = await inquiryOfDraft(ctx.db, listingId);
  if (!inquiry) throw new AppError('NOT_FOUND', 'This listing did not come from a farmer');
  return farmerYard(inquiry, zipPlace);
}
