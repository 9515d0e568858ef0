import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { enqueueMail } from '../../lib/outbox.js';
import { BRAND_NOTIFICATION, DAILY_DIGEST } from './notifications.mail.js';
import {
  claimBrandListings,
  claimDigestListings,
  recipients,
  setEmailNotifications,
  setLastDigestAt,
} from './notifications.repository.js';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

/** One e-mail lists at most this many tractors (the rest stay unsent for the next one). */
export const LISTINGS_PER_EMAIL = 50;
/** A dealer without an earlier digest gets the listings of the last day. */
export const FIRST_DIGEST_WINDOW_MS = 24 * 60 * 60_000;
/**
 * The window reaches back this far before the last digest, so a listing committed late (or stamped by a
 * database clock a little behind ours) is not missed; notification_sends keeps it from being sent twice.
 */
export const DIGEST_OVERLAP_MS = 60 * 60_000;

export interface SendResult {
  emailsSent: number;
  message?: string;
}

function requireAdmin(actor: Actor) {
  if (actor.status !== 'admin') throw new AppError('FORBIDDEN', 'Access denied. Admin privileges required.');
}

/**
 * SPEC.md send-brand-notifications: each approved dealer who prefers `brand` and wants these e-mails gets
 * ONE e-mail with the active listings of that brand never sent to them before. Per dealer, the sent
 * records and the outbox row are one transaction.
 */
export async function sendBrandNotifications(
  ctx: AppContext,
  actor: Actor,
  brand: string,
  request: RequestInfo,
): Promise<SendResult> {
  requireAdmin(actor);
  const dealers = await recipients(ctx.db, brand);
  let emailsSent = 0;
  let listingsSent = 0;
  for (const dealer of dealers) {
    const sent = await ctx.db.transaction(async (tx) => {
      const listings = await claimBrandListings(tx, dealer.id, brand, LISTINGS_PER_EMAIL, ctx.clock.now());
      if (listings.length === 0) return 0;
      await enqueueMail(tx, {
        template: BRAND_NOTIFICATION,
        to: dealer.email,
        payload: {
          name: dealer.name,
          brand,
          listings,
          unsubscribeToken: unsubscribeToken(ctx.config.sessionSecret, dealer.id),
        },
      });
      return listings.length;
    });
    if (sent > 0) {
      emailsSent += 1;
      listingsSent += sent;
    }
  }
  await audit(ctx.db, {
    action: 'notifications.brand_sent',
    resourceType: 'notification',
    actorUserId: actor.userId,
    actorEmail: actor.email,
    details: { brand, emailsSent, listingsSent, dealers: dealers.length },
    request,
  });
  if (emailsSent > 0) return { emailsSent };
  return {
    emailsSent: 0,
    message:
      dealers.length === 0
        ? `No approved dealers who prefer ${brand} have notifications switched on.`
        : `No new ${brand} listings to send. Every dealer has already been sent them.`,
  };
}

/**
 * SPEC.md daily-listing-notifications: each approved dealer who wants these e-mails gets the active
 * listings created since their last digest that no digest sent them yet, preferred brands first.
 * Run by the admin button and once a day by the scheduler (`actor` null).
 */
export async function sendDailyDigest(
  ctx: AppContext,
  actor: Actor | null,
  request?: RequestInfo,
): Promise<SendResult> {
  if (actor) requireAdmin(actor);
  const dealers = await recipients(ctx.db);
  let emailsSent = 0;
  let listingsSent = 0;
  for (const dealer of dealers) {
    const sent = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const since = dealer.lastDigestAt
        ? new Date(dealer.lastDigestAt.getTime() - DIGEST_OVERLAP_MS)
        : new Date(now.getTime() - FIRST_DIGEST_WINDOW_MS);
      const listings = await claimDigestListings(tx, dealer.id, since, LISTINGS_PER_EMAIL, now);
      await setLastDigestAt(tx, dealer.id, now);
      if (listings.length === 0) return 0;
      await enqueueMail(tx, {
        template: DAILY_DIGEST,
        to: dealer.email,
        payload: {
          name: dealer.name,
          listings,
          unsubscribeToken: unsubscribeToken(ctx.config.sessionSecret, dealer.id),
        },
      });
      return listings.length;
    });
    if (sent > 0) {
      emailsSent += 1;
      listingsSent += sent;
    }
  }
  await audit(ctx.db, {
    action: 'notifications.daily_sent',
    resourceType: 'notification',
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    details: { trigger: actor ? 'admin' : 'schedule', emailsSent, listingsSent, dealers: dealers.length },
    request,
  });
  if (emailsSent > 0) return { emailsSent };
  return { emailsSent: 0, message: 'No new listings to send since the last daily notifications.' };
}

export const INVALID_UNSUBSCRIBE =
  'This unsubscribe link is not valid. Sign in and switch e-mails off in My Account.';

/** GET side of the unsubscribe page: says whether the link is good, changes nothing. */
export function checkUnsubscribeToken(ctx: AppContext, token: string): boolean {
  return verifyUnsubscribeToken(ctx.config.sessionSecret, token) !== null;
}

/** POST side: the signed token alone is enough (no session), and only switches notifications off. */
export async function unsubscribe(ctx: AppContext, token: string, request: RequestInfo): Promise<void> {
  const userId = verifyUnsubscribeToken(ctx.config.sessionSecret, token);
  if (!userId) throw new AppError('BAD_REQUEST', INVALID_UNSUBSCRIBE);
  await ctx.db.transaction(async (tx) => {
    const email = await setEmailNotifications(tx, userId, false, ctx.clock.now());
    if (!email) throw new AppError('BAD_REQUEST', INVALID_UNSUBSCRIBE);
    await audit(tx, {
      action: 'notifications.unsubscribed',
      resourceType: 'notification',
      actorUserId: userId,
      actorEmail: email,
      details: { via: 'email-link' },
      request,
    });
  });
}
