/**
 * The offer FieldLot sends a farmer for a sell-form inquiry, and the farmer's answer by link
 * (docs/product/selling.md#the-offer-by-e-mail, docs/decisions/0050-farmer-offer-flow.md).
 */
import {
  canMoveInquiry,
  checkFarmerOffer,
  FARMER_OFFER_ANSWER_STATUS,
  FARMER_OFFER_LINK_INVALID,
  FARMER_OFFER_TOKEN_RE,
  type FarmerOfferAnswer,
  type FarmerOfferInput,
  type FarmerOfferStatus,
  farmerOfferPath,
  farmerOfferState,
  formatOfferDate,
  INQUIRY_OFFER_STATUS_LABELS,
} from '../../../../domain/farmer-offers.js';
import { farmerYard, type SaleInquiry } from '../../../../domain/inquiries.js';
import { CONDITIONS, tractorName } from '../../../../domain/listings.js';
import type { Executor } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { emit } from '../../lib/domain-events.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import {
  copyPicturesForListing,
  insertInquiryDraftListing,
  removeCopiedPictures,
  type StoredPicture,
} from '../listings/index.js';
import { zipPlace } from '../purchases/index.js';
import {
  adminEmails,
  answerOffer,
  expireDueInquiries,
  findInquiry,
  insertOffer,
  type OfferRow,
  offerByTokenHash,
  offersOf,
  photosOf,
  supersedeOpenOffers,
  transitionInquiry,
} from './inquiries.repository.js';
import { INQUIRY_NOT_FOUND } from './inquiries.service.js';
import {
  ADMIN_FARMER_OFFER_ANSWERED,
  FARMER_OFFER_ACCEPTED_MAIL,
  FARMER_OFFER_MAIL,
} from './inquiry-offers.mail.js';

export interface OfferView {
  id: string;
  amountCents: number;
  validUntil: string;
  pickup: string;
  message: string;
  status: FarmerOfferStatus;
  answeredAt: string | null;
  createdAt: string;
}

const offerView = (o: OfferRow): OfferView => ({
  id: o.id,
  amountCents: o.amountCents,
  validUntil: o.validUntil.toISOString(),
  pickup: o.pickup,
  message: o.message,
  status: o.status,
  answeredAt: o.answeredAt?.toISOString() ?? null,
  createdAt: o.createdAt.toISOString(),
});

const inquiryUpdated = (exec: Executor, inquiryId: string, status: string) =>
  publishEvent(exec, { type: 'inquiry.updated', audience: ['admins'], data: { inquiryId, status } });

/** The admin's view of one inquiry: the seller's details, the photos' addresses, every offer and its answer. */
export async function inquiryDetail(ctx: AppContext, actor: Actor, inquiryId: string) {
  requireRole(actor, 'admin');
  const inquiry = await findInquiry(ctx.db, inquiryId, { now: ctx.clock.now() });
  if (!inquiry) throw notFound(INQUIRY_NOT_FOUND);
  const photos = (await photosOf(ctx.db, inquiryId)).map((p) => {
    const file = (w: number) =>
      `/api/admin/inquiries/${inquiryId}/photos/${p.storageKey.slice('inquiries/'.length)}-${w}.webp`;
    return { id: p.id, width: p.width, height: p.height, src: file(800), thumb: file(400) };
  });
  const offers = (await offersOf(ctx.db, inquiryId)).map(offerView);
  return { inquiry, photos, offers };
}

/**
 * Sends an offer (or a revised one, which supersedes the open offer so its link stops working). Refusals: the
 * field messages of `checkFarmerOffer`; an inquiry accepted or closed is a 409.
 */
