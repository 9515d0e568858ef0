import { randomUUID } from 'node:crypto';
import { safeRedirectPath } from '../../../../domain/routes.js';
import { canSignIn as canSignInStatus, roleOf, type SessionUser } from '../../../../domain/users.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { AppContext, RequestInfo } from '../../lib/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { enqueueMail } from '../../lib/outbox.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password-hash.js';
import {
  hitRateLimit,
  RATE_RULES,
  type RateResult,
  releaseRateLimitHit,
  resetRateLimit,
} from '../../lib/rate-limit.js';
import { createSession, revokeSession, revokeUserSessions } from '../../lib/sessions.js';
import { setPasswordHash } from '../users/index.js';
import {
  RESET_MAIL,
  RESET_NOT_APPROVED_MAIL,
  SIGN_IN_LINK_MAIL,
  SIGN_IN_LINK_NOT_APPROVED_MAIL,
} from './auth.mail.js';
import {
  consumeToken,
  deleteOpenTokens,
  findUserByEmail,
  findUserById,
  replaceToken,
  type UserCredentials,
} from './auth.repository.js';

export const SIGN_IN_LINK_MS = 15 * 60_000;
export const RESET_LINK_MS = 60 * 60_000;

export const AUTH_MESSAGES = {
  invalid: 'Invalid email or password',
  pending: 'Your application is still pending approval. Please wait for admin confirmation.',
  rejected: 'Your application has been rejected. Please contact support for more information.',
  adminOnly: 'Access denied. Admin privileges required.',
  resetSent: 'Password reset link sent to your email!',
  linkSent: 'Login link sent! Please check your email.',
  linkInvalid: 'This sign-in link is invalid, has expired or was already used.',
  resetInvalid: 'This password reset link is invalid, has expired or was already used.',
  notApproved: 'Account not approved for access',
  tooManyLinks: 'Too many attempts. Please try again later.',
} as const;

const minutesLeft = (r: RateResult) => Math.max(1, Math.ceil(r.retryAfterSeconds / 60));

export function toSessionUser(
  u: Pick<UserCredentials, 'id' | 'name' | 'email' | 'companyName' | 'status'>,
): SessionUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    companyName: u.companyName,
    status: u.status,
    role: roleOf(u.status),
  };
}

/** Only approved dealers, inspectors and admins may sign in (docs/product/accounts.md#account-status). */
const canSignIn = canSignInStatus;

/** What an e-mailed-link request did, for the audit log (the answer to the client is the same for all three). */
function linkOutcome(user: { status: string } | null) {
  if (!user) return 'unknown_email';
  return canSignIn(user.status) ? 'link_sent' : 'not_approved';
}

/**
 * The per-account bucket of an attempt: the trusted device's own (its cookie's nonce) or the one shared
 * by every other client. Other clients' failures never fill a trusted device's bucket (decision 0012).
 */
const accountKey = (scope: string, email: string, device: string | null | undefined) =>
  device ? `${scope}:device:${device}` : `${scope}:email:${email}`;

/** Counts one attempt by account bucket and by client address; both must allow it. */
async function limit(
  ctx: AppContext,
  scope: string,
  email: string,
  device: string | null | undefined,
  ip: string,
  rules: {
    email: (typeof RATE_RULES)[keyof typeof RATE_RULES];
    ip: (typeof RATE_RULES)[keyof typeof RATE_RULES];
  },
): Promise<RateResult> {
  const byEmail = await hitRateLimit(ctx.db, ctx.clock, accountKey(scope, email, device), rules.email);
  const byIp = await hitRateLimit(ctx.db, ctx.clock, `${scope}:ip:${ip}`, rules.ip);
  if (byEmail.allowed && byIp.allowed) return byEmail;
  return { allowed: false, retryAfterSeconds: Math.max(byEmail.retryAfterSeconds, byIp.retryAfterSeconds) };
}

export interface SignInInput {
  email: string;
  password: string;
  /** /admin-login: only admins get a session. */
  adminOnly?: boolean;
  /** The caller's current session, replaced by a new one (a new id at every sign-in). */
  currentSessionId?: string | null;
  /** Nonce of a valid device cookie for this e-mail: this browser signed in to the account before. */
  device?: string | null;
}

