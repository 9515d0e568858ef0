// The inspection guarantee: a claim opened by the dealer, its photos, the admin's answer (docs/product/purchases.md#inspection-guarantee).
import type { CreditBearer } from '../../../../domain/ledger.js';
import {
  dateLabel,
  HANDED_OVER,
  NOT_IN_REPORT,
  purchaseActionSources,
} from '../../../../domain/purchases.js';
import type { ClaimAnswerBody, ClaimBody, Purchase } from '../../../../domain/purchases-api.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { storageFor } from '../../lib/storage.js';
import { refuseOwnDealershipSeller } from '../dealerships/index.js';
import { processImage } from '../listings/index.js';
import { runPurchaseCommand } from './purchases.commands.js';
import { getOne, myPurchase } from './purchases.read-model.js';
import * as repo from './purchases.repository.js';
import {
  buyerScope,
  finish,
  PURCHASE_NOT_FOUND,
  refusal,
  requireAction,
  tellAdmins,
} from './purchases.shared.js';

/** docs/product/purchases.md#inspection-guarantee: within GUARANTEE_DAYS of pickup or delivery. */
export async function openClaim(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: ClaimBody,
  request: RequestInfo,
): Promise<Purchase> {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  const scope = await buyerScope(ctx, actor, true);
  await ctx.db.transaction(async (tx) => {
    const p = await repo.lockPurchase(tx, id, scope);
    if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    // Never a claim against the dealership's own sale (decision 0039).
    await refuseOwnDealershipSeller(
      tx,
      { userId: actor.userId, dealershipId: p.dealershipId },
      p.sellerUserId,
      'claim',
    );
    if (!HANDED_OVER.includes(p.status) || !p.guaranteeEndsAt) {
      if (p.status === 'in_dispute')
        throw new AppError('CONFLICT', 'A claim on this purchase is already open');
      throw new AppError('CONFLICT', 'A claim can be opened once the tractor is picked up or delivered');
    }
    if (now >= p.guaranteeEndsAt)
      throw new AppError(
        'CONFLICT',
        `The inspection guarantee ended on ${dateLabel(p.guaranteeEndsAt.toISOString())}`,
      );
    await requireAction(tx, 'buyer', 'open_claim', p, now);
    const [revision] = p.inspectionRevisionId ? await repo.revisionNumbers(tx, [p.inspectionRevisionId]) : [];
    const allowed = new Set([NOT_IN_REPORT, ...Object.keys(revision?.ratings ?? {})]);
    const unknown = body.checkpoints.filter((c) => !allowed.has(c));
    if (unknown.length)
      throw new AppError('VALIDATION', 'Pick checkpoints of the condition report, or "Not in report"', {
        fields: { checkpoints: 'Pick checkpoints of the condition report, or "Not in report"' },
      });
    await repo.insertClaim(tx, {
      purchaseId: p.id,
      dealerUserId: actor.userId,
      checkpoints: [...new Set(body.checkpoints)],
      description: body.description,
      createdAt: now,
    });
    const updated = await repo.updatePurchase(
      tx,
      p.id,
      purchaseActionSources('open_claim'),
      { status: 'in_dispute', statusBeforeDispute: p.status },
      now,
    );
    if (!updated) throw refusal('open_claim', p);
    await finish(
      tx,
      ctx,
      actor,
      request,
      p,
      updated,
      {
        action: 'open_claim',
        event: { kind: 'claim_opened', text: `Guarantee claim opened: ${body.checkpoints.length} item(s)` },
        mail: { kind: 'claim_opened', extra: { note: `Your description: "${body.description}"` } },
      },
      now,
    );
    await tellAdmins(tx, updated, 'guarantee claim opened', actor.name);
  });
  return myPurchase(ctx, actor, id);
}

export async function addClaimPhoto(
  ctx: AppContext,
  actor: Actor,
  id: string,
  data: Buffer,
): Promise<Purchase> {
  requireRole(actor, 'dealer', 'admin');
  const p = await repo.purchaseById(ctx.db, id, await buyerScope(ctx, actor, true));
  if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
  const claim = await repo.openClaim(ctx.db, id);
  if (!claim) throw new AppError('CONFLICT', 'Photos can be added while the claim is open');
  if (claim.photos.length >= 12) throw new AppError('CONFLICT', 'A claim holds at most 12 photos');
  let processed: Awaited<ReturnType<typeof processImage>>;
  try {
    processed = await processImage(data, 'claims');
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, { fields: { file: err.message } });
    throw err;
  }
  const storage = storageFor(ctx.config);
  const written: string[] = [];
  try {
    for (const v of processed.variants) {
      await storage.put(v.key, v.data, 'image/webp');
      written.push(v.key);
    }
    const ok = await repo.addClaimPhoto(ctx.db, claim.id, {
      storageKey: processed.storageKey,
      width: processed.width,
      height: processed.height,
    });
    if (!ok) throw new AppError('CONFLICT', 'Photos can be added while the claim is open');
  } catch (err) {
    await storage.delete(written).catch(() => {});
    throw err;
  }
  return myPurchase(ctx, actor, id);
}

// ---------------------------------------------------------------- admin steps

/**
 * docs/product/purchases.md#inspection-guarantee: credit (a credit note), cancel and return, or deny, through the
 * command path (`runPurchaseCommand`, domain `decidePurchase`).
 */
export async function answerClaim(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body:
    | { answer: 'credit'; amount: number; bornBy?: CreditBearer; reason?: string }
    | { answer: 'return' | 'deny'; reason: string },
  request: RequestInfo,
  requestKey?: string,
): Promise<Purchase> {
  await runPurchaseCommand(ctx, actor, id, { kind: 'claim_answer', body }, { requestKey, request });
  return getOne(ctx, id);
}

export type { ClaimAnswerBody };
