import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DealershipRole, MemberRole } from '../../../../domain/dealerships.js';
import { type Executor, rowsOf } from '../../db/client.js';
import { dealershipInvites, dealershipMembers, dealerships, users } from '../../db/schema.js';

/** The only file of the dealerships module that touches the database. */

export interface Membership {
  userId: string;
  dealershipId: string;
  dealershipName: string;
  ownerUserId: string;
  role: DealershipRole;
  offerLimitCents: number | null;
  removedAt: Date | null;
}

const membershipColumns = {
  userId: dealershipMembers.userId,
  dealershipId: dealershipMembers.dealershipId,
  dealershipName: dealerships.name,
  ownerUserId: dealerships.ownerUserId,
  role: dealershipMembers.role,
  offerLimitCents: dealershipMembers.offerLimitCents,
  removedAt: dealershipMembers.removedAt,
};

/** Each current member's dealership owner (members with no dealership are left out). */
export async function ownersOf(exec: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return exec
    .select({ userId: dealershipMembers.userId, ownerUserId: dealerships.ownerUserId })
    .from(dealershipMembers)
    .innerJoin(dealerships, eq(dealerships.id, dealershipMembers.dealershipId))
    .where(and(inArray(dealershipMembers.userId, userIds), isNull(dealershipMembers.removedAt)));
}

/** The user's membership (removed ones too); `lock` holds the row for the rest of the transaction. */
export async function findMembership(
  exec: Executor,
  userId: string,
  lock = false,
): Promise<Membership | null> {
  const q = exec
    .select(membershipColumns)
    .from(dealershipMembers)
    .innerJoin(dealerships, eq(dealerships.id, dealershipMembers.dealershipId))
    .where(eq(dealershipMembers.userId, userId));
  const rows = lock ? await q.for('update', { of: dealershipMembers }) : await q;
  return rows[0] ?? null;
}

/**
 * A dealer approved after migration 0012 who never belonged to a dealership becomes the owner of a one-person
 * dealership named after their company. Safe when two requests do it at once (the owner key and the member key).
 */
export async function createOwnDealership(
  exec: Executor,
  user: { id: string; companyName: string },
  now: Date,
): Promise<void> {
  await exec
    .insert(dealerships)
    .values({ name: user.companyName, ownerUserId: user.id, createdAt: now })
    .onConflictDoNothing();
  const [d] = await exec
    .select({ id: dealerships.id })
    .from(dealerships)
    .where(eq(dealerships.ownerUserId, user.id));
  await exec
    .insert(dealershipMembers)
    .values({ userId: user.id, dealershipId: d.id, role: 'owner', createdAt: now })
    .onConflictDoNothing();
}

export async function userCompany(exec: Executor, userId: string) {
  const rows = await exec
    .select({ id: users.id, companyName: users.companyName, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0] ?? null;
}

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: DealershipRole;
  offerLimitCents: number | null;
  createdAt: Date;
}

const memberColumns = {
  userId: dealershipMembers.userId,
  name: users.name,
  email: users.email,
  role: dealershipMembers.role,
  offerLimitCents: dealershipMembers.offerLimitCents,
  createdAt: dealershipMembers.createdAt,
};

/** The current members of a dealership, the owner first. */
export async function listMembers(exec: Executor, dealershipId: string): Promise<MemberRow[]> {
  return exec
    .select(memberColumns)
    .from(dealershipMembers)
    .innerJoin(users, eq(users.id, dealershipMembers.userId))
    .where(and(eq(dealershipMembers.dealershipId, dealershipId), isNull(dealershipMembers.removedAt)))
    .orderBy(sql`${dealershipMembers.role} = 'owner' desc`, asc(users.name));
}

/** Changes a member's role and limit (never the owner's row); null when no such member of this dealership. */
export async function updateMember(
  exec: Executor,
  dealershipId: string,
  userId: string,
  set: { role: MemberRole; offerLimitCents: number | null },
): Promise<MemberRow | null> {
  const rows = await exec
    .update(dealershipMembers)
    .set(set)
    .where(
      and(
        eq(dealershipMembers.dealershipId, dealershipId),
        eq(dealershipMembers.userId, userId),
        isNull(dealershipMembers.removedAt),
        sql`${dealershipMembers.role} <> 'owner'`,
      ),
    )
    .returning({ userId: dealershipMembers.userId });
  if (!rows[0]) return null;
  const [row] = await exec
    .select(memberColumns)
    .from(dealershipMembers)
    .innerJoin(users, eq(users.id, dealershipMembers.userId))
    .where(eq(dealershipMembers.userId, userId));
  return row ?? null;
}

