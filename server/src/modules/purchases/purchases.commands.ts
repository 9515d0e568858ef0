// One command path for a purchase's money (docs/product/purchases.md#the-command-path, decision 0076): lock the row,
// take the Idempotency-Key (docs/product/purchases.md#exactly-once, decision 0067), gather the state, ask the pure
// `decidePurchase`, then write what it answers once: entries, documents, claim, status, timeline, audit, notices.
import { createHash } from 'node:crypto';
import { tractorName } from '../../../../domain/listings.js';
import {
  decidePurchase,
  type IssuedNumbers,
  type PurchaseCommand,
  type PurchaseCommandKind,
  type PurchaseState,
} from '../../../../domain/purchase-commands.js';
import { creditNoteNumber, invoiceNumber } from '../../../../domain/purchases.js';
import type { Tx } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { entriesOfPurchase, isDealerListing, ledgerContext } from './purchases.ledger.js';
import * as ledgerRepo from './purchases.ledger.repository.js';
import type { PurchaseMail } from './purchases.mail.js';
import * as repo from './purchases.repository.js';
import { undoSale } from './purchases.sale.js';
import {
  addressText,
  buyerScope,
  deliveryAccount,
  estimateTo,
  iso,
  PURCHASE_NOT_FOUND,
  publish,
  refusal,
  tellAdmins,
  tellDealer,
  tellSeller,
  tellSellerMoney,
} from './purchases.shared.js';

export type MoneyCommandKind = PurchaseCommandKind;

/** A command as the route parsed it: its kind, its body, and the client's Idempotency-Key when it sent one. */
export interface MoneyCommand {
  kind: MoneyCommandKind;
  body: unknown;
  requestKey?: string;
}

/** The same command with the same parsed body: the same fingerprint (the body's keys in the schema's order). */
function fingerprint(c: MoneyCommand): string {
  return createHash('sha256')
    .update(JSON.stringify([c.kind, c.body]))
    .digest('hex');
}

/**
 * Called first in the command's transaction, the purchase row locked: records the command's key with its fingerprint
 * ('first'), so the key commits or rolls back with the command's entries and a refused command leaves it free for a
 * corrected retry. 'replay' when this key already took this very command (the caller does nothing and answers the
 * purchase); a key taken by another command or body is refused.
 */
export async function recordRequestKey(
  tx: Tx,
  actor: Actor,
  p: repo.PurchaseRow,
  c: MoneyCommand | undefined,
): Promise<'first' | 'replay'> {
  if (!c?.requestKey) return 'first';
  const print = fingerprint(c);
  const row = { purchaseId: p.id, requestKey: c.requestKey, command: c.kind, fingerprint: print };
  // The row lock already orders two requests with one key; the unique index is the last word if it ever did not.
  if (await ledgerRepo.insertCommand(tx, { ...row, recordedBy: actor.userId })) return 'first';
  const first = await ledgerRepo.commandByKey(tx, p.id, c.requestKey);
  if (first && first.fingerprint === print) return 'replay';
  throw new AppError(
    'CONFLICT',
    `This Idempotency-Key was already used on ${p.number} for another request: this one is not recorded`,
  );
}

/** What the decision reads of the locked purchase, with the facts this command needs looked up. */
async function stateOf(
  tx: Tx,
  ctx: AppContext,
  actor: Actor,
  p: repo.PurchaseRow,
  command: PurchaseCommand,
  now: Date,
): Promise<PurchaseState> {
  const [entries, dealer] = await Promise.all([entriesOfPurchase(tx, p.id), isDealerListing(tx, p)]);
  const ends = command.kind === 'claim_answer' || command.kind === 'cancel';
  const claim = ends ? await repo.openClaim(tx, p.id) : undefined;
  const invoice = ends ? await repo.invoiceOf(tx, p.id) : undefined;
  const credited = invoice ? await repo.creditNotesOfInvoice(tx, invoice.id) : [];
  let delivery: PurchaseState['delivery'];
  if (command.kind === 'choose_fulfilment') {
    const [listing, account] = await Promise.all([
      repo.listingFacts(tx, [p.listingId]).then((l) => l[0]),
      deliveryAccount(tx, actor),
    ]);
    delivery = {
      tractor: listing ? tractorName(listing) : 'Tractor',
      deliverTo: account ? addressText(account) : null,
      quote:
        command.body.fulfilment === 'delivery' && account
          ? estimateTo(ctx, listing?.zip ?? null, account.addressZip)
          : null,
    };
  }
  return {
    number: p.number,
    status: p.status,
    statusBeforeDispute: p.statusBeforeDispute,
    fulfilment: p.fulfilment,
    dueDate: p.dueDate,
    priceCents: p.priceCents,
    buyerFeeCents: p.buyerFeeCents,
    titleReceivedAt: p.titleReceivedAt,
    guaranteeEndsAt: iso(p.guaranteeEndsAt),
    entries,
    ledger: ledgerContext(ctx, p, dealer),
    sellerPayoutDays: ctx.config.purchases.sellerPayoutDays,
    claim: claim ? { id: claim.id, checkpoints: claim.checkpoints, description: claim.description } : null,
    invoice: invoice
      ? { id: invoice.id, totalCents: invoice.totalCents, creditedCents: credited.map((c) => c.amountCents) }
      : null,
    delivery,
    now,
  };
}

