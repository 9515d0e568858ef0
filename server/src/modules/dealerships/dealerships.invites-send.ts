import {
  INVITE_MAILS_PER_ADDRESS_PER_DAY,
  INVITE_RESEND_QUIET_HOURS,
  INVITE_TTL_DAYS,
  INVITES_PER_DEALERSHIP_PER_DAY,
  type InviteBody,
  plainDisplayName,
  TEAM_TEXT,
  type TeamInvite,
} from '../../../../domain/dealerships.js';
import type { Tx } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { enqueueMail } from '../../lib/outbox.js';
import { hitRateLimit, type RateRule } from '../../lib/rate-limit.js';
import { TEAM_INVITE_MAIL } from './dealerships.mail.js';
import * as repo from './dealerships.repository.js';
import { ownerMembership } from './dealerships.service.js';

const DAY_MS = 24 * 3600_000;
const PER_DEALERSHIP: RateRule = { limit: INVITES_PER_DEALERSHIP_PER_DAY, windowMs: DAY_MS, blockMs: 1000 };
const PER_ADDRESS: RateRule = { limit: INVITE_MAILS_PER_ADDRESS_PER_DAY, windowMs: DAY_MS, blockMs: 1000 };

/** A cap counted in the database (rate_limits): refused with 429 and the owner's text. */
async function cap(tx: Tx, ctx: AppContext, key: string, rule: RateRule, message: string) {
  const hit = await hitRateLimit(tx, ctx.clock, key, rule);
  if (!hit.allowed) throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: hit.retryAfterSeconds });
}

/**
 * The owner invites a buyer or viewer (docs/product/dealer-tools.md#dealership-teams, decision 0039). The answer
 * is the same whether or not the address has a FieldLot account (someone who has one joins with their own
 * sign-in). Caps: INVITES_PER_DEALERSHIP_PER_DAY invitations a dealership, INVITE_MAILS_PER_ADDRESS_PER_DAY
 * e-mails an address (every dealership together). Re-sent within INVITE_RESEND_QUIET_HOURS of the last e-mail to
 * the address (withdrawn or not), the invitation keeps that e-mail's link and sends nothing.
 */
export async function invite(
  ctx: AppContext,
  actor: Actor,
  input: InviteBody,
  request: RequestInfo,
): Promise<TeamInvite> {
  requireRole(actor, 'dealer', 'admin');
  const email = String(input.email);
  const offerLimitCents = (input.offerLimit as number | null | undefined) ?? null;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const m = await ownerMembership(tx, actor, now);
    await cap(
      tx,
      ctx,
      `team-invite:dealership:${m.dealershipId}`,
      PER_DEALERSHIP,
      TEAM_TEXT.inviteCapDealership,
    );
    const since = new Date(now.getTime() - INVITE_RESEND_QUIET_HOURS * 3600_000);
    const mailed = await repo.lastMailedInvite(tx, m.dealershipId, email, since);
    const token = mailed ? null : randomToken();
    if (token)
      await cap(tx, ctx, `team-invite:to:${email.toLowerCase()}`, PER_ADDRESS, TEAM_TEXT.inviteCapAddress);
    const row = await repo.replaceInvite(tx, {
      dealershipId: m.dealershipId,
      email,
      role: input.role,
      offerLimitCents: input.role === 'buyer' ? offerLimitCents : null,
      tokenHash: mailed ? mailed.tokenHash : sha256(token ?? ''),
      invitedBy: actor.userId,
      now,
      expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS),
      mailedAt: token ? now : null,
    });
    if (token)
      await enqueueMail(tx, {
        template: TEAM_INVITE_MAIL,
        to: email,
        payload: {
          token,
          ownerName: plainDisplayName(actor.name),
          dealershipName: plainDisplayName(m.dealershipName),
          role: row.role,
          offerLimitCents: row.offerLimitCents,
          days: INVITE_TTL_DAYS,
        },
      });
    await audit(tx, {
      action: 'team.invite',
      resourceType: 'dealership',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { dealershipId: m.dealershipId, inviteId: row.id, email, role: row.role, mailed: !!token },
      request,
    });
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      offerLimitCents: row.offerLimitCents,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  });
}