/**
 * Removes a member (not the owner): the membership is kept with removed_at and the account is closed
 * (status rejected, so it can no longer sign in). False when no such current member.
 */
export async function removeMember(
  exec: Executor,
  dealershipId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .update(dealershipMembers)
    .set({ removedAt: now })
    .where(
      and(
        eq(dealershipMembers.dealershipId, dealershipId),
        eq(dealershipMembers.userId, userId),
        isNull(dealershipMembers.removedAt),
        sql`${dealershipMembers.role} <> 'owner'`,
      ),
    )
    .returning({ userId: dealershipMembers.userId });
  return rows.length > 0;
}

export interface InviteRow {
  id: string;
  dealershipId: string;
  email: string;
  role: MemberRole;
  offerLimitCents: number | null;
  createdAt: Date;
  expiresAt: Date;
}

const inviteColumns = {
  id: dealershipInvites.id,
  dealershipId: dealershipInvites.dealershipId,
  email: dealershipInvites.email,
  role: dealershipInvites.role,
  offerLimitCents: dealershipInvites.offerLimitCents,
  createdAt: dealershipInvites.createdAt,
  expiresAt: dealershipInvites.expiresAt,
};

const openInvite = (now: Date) =>
  and(
    isNull(dealershipInvites.acceptedAt),
    isNull(dealershipInvites.revokedAt),
    gt(dealershipInvites.expiresAt, now),
  );

export async function listOpenInvites(exec: Executor, dealershipId: string, now: Date): Promise<InviteRow[]> {
  return exec
    .select(inviteColumns)
    .from(dealershipInvites)
    .where(and(eq(dealershipInvites.dealershipId, dealershipId), openInvite(now)))
    .orderBy(asc(dealershipInvites.createdAt));
}