/**
 * Every money command of a purchase (record payment, refund, payout, seller repayment, choose fulfilment, answer a
 * claim, cancel, cancel and return) goes through here. Choosing fulfilment is the buying dealer's (their scope,
 * viewers refused); the rest are the admin's. Returns the purchase's id; a replayed key writes nothing.
 */
export async function runPurchaseCommand(
  ctx: AppContext,
  actor: Actor,
  purchaseId: string,
  command: PurchaseCommand,
  options: { requestKey?: string; request: RequestInfo },
): Promise<string> {
  const buyer = command.kind === 'choose_fulfilment';
  if (buyer) requireRole(actor, 'dealer', 'admin');
  else requireRole(actor, 'admin');
  const now = ctx.clock.now();
  const scope = buyer ? await buyerScope(ctx, actor, true) : undefined;
  return ctx.db.transaction(async (tx) => {
    // The row lock orders two commands at once: the second reads the first one's entries and balance.
    const p = await repo.lockPurchase(tx, purchaseId, scope);
    if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    // The same request again (a retry, a double click) answers the first result, whatever the ledger is now.
    const keyed = { kind: command.kind, body: command.body, requestKey: options.requestKey };
    if ((await recordRequestKey(tx, actor, p, keyed)) === 'replay') return p.id;
    const state = await stateOf(tx, ctx, actor, p, command, now);
    const d = decidePurchase(state, command);
    if (!d.ok) throw new AppError(d.code, d.message, d.fields ? { fields: d.fields } : undefined);

    const rows = await ledgerRepo.insertEntries(tx, p.id, d.entries, {
      recordedBy: actor.userId,
      claimId: d.claimId ?? null,
      payoutReason: d.payoutReason ?? null,
    });
    const numbers: IssuedNumbers = {};
    const year = now.getUTCFullYear();
    const [me] = buyer ? await repo.accounts(tx, [actor.userId]) : [];
    if (d.issue.invoice) {
      const invoice = await repo.insertInvoice(tx, {
        purchaseId: p.id,
        number: invoiceNumber(year, await repo.nextNumber(tx, 'invoice', year)),
        billTo: {
          companyName: me?.companyName ?? '',
          name: me?.name ?? '',
          email: me?.email ?? '',
          address: state.delivery?.deliverTo ?? null,
          resaleCertificate: me?.resaleCertificate ?? null,
        },
        lines: d.issue.invoice.lines,
        totalCents: d.issue.invoice.totalCents,
        dueDate: p.dueDate,
        issuedAt: now,
      });
      numbers.invoice = invoice.number;
    }
    const invoiceId = state.invoice?.id;
    if (d.issue.creditNote && invoiceId) {
      const note = d.issue.creditNote;
      // The entry the note documents: the claim's credit, or the cancellation's reversal of the price.
      const entry = rows.find((r) =>
        note.claimId ? r.kind === 'credit' : r.kind === 'reversal' && r.of === 'price',
      );
      const row = await repo.insertCreditNote(tx, {
        purchaseId: p.id,
        invoiceId,
        claimId: note.claimId,
        ledgerEntryId: entry?.id ?? null,
        number: creditNoteNumber(year, await repo.nextNumber(tx, 'credit_note', year)),
        amountCents: note.amountCents,
        reason: note.reason,
        issuedAt: now,
      });
      numbers.creditNote = row.number;
    }
    const report = d.report(numbers);
    if (d.claim)
      await repo.answerClaim(tx, d.claim.id, {
        status: d.claim.status,
        answer: report.claimAnswer ?? '',
        ...(d.claim.creditCents !== undefined ? { creditCents: d.claim.creditCents } : {}),
        answeredBy: actor.userId,
        answeredAt: now,
      });
    if (d.undoSale) await undoSale(tx, p, now);
    let after = p;
    if (d.move) {
      const updated = await repo.updatePurchase(
        tx,
        p.id,
        d.move.from,
        { ...d.set, ...(d.move.to ? { status: d.move.to } : {}) },
        now,
      );
      if (!updated) throw refusal(d.move.action, p);
      after = updated;
    }
    if (report.event)
      await repo.insertEvent(tx, p.id, report.event.kind, report.event.text, actor.userId, now);
    await audit(tx, {
      action: `purchase.${report.audit.action}`,
      resourceType: 'purchase',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: {
        purchaseId: p.id,
        number: p.number,
        ...(report.audit.details ?? { from: p.status, to: after.status, event: report.event?.text }),
      },
      request: options.request,
    });
    for (const n of report.notices) {
      if (n.to === 'buyer') {
        const { to: _to, kind, ...extra } = n;
        await tellDealer(tx, ctx, after, kind as PurchaseMail['kind'], extra);
        await tellSeller(tx, ctx, after, kind as PurchaseMail['kind'], extra.facts);
      } else if (n.to === 'seller_money') {
        await tellSellerMoney(tx, after, n.kind, { note: n.note, facts: n.facts });
      } else await tellAdmins(tx, after, n.what, me?.companyName ?? actor.name);
    }
    await publish(tx, after);
    return p.id;
  });
}
