import { type JoinInviteBody, TEAM_TEXT, type TeamResponse } from '../../../../domain/dealerships.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { sha256 } from '../../lib/crypto.js';
import * as repo from './dealerships.repository.js';
import { getTeam } from './dealerships.service.js';

/**
 * An invitee who already has a FieldLot account joins with their own sign-in (decision 0039,
 * docs/product/dealer-tools.md#dealership-teams): an approved dealer signed in as the invited address. They
 * leave their own dealership, which must have no other member; their earlier offers and purchases stay with it.
 * A link for another address answers as an invalid one, so it says nothing of who was invited.
 */
export async function joinWithAccount(
  ctx: AppContext,
  actor: Actor,
  input: JoinInviteBody,
  request: RequestInfo,
): Promise<TeamResponse> {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const inv = await repo.openInviteByToken(tx, sha256(input.token), now);
    if (!inv || inv.email.toLowerCase() !== actor.email.toLowerCase())
      throw new AppError('NOT_FOUND', TEAM_TEXT.inviteInvalid);
    if (actor.status !== 'approved') throw new AppError('CONFLICT', TEAM_TEXT.noDealership);
    const owner = await repo.findMembership(tx, inv.invitedBy);
    if (!owner || owner.removedAt || owner.dealershipId !== inv.dealershipId)
      throw new AppError('NOT_FOUND', TEAM_TEXT.inviteInvalid);
    const mine = await repo.findMembership(tx, actor.userId, true);
    if (mine?.removedAt) throw new AppError('FORBIDDEN', TEAM_TEXT.removed);
    if (mine?.dealershipId === inv.dealershipId) throw new AppError('CONFLICT', TEAM_TEXT.alreadyMember);
    if (mine?.role === 'owner' && (await repo.currentMemberCount(tx, mine.dealershipId)) > 1)
      throw new AppError('CONFLICT', TEAM_TEXT.ownerWithTeam);
    if (!(await repo.consumeInvite(tx, sha256(input.token), now)))
      throw new AppError('NOT_FOUND', TEAM_TEXT.inviteInvalid);
    const member = {
      userId: actor.userId,
      dealershipId: inv.dealershipId,
      role: inv.role,
      offerLimitCents: inv.offerLimitCents,
      now,
    };
    if (mine) await repo.moveMember(tx, member);
    else await repo.insertMember(tx, member);
    await repo.setInviteUser(tx, inv.id, actor.userId);
    await audit(tx, {
      action: 'team.invite_accepted',
      resourceType: 'dealership',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: {
        dealershipId: inv.dealershipId,
        inviteId: inv.id,
        role: inv.role,
        leftDealershipId: mine?.dealershipId ?? null,
      },
      request,
    });
  });
  return getTeam(ctx, actor);
}
