import type { Tx } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { enqueueMail } from '../../lib/outbox.js';
import { unsubscribeToken, verifyUnsubscribeToken } from '../../lib/unsubscribe-token.js';
import type { TemplateName } from '../mail/index.js';
import { recordDailyAlerts } from '../saved-searches/index.js';
import { setEmailNotifications, setLastDigestAt } from '../users/index.js';
import { BRAND_NOTIFICATION, DAILY_DIGEST } from './notifications.mail.js';
import {
  claimBrandBatch,
  claimDigestBatch,
  countRecipients,
  type DealerBatch,
  recipientIds,
} from './notifications.repository.js';

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

/** Brand notifications announce listings of the last 30 days: new stock, not the whole back catalogue. */
export const BRAND_WINDOW_MS = 30 * 24 * 60 * 60_000;

/** One outbox row per dealer, in the transaction that recorded the listings as sent. */
async function enqueueBatches(
  ctx: AppContext,
  tx: Tx,
  template: TemplateName,
  batches: DealerBatch[],
  extra: Record<string, unknown>,
) {
  for (const b of batches) {
    await enqueueMail(tx, {
      template,
      to: b.email,
      payload: {
        ...extra,
        name: b.name,
        listings: b.listings,
        unsubscribeToken: unsubscribeToken(ctx.config.sessionSecret, b.userId),
      },
    });
  }
}

const listingCount = (batches: DealerBatch[]) => batches.reduce((n, b) => n + b.listings.length, 0);

/**
 * docs/product/notifications.md#brand-notifications, send-brand-notifications: each approved dealer who prefers `brand` and wants these e-mails gets
 * ONE e-mail with the active listings of that brand never sent to them before. The sent records and the
 * outbox rows are one transaction; the whole send is a few statements however many dealers there are.
 */
export async function sendBrandNotifications(
  ctx: AppContext,
  actor: Actor,
  brand: string,
  request: RequestInfo,
): Promise<SendResult> {
  requireRole(actor, 'admin');
  const now = ctx.clock.now();
  const batches = await ctx.db.transaction(async (tx) => {
    const claimed = await claimBrandBatch(
      tx,
      brand,
      new Date(now.getTime() - BRAND_WINDOW_MS),
      LISTINGS_PER_EMAIL,
      now,
    );
    await enqueueBatches(ctx, tx, BRAND_NOTIFICATION, claimed, { brand });
    return claimed;
  });
  const emailsSent = batches.length;
  const dealers = emailsSent > 0 ? emailsSent : await countRecipients(ctx.db, brand);
  await audit(ctx.db, {
    action: 'notifications.brand_sent',
    resourceType: 'notification',
    actorUserId: actor.userId,
    actorEmail: actor.email,
    details: { brand, emailsSent, listingsSent: listingCount(batches) },
    request,
  });
  if (emailsSent > 0) return { emailsSent };
  return {
    emailsSent: 0,
    message:
      dealers === 0
        ? `No approved dealers who prefer ${brand} have notifications switched on.`
        : `No new ${brand} listings to send. Every dealer has already been sent them.`,
  };
}

/**
 * docs/product/notifications.md#daily-listing-notifications: each approved dealer who wants these e-mails gets the active
 * listings created since their last digest that no digest sent them yet, preferred brands first.
 * Run by the admin button and once a day by the scheduler (`actor` null).
 */
export async function sendDailyDigest(
  ctx: AppContext,
  actor: Actor | null,
  request?: RequestInfo,
): Promise<SendResult> {
  if (actor) requireRole(actor, 'admin');
  const now = ctx.clock.now();
  const batches = await ctx.db.transaction(async (tx) => {
    const firstSince = new Date(now.getTime() - FIRST_DIGEST_WINDOW_MS);
    const recipients = await recipientIds(tx);
    const claimed = await claimDigestBatch(tx, firstSince, DIGEST_OVERLAP_MS, LISTINGS_PER_EMAIL, now);
    // A daily search's matches in this e-mail count as its alert: never alerted again (once per listing).
    await recordDailyAlerts(
      tx,
      claimed.flatMap((b) => b.listings.map((l) => ({ userId: b.userId, listingId: l.id }))),
      now,
    );
    await setLastDigestAt(tx, recipients, now);
    await enqueueBatches(ctx, tx, DAILY_DIGEST, claimed, {});
    return claimed;
  });
  const emailsSent = batches.length;
  await audit(ctx.db, {
    action: 'notifications.daily_sent',
    resourceType: 'notification',
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    details: { trigger: actor ? 'admin' : 'schedule', emailsSent, listingsSent: listingCount(batches) },
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