export async function signIn(
  ctx: AppContext,
  input: SignInInput,
  req: RequestInfo,
): Promise<{ user: SessionUser; token: string }> {
  const { email } = input;
  // Per account bucket every attempt counts (exactly 5 get through, however parallel). Per address only
  // failures count, so an office full of dealers signing in is never blocked, while spraying passwords is:
  // each attempt reserves a slot in one atomic upsert and a success gives it back, so the cap holds
  // exactly under parallel load. A trusted device counts in its own bucket only (device cookies).
  const accountBucket = accountKey('signin', email, input.device);
  const ipKey = input.device ? null : `signin:ip:${req.ip}`;
  const byEmail = await hitRateLimit(ctx.db, ctx.clock, accountBucket, RATE_RULES.signIn);
  const byIp =
    byEmail.allowed && ipKey
      ? await hitRateLimit(ctx.db, ctx.clock, ipKey, RATE_RULES.signInPerIp)
      : { allowed: true, retryAfterSeconds: 0 };
  if (!byEmail.allowed || !byIp.allowed) {
    const rate = {
      allowed: false,
      retryAfterSeconds: Math.max(byEmail.retryAfterSeconds, byIp.retryAfterSeconds),
    };
    await audit(ctx.db, {
      action: 'auth.sign_in.blocked',
      actorEmail: email,
      details: {
        admin: !!input.adminOnly,
        by: byEmail.allowed ? 'address' : input.device ? 'device' : 'email',
      },
      request: req,
    });
    throw new AppError(
      'RATE_LIMITED',
      `Too many login attempts. Please try again in ${minutesLeft(rate)} minutes.`,
      { retryAfterSeconds: rate.retryAfterSeconds },
    );
  }

  const user = await findUserByEmail(ctx.db, email);
  // Unknown e-mail or no password: verify against a real dummy hash so both cost the same.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user?.passwordHash || !ok) {
    await audit(ctx.db, {
      action: 'auth.sign_in.failed',
      actorUserId: user?.id,
      actorEmail: email,
      details: { reason: 'bad_credentials', admin: !!input.adminOnly },
      request: req,
    });
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.invalid, {
      fields: { password: AUTH_MESSAGES.invalid },
    });
  }

  // The password checked out: the client's reserved failure slot is given back; now (and only now) the
  // account's state may be told.
  if (ipKey) await releaseRateLimitHit(ctx.db, ctx.clock, ipKey);
  const refusal = input.adminOnly
    ? user.status !== 'admin' && AUTH_MESSAGES.adminOnly
    : user.status === 'rejected'
      ? AUTH_MESSAGES.rejected
      : !canSignIn(user.status) && AUTH_MESSAGES.pending;
  if (refusal) {
    await audit(ctx.db, {
      action: 'auth.sign_in.refused',
      actorUserId: user.id,
      actorEmail: email,
      details: { status: user.status, admin: !!input.adminOnly },
      request: req,
    });
    throw new AppError('FORBIDDEN', refusal);
  }

  const token = await ctx.db.transaction(async (tx) => {
    if (input.currentSessionId) await revokeSession(tx, input.currentSessionId);
    const t = await createSession(tx, ctx.clock, user.id, req);
    await audit(tx, {
      action: input.adminOnly ? 'auth.admin_sign_in.success' : 'auth.sign_in.success',
      actorUserId: user.id,
      actorEmail: email,
      request: req,
    });
    return t;
  });
  await resetRateLimit(ctx.db, accountBucket);
  return { user: toSessionUser(user), token };
}

export async function signOut(
  ctx: AppContext,
  sessionId: string | null,
  user: SessionUser | null,
  req: RequestInfo,
) {
  if (!sessionId) return;
  await revokeSession(ctx.db, sessionId);
  await audit(ctx.db, {
    action: 'auth.sign_out',
    actorUserId: user?.id,
    actorEmail: user?.email,
    request: req,
  });
}

