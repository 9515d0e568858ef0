import {
  type AcceptInviteBody,
  type MemberUpdateBody,
  memberOfferProblem,
  TEAM_TEXT,
  type TeamInvite,
  type TeamMember,
  type TeamResponse,
} from '../../../../domain/dealerships.js';
import type { Executor } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { sha256 } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/password-hash.js';
import { createSession, revokeUserSessions } from '../../lib/sessions.js';
import { createUser, setUserStatus } from '../users/index.js';
import * as repo from './dealerships.repository.js';

/** docs/product/dealer-tools.md#dealership-teams */

export type { Membership } from './dealerships.repository.js';

/**
 * The acting dealer's current membership, creating the one-person dealership of a dealer approved after
 * migration 0012. Refused (403) for a removed member. Use inside the caller's transaction.
 */
export async function currentMembership(exec: Executor, actor: Actor, now: Date): Promise<repo.Membership> {
  if (actor.status !== 'approved') throw new AppError('NOT_FOUND', TEAM_TEXT.noDealership);
  let m = await repo.findMembership(exec, actor.userId);
  if (!m) {
    const user = await repo.userCompany(exec, actor.userId);
    if (!user) throw new AppError('FORBIDDEN', TEAM_TEXT.removed);
    await repo.createOwnDealership(exec, user, now);
    m = await repo.findMembership(exec, actor.userId);
  }
  if (!m || m.removedAt) throw new AppError('FORBIDDEN', TEAM_TEXT.removed);
  return m;
}

/**
 * Whose saved address each user's deliveries go to: their dealership owner's (decision 0041), else their own.
 */
export async function deliveryAccountIds(exec: Executor, userIds: string[]): Promise<Map<string, string>> {
  const owners = await repo.ownersOf(exec, userIds);
  return new Map(userIds.map((id) => [id, owners.find((o) => o.userId === id)?.ownerUserId ?? id]));
}

/** The server's refusal of an offer (or an accepted counter) of `cents` by this member, if any. */
export function checkMemberMayOffer(member: repo.Membership, cents: number): void {
  const problem = memberOfferProblem(member, cents);
  if (!problem) return;
  if (member.role === 'viewer') throw new AppError('FORBIDDEN', problem);
  throw new AppError('VALIDATION', problem, { fields: { amount: problem } });
}

const toMember = (r: repo.MemberRow): TeamMember => ({
  userId: r.userId,
  name: r.name,
  email: r.email,
  role: r.role,
  offerLimitCents: r.offerLimitCents,
  joinedAt: r.createdAt.toISOString(),
});

const toInvite = (r: repo.InviteRow): TeamInvite => ({
  id: r.id,
  email: r.email,
  role: r.role,
  offerLimitCents: r.offerLimitCents,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
});

export async function getTeam(ctx: AppContext, actor: Actor): Promise<TeamResponse> {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const m = await currentMembership(tx, actor, now);
    const owner = m.role === 'owner';
    return {
      dealership: { id: m.dealershipId, name: m.dealershipName },
      myRole: m.role,
      members: (await repo.listMembers(tx, m.dealershipId)).map(toMember),
      invites: owner ? (await repo.listOpenInvites(tx, m.dealershipId, now)).map(toInvite) : [],
    };
  });
}

/** The acting owner's membership (403 for any other member). */
export async function ownerMembership(exec: Executor, actor: Actor, now: Date) {
  const m = await currentMembership(exec, actor, now);
  if (m.role !== 'owner') throw new AppError('FORBIDDEN', TEAM_TEXT.notOwner);
  return m;
}

export async function revokeInvite(ctx: AppContext, actor: Actor, inviteId: string, request: RequestInfo) {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const m = await ownerMembership(tx, actor, now);
    if (!(await repo.revokeInvite(tx, m.dealershipId, inviteId, now)))
      throw new AppError('NOT_FOUND', TEAM_TEXT.inviteNotFound);
    await audit(tx, {
      action: 'team.invite_revoked',
      resourceType: 'dealership',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { dealershipId: m.dealershipId, inviteId },
      request,
    });
  });
}

export async function updateMember(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  input: MemberUpdateBody,
  request: RequestInfo,
): Promise<TeamMember> {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  const offerLimitCents =
    input.role === 'buyer' ? ((input.offerLimit as number | null | undefined) ?? null) : null;
  return ctx.db.transaction(async (tx) => {
    const m = await ownerMembership(tx, actor, now);
    if (userId === actor.userId) throw new AppError('CONFLICT', TEAM_TEXT.ownerFixed);
    const row = await repo.updateMember(tx, m.dealershipId, userId, { role: input.role, offerLimitCents });
    if (!row) throw new AppError('NOT_FOUND', TEAM_TEXT.memberNotFound);
    await audit(tx, {
      action: 'team.member_updated',
      resourceType: 'dealership',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { dealershipId: m.dealershipId, userId, role: input.role, offerLimitCents },
      request,
    });
    return toMember(row);
  });
}

/** Removes a member: the account is closed and every session of it ends at once (lib/sessions revocation). */
export async function removeMember(ctx: AppContext, actor: Actor, userId: string, request: RequestInfo) {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const m = await ownerMembership(tx, actor, now);
    if (userId === actor.userId) throw new AppError('CONFLICT', TEAM_TEXT.ownerFixed);
    if (!(await repo.removeMember(tx, m.dealershipId, userId, now)))
      throw new AppError('NOT_FOUND', TEAM_TEXT.memberNotFound);
    await setUserStatus(tx, userId, 'rejected', now);
    await revokeUserSessions(tx, userId);
    await audit(tx, {
      action: 'team.member_removed',
      resourceType: 'dealership',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { dealershipId: m.dealershipId, userId },
      request,
    });
  });
}

/**
 * The invitee sets their name and password: the account is created approved (through the owner, no
 * application) and joins the dealership with the invited role and limit. The token works once. The invitee is
 * signed in at once, as a sign-in would (decision 0041): the returned token is the new session's.
 */
export async function acceptInvite(
  ctx: AppContext,
  input: AcceptInviteBody,
  request: RequestInfo,
): Promise<{ email: string; token: string }> {
  const passwordHash = await hashPassword(String(input.password));
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const inv = await repo.consumeInvite(tx, sha256(input.token), now);
    if (!inv) throw new AppError('NOT_FOUND', TEAM_TEXT.inviteInvalid);
    const owner = await repo.findMembership(tx, inv.invitedBy);
    if (!owner || owner.removedAt || owner.dealershipId !== inv.dealershipId)
      throw new AppError('NOT_FOUND', TEAM_TEXT.inviteInvalid);
    // The invitee's account: approved through the owner's invitation (no application).
    const user = await createUser(tx, {
      name: String(input.name).trim(),
      email: inv.email,
      companyName: owner.dealershipName,
      passwordHash,
      status: 'approved',
      now,
    });
    // The address has an account (invitations never say so, decision 0039): its owner joins signed in.
    if (!user) throw new AppError('CONFLICT', TEAM_TEXT.haveAccount);
    await repo.insertMember(tx, {
      userId: user.id,
      dealershipId: inv.dealershipId,
      role: inv.role,
      offerLimitCents: inv.offerLimitCents,
      now,
    });
    await repo.setInviteUser(tx, inv.id, user.id);
    await audit(tx, {
      action: 'team.invite_accepted',
      resourceType: 'dealership',
      actorUserId: user.id,
      actorEmail: inv.email,
      details: { dealershipId: inv.dealershipId, inviteId: inv.id, role: inv.role },
      request,
    });
    const token = await createSession(tx, ctx.clock, user.id, request);
    return { email: inv.email, token };
  });
}
