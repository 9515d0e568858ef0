// One admin step on a purchase, shared by the admin steps, cancel and the claim answer (docs/product/purchases.md#status-machine).
import { purchaseActionSources, purchaseStatusAfter } from '../../../../domain/purchases.js';
import type { Purchase } from '../../../../domain/purchases-api.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { getOne } from './purchases.read-model.js';
import * as repo from './purchases.repository.js';
import { finish, PURCHASE_NOT_FOUND, refusal, requireAction, type Step } from './purchases.shared.js';

/**
 * One admin move that posts no money (release, handover, title sent, complete): lock, check the machine, conditional
 * update, timeline row, audit, e-mail, live update. Money moves go through `runPurchaseCommand`.
 */
export async function adminMove(
  ctx: AppContext,
  actor: Actor,
  purchaseId: string,
  request: RequestInfo,
  build: (p: repo.PurchaseRow, now: Date, tx: Tx) => Promise<Step> | Step,
): Promise<Purchase> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockPurchase(tx, purchaseId);
    if (!current) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    const step = await build(current, now, tx);
    await requireAction(tx, 'admin', step.action, current, now);
    const to = purchaseStatusAfter(step.action, current);
    const updated = await repo.updatePurchase(
      tx,
      current.id,
      purchaseActionSources(step.action),
      { ...step.set, ...(to ? { status: to } : {}) },
      now,
    );
    if (!updated) throw refusal(step.action, current);
    await finish(tx, ctx, actor, request, current, updated, step, now);
    return updated.id;
  });
  return getOne(ctx, id);
}