class Rehearsal extends Error {}

/**
 * For an unknown address: the statements an approved one runs (replace a token, queue a mail), in a
 * savepoint that is then rolled back, so the answer takes as long either way and tells nothing
 * (docs/product/security.md). Nothing is kept and nothing is sent.
 */
async function rehearseLinkWork(
  tx: Executor,
  kind: 'reset' | 'sign_in',
  template: typeof RESET_MAIL | typeof SIGN_IN_LINK_MAIL,
  email: string,
) {
  try {
    await tx.transaction(async (sp) => {
      const token = randomToken();
      await deleteOpenTokens(sp, randomUUID(), kind);
      await enqueueMail(sp, { template, to: email, payload: { name: '', token: sha256(token), url: '' } });
      throw new Rehearsal();
    });
  } catch (err) {
    if (!(err instanceof Rehearsal)) throw err;
  }
}

/** Password reset request: the answer never depends on the account; the e-mail says what applies. */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  req: RequestInfo,
  device?: string | null,
): Promise<string> {
  const rate = await limit(ctx, 'reset', email, device, req.ip, {
    email: RATE_RULES.reset,
    ip: RATE_RULES.perIpForms,
  });
  if (!rate.allowed) {
    await audit(ctx.db, { action: 'auth.reset.blocked', actorEmail: email, request: req });
    throw new AppError(
      'RATE_LIMITED',
      `Too many password reset attempts. Please try again in ${minutesLeft(rate)} minutes.`,
      { retryAfterSeconds: rate.retryAfterSeconds },
    );
  }
  const user = await findUserByEmail(ctx.db, email);
  await ctx.db.transaction(async (tx) => {
    if (user && canSignIn(user.status)) {
      const token = randomToken();
      await replaceToken(tx, {
        tokenHash: sha256(token),
        kind: 'reset',
        userId: user.id,
        expiresAt: new Date(ctx.clock.now().getTime() + RESET_LINK_MS),
      });
      await enqueueMail(tx, { template: RESET_MAIL, to: user.email, payload: { name: user.name, token } });
    } else if (user) {
      await enqueueMail(tx, {
        template: RESET_NOT_APPROVED_MAIL,
        to: user.email,
        payload: { name: user.name },
      });
    } else {
      await rehearseLinkWork(tx, 'reset', RESET_MAIL, email);
    }
    await audit(tx, {
      action: 'auth.reset.requested',
      actorUserId: user?.id,
      actorEmail: email,
      details: { outcome: linkOutcome(user) },
      request: req,
    });
  });
  return AUTH_MESSAGES.resetSent;
}

/** Consumes a reset token and sets the new password; every session of the user ends; nobody is signed in. */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
  req: RequestInfo,
): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const consumed = await consumeToken(tx, { tokenHash: sha256(input.token), kind: 'reset', now });
    const user = consumed ? await findUserById(tx, consumed.userId) : null;
    if (!consumed || !user || !canSignIn(user.status)) {
      throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetInvalid);
    }
    await setPasswordHash(tx, user.id, passwordHash, now);
    await revokeUserSessions(tx, user.id);
    await audit(tx, {
      action: 'auth.reset.completed',
      actorUserId: user.id,
      actorEmail: user.email,
      request: req,
    });
    return user.email;
  });
}

/** Builds a sign-in link for an approved user (or admin) and stores its token's hash. Returns the path. */
export async function issueSignInLink(
  exec: Executor,
  ctx: AppContext,
  input: {
    userId: string;
    email: string;
    listingId?: string | null;
    redirectTo?: string | null;
    style: 'auth-redirect' | 'email-auth';
  },
): Promise<string> {
  const token = randomToken();
  await replaceToken(exec, {
    tokenHash: sha256(token),
    kind: 'sign_in',
    userId: input.userId,
    expiresAt: new Date(ctx.clock.now().getTime() + SIGN_IN_LINK_MS),
    listingId: input.listingId ?? null,
    redirectTo: input.redirectTo ?? null,
  });
  const params = new URLSearchParams(
    input.style === 'auth-redirect'
      ? { token, email: input.email, ...(input.listingId ? { listing: input.listingId } : {}) }
      : {
          email: input.email,
          temp_password: token,
          ...(input.redirectTo ? { redirect_to: input.redirectTo } : {}),
        },
  );
  return `/${input.style}?${params}`;
}

