import { type ApplicationsAnswer, allowedStatusActions, type UserStatus } from '../../../../domain/users.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { enqueueMail } from '../../lib/outbox.js';
import { hashPassword } from '../../lib/password-hash.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import { revokeUserSessions } from '../../lib/sessions.js';
import { addBrandSearches, brandSearchesOf, removeBrandSearch } from '../saved-searches/index.js';
import {
  APPLICATION_EXISTS_MAIL,
  APPLICATION_RECEIVED_MAIL,
  NEW_USER_MAIL,
  STATUS_CHANGE_MAIL,
} from './users.mail.js';
import * as repo from './users.repository.js';

export const APPLY_MESSAGE = 'Application submitted';
export const TOO_MANY_SIGNUPS = 'Too many signup attempts. Please try again later.';

export interface ApplyInput {
  name: string;
  email: string;
  password: string;
  companyName: string;
  brands: string[];
}

/**
 * A dealer application. Known and unknown e-mails get the same answer (docs/product/accounts.md#apply); the owner of an
 * existing address gets an e-mail instead. Nobody is signed in by applying.
 */
export async function apply(ctx: AppContext, input: ApplyInput, req: RequestInfo): Promise<string> {
  const byEmail = await hitRateLimit(ctx.db, ctx.clock, `signup:email:${input.email}`, RATE_RULES.signUp);
  const byIp = await hitRateLimit(ctx.db, ctx.clock, `signup:ip:${req.ip}`, RATE_RULES.perIpForms);
  if (!byEmail.allowed || !byIp.allowed) {
    await audit(ctx.db, { action: 'user.apply.blocked', actorEmail: input.email, request: req });
    throw new AppError('RATE_LIMITED', TOO_MANY_SIGNUPS, {
      retryAfterSeconds: Math.max(byEmail.retryAfterSeconds, byIp.retryAfterSeconds),
    });
  }
  // Hash first on every path, so the answer takes as long for a known e-mail as for a new one.
  const passwordHash = await hashPassword(input.password);
  const brands = [...new Set(input.brands)];
  await ctx.db.transaction(async (tx) => {
    const userId = await repo.insertApplicant(tx, {
      name: input.name,
      email: input.email,
      companyName: input.companyName,
      passwordHash,
      desiredBrand1: brands[0] ?? null,
    });
    if (!userId) {
      const existing = await repo.findNameByEmail(tx, input.email);
      if (existing)
        await enqueueMail(tx, {
          template: APPLICATION_EXISTS_MAIL,
          to: input.email,
          payload: { name: existing.name },
        });
      await audit(tx, {
        action: 'user.apply.existing_email',
        actorUserId: existing?.id,
        actorEmail: input.email,
        request: req,
      });
      return;
    }
    // A brand is a search (decision 0021): each brand of the application becomes a saved search, in the daily
    // e-mail.
    await addBrandSearches(tx, userId, brands, 'daily', ctx.clock.now());
    await enqueueMail(tx, {
      template: APPLICATION_RECEIVED_MAIL,
      to: input.email,
      payload: { name: input.name, companyName: input.companyName },
    });
    for (const to of await repo.adminEmails(tx)) {
      await enqueueMail(tx, {
        template: NEW_USER_MAIL,
        to,
        payload: { userId, name: input.name, email: input.email, companyName: input.companyName, brands },
      });
    }
    await audit(tx, {
      action: 'user.applied',
      actorUserId: userId,
      actorEmail: input.email,
      details: { brands },
      request: req,
    });
  });
  return APPLY_MESSAGE;
}

export async function getMyAccount(ctx: AppContext, actor: Actor) {
  requireRole(actor, 'dealer', 'admin');
  const profile = await repo.findProfile(ctx.db, actor.userId);
  if (!profile) throw new AppError('NOT_FOUND', 'Failed to load user information');
  return profile;
}

export async function updateMyAccount(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; companyName: string; emailNotifications?: boolean; resaleCertificate?: string },
) {
  requireRole(actor, 'dealer', 'admin');
  await repo.updateProfile(ctx.db, actor.userId, input, ctx.clock.now());
  return getMyAccount(ctx, actor);
}

export async function listMyBrands(ctx: AppContext, actor: Actor) {
  requireRole(actor, 'dealer', 'admin');
  return brandSearchesOf(ctx.db, actor.userId);
}

export async function addMyBrand(ctx: AppContext, actor: Actor, brandName: string) {
  requireRole(actor, 'dealer', 'admin');
  await addBrandSearches(ctx.db, actor.userId, [brandName], 'daily', ctx.clock.now());
  return brandSearchesOf(ctx.db, actor.userId);
}

export async function removeMyBrand(ctx: AppContext, actor: Actor, brandName: string) {
  requireRole(actor, 'dealer', 'admin');
  await removeBrandSearch(ctx.db, actor.userId, brandName);
}

export async function listApplications(ctx: AppContext, actor: Actor): Promise<ApplicationsAnswer> {
  requireRole(actor, 'admin');
  const [users, counts] = await Promise.all([repo.listApplications(ctx.db), repo.countByStatus(ctx.db)]);
  return {
    users: users.map((u) => ({
      ...u,
      createdAt: u.createdAt.toISOString(),
      actions: allowedStatusActions(u.status),
    })),
    counts: {
      total: users.length,
      pending: counts.pending,
      rejected: counts.rejected,
      approved: counts.approved,
      admins: counts.admin,
    },
  };
}

/** Approve or reject (docs/product/accounts.md#account-status); rejecting ends the dealer's sessions in the same transaction. */
export async function changeStatus(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  status: 'approved' | 'rejected',
  req: RequestInfo,
): Promise<{ id: string; status: UserStatus }> {
  requireRole(actor, 'admin');
  return ctx.db.transaction(async (tx) => {
    const user = await repo.lockUserForStatusChange(tx, userId);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    if (user.status === 'admin')
      throw new AppError('CONFLICT', 'Administrators cannot be approved or rejected');
    if (!allowedStatusActions(user.status).includes(status))
      throw new AppError('CONFLICT', `Application is already ${status}`);
    await repo.setStatus(tx, user.id, status, ctx.clock.now());
    if (status === 'rejected') await revokeUserSessions(tx, user.id);
    await enqueueMail(tx, {
      template: STATUS_CHANGE_MAIL,
      to: user.email,
      payload: { name: user.name, status },
    });
    await audit(tx, {
      action: 'user.status_changed',
      resourceType: 'user',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { userId: user.id, email: user.email, from: user.status, to: status },
      request: req,
    });
    return { id: user.id, status };
  });
}
