import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { dealershipMembers, purchaseClaims, purchases } from '../../db/schema.js';

export type ClaimPhoto = { storageKey: string; width: number; height: number };

/** Who asks for a claim photo: an admin reads every claim, a dealer only their dealership's purchases. */
export type ClaimPhotoViewer = { admin: true } | { admin: false; userId: string };

/**
 * The permission of a dealer (docs/product/purchases.md#inspection-guarantee): a current member of the
 * purchase's dealership, or the buyer themselves unless removed from their dealership (as the purchase
 * routes, which refuse removed members).
 */
function buyerSide(userId: string): SQL {
  const member = sql`exists (select 1 from ${dealershipMembers} where ${dealershipMembers.userId} = ${userId}
    and ${dealershipMembers.dealershipId} = ${purchases.dealershipId} and ${dealershipMembers.removedAt} is null)`;
  const removed = sql`exists (select 1 from ${dealershipMembers} where ${dealershipMembers.userId} = ${userId}
    and ${dealershipMembers.removedAt} is not null)`;
  return or(member, and(eq(purchases.buyerUserId, userId), sql`not ${removed}`)) as SQL;
}

/**
 * The photo of one of this purchase's claims stored under one of `storageKeys`, only when `viewer` may see it:
 * the access check is in the `where`, so a photo the viewer may not see is as missing as an unknown one (404).
 */
export async function claimPhotoForViewer(
  exec: Executor,
  purchaseId: string,
  storageKeys: string[],
  viewer: ClaimPhotoViewer,
): Promise<ClaimPhoto | null> {
  const holds = or(
    ...storageKeys.map((k) => sql`${purchaseClaims.photos} @> ${JSON.stringify([{ storageKey: k }])}::jsonb`),
  );
  const rows = await exec
    .select({ photos: purchaseClaims.photos })
    .from(purchaseClaims)
    .innerJoin(purchases, eq(purchases.id, purchaseClaims.purchaseId))
    .where(and(eq(purchases.id, purchaseId), holds, viewer.admin ? undefined : buyerSide(viewer.userId)))
    .limit(1);
  return rows[0]?.photos.find((p) => storageKeys.includes(p.storageKey)) ?? null;
}