/** "Email me a sign-in link": same answer for everyone; only approved dealers and admins get a link. */
export async function requestSignInLink(
  ctx: AppContext,
  input: { email: string; listingId?: string | null; device?: string | null },
  req: RequestInfo,
): Promise<string> {
  const rate = await limit(ctx, 'link', input.email, input.device, req.ip, {
    email: RATE_RULES.link,
    ip: RATE_RULES.perIpForms,
  });
  if (!rate.allowed) {
    await audit(ctx.db, { action: 'auth.link.blocked', actorEmail: input.email, request: req });
    throw new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyLinks, {
      retryAfterSeconds: rate.retryAfterSeconds,
    });
  }
  const user = await findUserByEmail(ctx.db, input.email);
  await ctx.db.transaction(async (tx) => {
    if (user && canSignIn(user.status)) {
      const url = await issueSignInLink(tx, ctx, {
        userId: user.id,
        email: user.email,
        listingId: input.listingId,
        style: 'auth-redirect',
      });
      await enqueueMail(tx, {
        template: SIGN_IN_LINK_MAIL,
        to: user.email,
        payload: { name: user.name, url },
      });
    } else if (user) {
      await enqueueMail(tx, {
        template: SIGN_IN_LINK_NOT_APPROVED_MAIL,
        to: user.email,
        payload: { name: user.name },
      });
    } else {
      await rehearseLinkWork(tx, 'sign_in', SIGN_IN_LINK_MAIL, input.email);
    }
    await audit(tx, {
      action: 'auth.link.requested',
      actorUserId: user?.id,
      actorEmail: input.email,
      details: { outcome: linkOutcome(user) },
      request: req,
    });
  });
  return AUTH_MESSAGES.linkSent;
}

/** Only same-origin paths (the rule is the domain's, shared with the web). */
export const safeRedirect = safeRedirectPath;

/** Confirms an e-mailed sign-in link (POST; opening the link consumed nothing). */
export async function signInWithLink(
  ctx: AppContext,
  input: { token: string; email: string; redirectTo?: string | null; currentSessionId?: string | null },
  req: RequestInfo,
): Promise<{ user: SessionUser; token: string; redirectTo: string }> {
  const result = await ctx.db.transaction(async (tx) => {
    const consumed = await consumeToken(tx, {
      tokenHash: sha256(input.token),
      kind: 'sign_in',
      now: ctx.clock.now(),
      email: input.email,
    });
    if (!consumed) return { error: AUTH_MESSAGES.linkInvalid, userId: null } as const;
    const user = await findUserById(tx, consumed.userId);
    if (!user || !canSignIn(user.status))
      return { error: AUTH_MESSAGES.notApproved, userId: consumed.userId } as const;
    if (input.currentSessionId) await revokeSession(tx, input.currentSessionId);
    const token = await createSession(tx, ctx.clock, user.id, req);
    await audit(tx, {
      action: 'auth.link.sign_in',
      actorUserId: user.id,
      actorEmail: user.email,
      request: req,
    });
    const redirectTo = consumed.listingId
      ? `/tractor/${consumed.listingId}`
      : (safeRedirect(input.redirectTo) ?? safeRedirect(consumed.redirectTo) ?? '/');
    return { user: toSessionUser(user), token, redirectTo };
  });
  if ('error' in result && result.error) {
    await audit(ctx.db, {
      action: 'auth.link.failed',
      actorUserId: result.userId,
      actorEmail: input.email,
      details: { reason: result.error },
      request: req,
    });
    throw new AppError(
      result.error === AUTH_MESSAGES.notApproved ? 'FORBIDDEN' : 'BAD_REQUEST',
      result.error,
    );
  }
  return result as { user: SessionUser; token: string; redirectTo: string };
}
