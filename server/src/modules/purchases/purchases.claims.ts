// The inspection guarantee: a claim opened by the dealer, its photos, the admin's answer (docs/product/purchases.md#inspection-guarantee).
import { type CreditBearer, defaultCreditBearer } from '../../../../domain/ledger.js';
import {
  claimCause,
  creditNoteNumber,
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
import { adminMoneyMove } from './purchases.admin-move.js';
import { applyLedgerStep, isDealerListing } from './purchases.ledger.js';
import { myPurchase } from './purchases.read-model.js';
import * as repo from './purchases.repository.js';
import {
  owedAfterCancel,
  reverseSale,
  undoSale,
  voidedFacts,
  voidedText,
  voidInvoice,
} from './purchases.sale.js';
import {
  buyerScope,
  finish,
  money,
  PURCHASE_NOT_FOUND,
  refusal,
  requireAction,
  tellAdmins,
  tellSellerMoney,
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
    requireAction('buyer', 'open_claim', p, now);
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

/** docs/product/purchases.md#inspection-guarantee: credit (a credit note), cancel and return, or deny. */
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
  requireRole(actor, 'admin');
  const command = { kind: 'claim_answer', body, requestKey } as const;
  return adminMoneyMove(ctx, actor, id, request, command, async (p, now, tx) => {
    if (p.status !== 'in_dispute') throw new AppError('CONFLICT', `Purchase ${p.number} has no open claim`);
    const claim = await repo.openClaim(tx, p.id);
    if (!claim) throw new AppError('CONFLICT', `Purchase ${p.number} has no open claim`);
    if (body.answer === 'credit') {
      const invoice = await repo.invoiceOf(tx, p.id);
      if (!invoice) throw new AppError('CONFLICT', 'There is no invoice to credit');
      // Who bears it: the admin's choice, else the default for the claim's cause (decision 0035).
      const dealer = await isDealerListing(tx, p);
      const bornBy =
        body.bornBy ?? defaultCreditBearer({ cause: claimCause(claim.checkpoints), isDealerListing: dealer });
      const reason = body.reason ?? `Guarantee claim: ${claim.description}`.slice(0, 1000);
      const { summary } = await applyLedgerStep(
        tx,
        ctx,
        p,
        dealer,
        { kind: 'credit', amountCents: body.amount, bornBy, reason, at: now.toISOString() },
        { recordedBy: actor.userId, claimId: claim.id },
      );
      const year = now.getUTCFullYear();
      const note = await repo.insertCreditNote(tx, {
        purchaseId: p.id,
        invoiceId: invoice.id,
        claimId: claim.id,
        number: creditNoteNumber(year, await repo.nextNumber(tx, 'credit_note', year)),
        amountCents: body.amount,
        reason,
        issuedAt: now,
      });
      await repo.answerClaim(tx, claim.id, {
        status: 'credited',
        answer: `Credit of ${money(body.amount)} (credit note ${note.number})`,
        creditCents: body.amount,
        answeredBy: actor.userId,
        answeredAt: now,
      });
      if (bornBy === 'seller')
        await tellSellerMoney(tx, p, 'charge', {
          note: `Reason: ${reason}`,
          facts: [
            ['Charge', money(body.amount)],
            ['Your proceeds', money(summary.sellerProceedsCents)],
          ],
        });
      return {
        action: 'resolve_claim',
        set: { statusBeforeDispute: null },
        event: {
          kind: 'claim_credited',
          text: `Claim answered: credit of ${money(body.amount)}, credit note ${note.number}`,
        },
        mail: {
          kind: 'claim_credited',
          extra: { amount: money(body.amount), facts: [['Credit note', note.number]] },
        },
      };
    }
    if (body.answer === 'deny') {
      await repo.answerClaim(tx, claim.id, {
        status: 'denied',
        answer: body.reason,
        answeredBy: actor.userId,
        answeredAt: now,
      });
      return {
        action: 'resolve_claim',
        set: { statusBeforeDispute: null },
        event: { kind: 'claim_denied', text: `Claim denied: ${body.reason}` },
        mail: { kind: 'claim_denied', extra: { note: `Reason: ${body.reason}` } },
      };
    }
    await repo.answerClaim(tx, claim.id, {
      status: 'returned',
      answer: body.reason,
      answeredBy: actor.userId,
      answeredAt: now,
    });
    const owed = owedAfterCancel(
      await reverseSale(tx, ctx, p, actor, `Cancel and return: ${body.reason}`, now),
    );
    const note = await voidInvoice(tx, p, now);
    await undoSale(tx, p, now);
    return {
      action: 'return',
      set: { cancelReason: `Cancel and return: ${body.reason}`, cancelledAt: now, statusBeforeDispute: null },
      event: {
        kind: 'claim_returned',
        text: `Claim answered: cancel and return (${body.reason})${voidedText(note)}${owed.text}`,
      },
      mail: {
        kind: 'claim_returned',
        extra: { note: `Reason: ${body.reason}`, facts: [...voidedFacts(note), ...owed.facts] },
      },
    };
  });
}

export type { ClaimAnswerBody };