export async function sendFarmerOffer(
  ctx: AppContext,
  actor: Actor,
  inquiryId: string,
  input: FarmerOfferInput,
  request: RequestInfo,
): Promise<{ offer: OfferView; inquiry: SaleInquiry }> {
  requireRole(actor, 'admin');
  const now = ctx.clock.now();
  const check = checkFarmerOffer(input, now);
  if (!check.ok) {
    const first = Object.values(check.fields)[0] ?? 'Check the offer';
    throw new AppError('VALIDATION', first, { fields: check.fields });
  }
  return ctx.db.transaction(async (tx) => {
    await expireDueInquiries(tx, now);
    const inquiry = await findInquiry(tx, inquiryId, { lock: true });
    if (!inquiry) throw notFound(INQUIRY_NOT_FOUND);
    if (!canMoveInquiry(inquiry.status, 'offer_sent'))
      throw conflict(
        `This inquiry is ${INQUIRY_OFFER_STATUS_LABELS[inquiry.status]}; an offer cannot be sent. Reopen it first.`,
      );
    const superseded = await supersedeOpenOffers(tx, inquiryId, now);
    const token = randomToken();
    const offer = await insertOffer(tx, {
      inquiryId,
      amountCents: check.amountCents,
      validUntil: check.validUntil,
      pickup: check.pickup,
      message: check.message,
      tokenHash: sha256(token),
      sentBy: actor.userId,
    });
    const moved = await transitionInquiry(tx, inquiryId, inquiry.status, 'offer_sent', now);
    if (!moved) throw conflict('This inquiry changed meanwhile. Reload and try again.');
    await enqueueMail(tx, {
      template: FARMER_OFFER_MAIL,
      to: inquiry.email,
      payload: {
        make: inquiry.make,
        model: inquiry.model,
        year: inquiry.year,
        amountCents: check.amountCents,
        validUntil: check.validUntil.toISOString(),
        pickup: check.pickup,
        message: check.message,
        path: farmerOfferPath(token),
        revised: superseded.length > 0,
      },
    });
    await audit(tx, {
      action: superseded.length > 0 ? 'inquiry.offer_revised' : 'inquiry.offer_sent',
      resourceType: 'sale_inquiry',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: {
        inquiryId,
        offerId: offer.id,
        amountCents: check.amountCents,
        validUntil: check.validUntil.toISOString(),
        supersededOfferIds: superseded,
      },
      request,
    });
    await inquiryUpdated(tx, inquiryId, 'offer_sent');
    return { offer: offerView(offer), inquiry: { ...moved, photoCount: inquiry.photoCount } };
  });
}

const USED = 'You have already answered this offer. We will be in touch by e-mail.';
const REPLACED = 'This offer was replaced by a newer one. Check your e-mail for the latest offer.';
const CLOSED = 'This offer is no longer open. Ask us for a new offer with the sell form.';
const expiredMessage = (o: OfferRow) =>
  `This offer expired on ${formatOfferDate(o.validUntil)}. Ask us for a new offer with the sell form.`;

/** Public token routes: the same allowance per client address as the other public forms. */
async function limitTokenRoute(ctx: AppContext, request: RequestInfo) {
  const limited = await hitRateLimit(
    ctx.db,
    ctx.clock,
    `farmer-offer:ip:${request.ip}`,
    RATE_RULES.perIpForms,
  );
  if (!limited.allowed)
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.', {
      retryAfterSeconds: limited.retryAfterSeconds,
    });
}

/**
 * The offer behind a link, if it can still be answered: an altered link is 404, an expired, answered or replaced
 * one 409 with the words the farmer's page shows (never a 500).
 */
async function openOfferOf(ctx: AppContext, exec: Executor, token: string, lock = false) {
  if (!FARMER_OFFER_TOKEN_RE.test(token)) throw notFound(FARMER_OFFER_LINK_INVALID);
  const offer = await offerByTokenHash(exec, sha256(token), lock);
  if (!offer) throw notFound(FARMER_OFFER_LINK_INVALID);
  const state = farmerOfferState(offer, ctx.clock.now());
  if (state === 'replaced') throw conflict(REPLACED);
  if (state === 'answered') throw conflict(USED);
  const inquiry = await findInquiry(exec, offer.inquiryId, { lock });
  if (!inquiry) throw notFound(FARMER_OFFER_LINK_INVALID);
  // The inquiry's own status moves with the scheduled sweep; the link says "expired" from the offer's date.
  if (state === 'expired') throw conflict(expiredMessage(offer));
  if (inquiry.status !== 'offer_sent') throw conflict(CLOSED);
  return { offer, inquiry };
}

/** What the farmer's page shows: the offer and the tractor it is for (nothing else about the inquiry). */
export async function farmerOfferByToken(ctx: AppContext, token: string, request: RequestInfo) {
  await limitTokenRoute(ctx, request);
  const { offer, inquiry } = await openOfferOf(ctx, ctx.db, token);
  return {
    tractor: tractorName(inquiry) || 'Your tractor',
    amountCents: offer.amountCents,
    validUntil: offer.validUntil.toISOString(),
    pickup: offer.pickup,
    message: offer.message,
  };
}

/**
 * The scheduled sweep's part for farmers' offers: inquiries whose offer date has passed unanswered move to
 * `offer_expired` and the admins' screens hear it. Reads never write this; they compute it from the clock.
 */
export async function expireDueFarmerOffers(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const expired = await expireDueInquiries(tx, ctx.clock.now());
    for (const id of expired) await inquiryUpdated(tx, id, 'offer_expired');
    return expired.length;
  });
}