export async function emailTaken(exec: Executor, email: string): Promise<boolean> {
  const rows = await exec.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

/** A new invitation replaces an unanswered one to the same address from the same dealership. */
export async function replaceInvite(
  exec: Executor,
  row: {
    dealershipId: string;
    email: string;
    role: MemberRole;
    offerLimitCents: number | null;
    tokenHash: string;
    invitedBy: string;
    now: Date;
    expiresAt: Date;
    /** When its e-mail is queued; null when it keeps the link of one e-mailed within a day. */
    mailedAt: Date | null;
  },
): Promise<InviteRow> {
  await exec
    .update(dealershipInvites)
    .set({ revokedAt: row.now })
    .where(
      and(
        eq(dealershipInvites.dealershipId, row.dealershipId),
        eq(dealershipInvites.email, row.email),
        isNull(dealershipInvites.acceptedAt),
        isNull(dealershipInvites.revokedAt),
      ),
    );
  const [created] = await exec
    .insert(dealershipInvites)
    .values({
      dealershipId: row.dealershipId,
      email: row.email,
      role: row.role,
      offerLimitCents: row.offerLimitCents,
      tokenHash: row.tokenHash,
      invitedBy: row.invitedBy,
      createdAt: row.now,
      expiresAt: row.expiresAt,
      mailedAt: row.mailedAt,
    })
    .returning(inviteColumns);
  return created;
}

export async function revokeInvite(
  exec: Executor,
  dealershipId: string,
  inviteId: string,
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .update(dealershipInvites)
    .set({ revokedAt: now })
    .where(
      and(
        eq(dealershipInvites.id, inviteId),
        eq(dealershipInvites.dealershipId, dealershipId),
        isNull(dealershipInvites.acceptedAt),
        isNull(dealershipInvites.revokedAt),
      ),
    )
    .returning({ id: dealershipInvites.id });
  return rows.length > 0;
}

/** Uses an invitation once: a conditional UPDATE, so two uses of one link cannot both succeed. */
export async function consumeInvite(
  exec: Executor,
  tokenHash: string,
  now: Date,
): Promise<(InviteRow & { invitedBy: string }) | null> {
  const rows = await exec
    .update(dealershipInvites)
    .set({ acceptedAt: now })
    .where(and(eq(dealershipInvites.tokenHash, tokenHash), openInvite(now)))
    .returning({ ...inviteColumns, invitedBy: dealershipInvites.invitedBy });
  return rows[0] ?? null;
}

export async function setInviteUser(exec: Executor, inviteId: string, userId: string) {
  await exec
    .update(dealershipInvites)
    .set({ acceptedUserId: userId })
    .where(eq(dealershipInvites.id, inviteId));
}

export async function insertMember(
  exec: Executor,
  row: {
    userId: string;
    dealershipId: string;
    role: MemberRole;
    offerLimitCents: number | null;
    now: Date;
  },
) {
  await exec.insert(dealershipMembers).values({
    userId: row.userId,
    dealershipId: row.dealershipId,
    role: row.role,
    offerLimitCents: row.offerLimitCents,
    createdAt: row.now,
  });
}

// ---------------------------------------------------------------- self-dealing (decision 0039)

/** The dealership of the buyer: the one given, or the buyer's membership (a removed member's too). */
const buyerDealerships = (buyer: { userId: string; dealershipId?: string | null }) => sql`(
  select b.dealership_id from dealership_members b where b.user_id = ${buyer.userId}
  ${buyer.dealershipId ? sql`union select ${buyer.dealershipId}::uuid` : sql``})`;

/** Whether the listing's owner or seller belongs to the buyer's dealership. */
export async function listingOfBuyersDealership(
  exec: Executor,
  buyer: { userId: string; dealershipId?: string | null },
  listingId: string,
): Promise<boolean> {
  const rows = rowsOf<{ hit: boolean }>(
    await exec.execute(sql`select exists (
      select 1 from dealership_members s
      join tractor_listings l on s.user_id in (l.user_id, l.seller_user_id)
      where l.id = ${listingId} and s.dealership_id in ${buyerDealerships(buyer)}) as hit`),
  );
  return Boolean(rows[0]?.hit);
}

/** Whether `sellerUserId` belongs to the buyer's dealership. */
export async function sellerInBuyersDealership(
  exec: Executor,
  buyer: { userId: string; dealershipId?: string | null },
  sellerUserId: string,
): Promise<boolean> {
  const rows = rowsOf<{ hit: boolean }>(
    await exec.execute(sql`select exists (
      select 1 from dealership_members s
      where s.user_id = ${sellerUserId} and s.dealership_id in ${buyerDealerships(buyer)}) as hit`),
  );
  return Boolean(rows[0]?.hit);
}

// ---------------------------------------------------------------- invitations (decision 0039)

/** The link hash of the newest invitation from this dealership to this address e-mailed since `since`. */
export async function lastMailedInvite(
  exec: Executor,
  dealershipId: string,
  email: string,
  since: Date,
): Promise<{ tokenHash: string } | null> {
  const rows = await exec
    .select({ tokenHash: dealershipInvites.tokenHash })
    .from(dealershipInvites)
    .where(
      and(
        eq(dealershipInvites.dealershipId, dealershipId),
        eq(dealershipInvites.email, email),
        gt(dealershipInvites.mailedAt, since),
      ),
    )
    .orderBy(desc(dealershipInvites.mailedAt))
    .limit(1);
  return rows[0] ?? null;
}

/** The open invitation of a link, locked for the rest of the transaction. */
export async function openInviteByToken(
  exec: Executor,
  tokenHash: string,
  now: Date,
): Promise<(InviteRow & { invitedBy: string }) | null> {
  const rows = await exec
    .select({ ...inviteColumns, invitedBy: dealershipInvites.invitedBy })
    .from(dealershipInvites)
    .where(and(eq(dealershipInvites.tokenHash, tokenHash), openInvite(now)))
    .for('update');
  return rows[0] ?? null;
}

export async function currentMemberCount(exec: Executor, dealershipId: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(dealershipMembers)
    .where(and(eq(dealershipMembers.dealershipId, dealershipId), isNull(dealershipMembers.removedAt)));
  return row?.n ?? 0;
}

/** A current member moves to another dealership with the invited role (their one-person dealership stays). */
export async function moveMember(
  exec: Executor,
  row: { userId: string; dealershipId: string; role: MemberRole; offerLimitCents: number | null; now: Date },
): Promise<boolean> {
  const rows = await exec
    .update(dealershipMembers)
    .set({
      dealershipId: row.dealershipId,
      role: row.role,
      offerLimitCents: row.offerLimitCents,
      createdAt: row.now,
    })
    .where(and(eq(dealershipMembers.userId, row.userId), isNull(dealershipMembers.removedAt)))
    .returning({ userId: dealershipMembers.userId });
  return rows.length > 0;
}