/**
 * The farmer's answer; the link is used once. Accepting moves the inquiry to `offer_accepted`, makes the FieldLot
 * draft listing (with copies of the farmer's photos), tells the admins (e-mail and live) and publishes
 * `inquiry.listing-drafted` after commit. Declining moves it to `offer_declined`; "Call me" keeps it `offer_sent`
 * and tells the admins.
 */
export async function answerFarmerOffer(
  ctx: AppContext,
  token: string,
  answer: FarmerOfferAnswer,
  request: RequestInfo,
): Promise<{ status: FarmerOfferStatus; amountCents: number }> {
  await limitTokenRoute(ctx, request);
  // Checked once before copying any photo, then again under the row lock.
  const first = await openOfferOf(ctx, ctx.db, token);
  let pictures: StoredPicture[] = [];
  if (answer === 'accept')
    pictures = await copyPicturesForListing(ctx, await photosOf(ctx.db, first.inquiry.id));
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const { offer, inquiry } = await openOfferOf(ctx, tx, token, true);
      const status = FARMER_OFFER_ANSWER_STATUS[answer];
      if (!(await answerOffer(tx, offer.id, status, now))) throw conflict(USED);
      let listingId: string | null = null;
      if (answer === 'accept') {
        const draft = await insertInquiryDraftListing(tx, draftFrom(inquiry, offer), pictures);
        listingId = draft.id;
        await transitionInquiry(tx, inquiry.id, 'offer_sent', 'offer_accepted', now, {
          draftListingId: draft.id,
        });
        await emit(tx, 'inquiry.listing-drafted', {
          inquiryId: inquiry.id,
          listingId: draft.id,
          acceptedCents: offer.amountCents,
        });
        await enqueueMail(tx, {
          template: FARMER_OFFER_ACCEPTED_MAIL,
          to: inquiry.email,
          payload: {
            make: inquiry.make,
            model: inquiry.model,
            year: inquiry.year,
            amountCents: offer.amountCents,
            pickup: offer.pickup,
          },
        });
      } else if (answer === 'decline') {
        await transitionInquiry(tx, inquiry.id, 'offer_sent', 'offer_declined', now);
      }
      if (answer !== 'decline')
        for (const to of await adminEmails(tx))
          await enqueueMail(tx, {
            template: ADMIN_FARMER_OFFER_ANSWERED,
            to,
            payload: {
              make: inquiry.make,
              model: inquiry.model,
              year: inquiry.year,
              amountCents: offer.amountCents,
              answer: status,
              phone: inquiry.phone,
              email: inquiry.email,
            },
          });
      await audit(tx, {
        action: `inquiry.offer_${status}`,
        resourceType: 'sale_inquiry',
        actorEmail: inquiry.email,
        details: { inquiryId: inquiry.id, offerId: offer.id, amountCents: offer.amountCents, listingId },
        request,
      });
      await inquiryUpdated(
        tx,
        inquiry.id,
        answer === 'accept' ? 'offer_accepted' : answer === 'decline' ? 'offer_declined' : 'offer_sent',
      );
      return { status, amountCents: offer.amountCents };
    });
  } catch (err) {
    if (pictures.length > 0) await removeCopiedPictures(ctx, pictures);
    throw err;
  }
}

/**
 * The draft listing's fields from the inquiry (docs/decisions/0050-farmer-offer-flow.md, 0073): what the farmer
 * left out gets a placeholder the inspector corrects (make "Other", year of the inquiry, 0 hours), but never a
 * condition: unstated until someone states it (Activate asks for it). The farmer's town, state, ZIP and phone are
 * the yard so far (only FieldLot sees a yard before the sale); its street address the admin adds. The asking
 * price is left at $0 for the admin to set (Activate asks for it too).
 */
function draftFrom(inquiry: SaleInquiry, offer: OfferRow) {
  const year = inquiry.year ?? new Date(inquiry.createdAt).getUTCFullYear();
  const yard = farmerYard(inquiry, zipPlace);
  const condition =
    CONDITIONS.find((c) => c.toLowerCase() === inquiry.condition?.trim().toLowerCase()) ?? null;
  return {
    userId: offer.sentBy,
    make: inquiry.make ?? 'Other',
    model: inquiry.model ?? '',
    year,
    hours: inquiry.hours ?? 0,
    location: yard.location ?? inquiry.location ?? '',
    city: yard.city,
    zip: yard.zip,
    yardPhone: yard.yardPhone,
    condition,
    transmission: inquiry.transmission,
    // Nothing of the farmer's own words, e-mail or the price FieldLot paid goes on a listing dealers will see.
    description: '',
    priceCents: 0,
  };
}
