// The admin's steps on a purchase: payment, release, transport, handover, title, complete (docs/product/purchases.md).
import { randomBytes } from 'node:crypto';
import { serialValue, type YardFacts, yardFields } from '../../../../domain/documents.js';
import { dateLabel, guaranteeEnd, type PaymentMethod } from '../../../../domain/purchases.js';
import type { Purchase } from '../../../../domain/purchases-api.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { emit } from '../../lib/domain-events.js';
import { adminMove } from './purchases.admin-move.js';
import { runPurchaseCommand } from './purchases.commands.js';
import { getOne } from './purchases.read-model.js';
import * as repo from './purchases.repository.js';
import { finish, PURCHASE_NOT_FOUND, refusal, requireAction } from './purchases.shared.js';

// ---------------------------------------------------------------- admin steps

/**
 * docs/product/purchases.md#payments: amount, method, reference, date. A partial payment leaves the rest due;
 * `expectedBalanceCents` is the balance the admin saw: two admins recording the same payment at once, the
 * second finds another balance and gets 409.
 */
export async function recordPayment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: {
    amount: number;
    method: PaymentMethod;
    reference: string;
    paidOn: string;
    expectedBalanceCents: number;
  },
  request: RequestInfo,
  requestKey?: string,
): Promise<Purchase> {
  requireRole(actor, 'admin');
  await runPurchaseCommand(ctx, actor, id, { kind: 'payment', body }, { requestKey, request });
  return getOne(ctx, id);
}

function releaseCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

export function release(ctx: AppContext, actor: Actor, id: string, request: RequestInfo) {
  requireRole(actor, 'admin');
  return adminMove(ctx, actor, id, request, async (p, now, tx) => {
    const code = releaseCode();
    // The release e-mail names the yard and the serial/PIN like the gate pass (docs/product/documents.md).
    const [listing] = await repo.listingFacts(tx, [p.listingId]);
    const facts: Array<[string, string]> = [
      ['Release code', code],
      ['Serial/PIN', serialValue(listing?.serialNumber)],
      ...yardFields((listing ?? {}) as YardFacts),
    ];
    return {
      action: 'release',
      set: { releaseCode: code, releasedAt: now },
      event: { kind: 'released', text: `Released: gate pass issued with release code ${code}` },
      mail: { kind: 'released', extra: { code, facts } },
    };
  });
}

export function recordLogistics(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { carrier?: string; pickupDate?: string | null; deliveryDate?: string | null },
  request: RequestInfo,
) {
  requireRole(actor, 'admin');
  const now = ctx.clock.now();
  return ctx.db
    .transaction(async (tx) => {
      const p = await repo.lockPurchase(tx, id);
      if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
      await requireAction(tx, 'admin', 'record_transport', p, now);
      const set = {
        carrier: body.carrier ?? p.carrier,
        pickupDate: body.pickupDate === undefined ? p.pickupDate : body.pickupDate,
        deliveryDate: body.deliveryDate === undefined ? p.deliveryDate : body.deliveryDate,
      };
      const updated = await repo.updatePurchase(tx, p.id, [p.status], set, now);
      if (!updated) throw refusal('record_transport', p);
      const facts: Array<[string, string]> = [
        ...(set.carrier ? [['Carrier', set.carrier] as [string, string]] : []),
        ...(set.pickupDate ? [['Pickup date', dateLabel(set.pickupDate)] as [string, string]] : []),
        ...(set.deliveryDate ? [['Delivery date', dateLabel(set.deliveryDate)] as [string, string]] : []),
      ];
      await finish(
        tx,
        ctx,
        actor,
        request,
        p,
        updated,
        {
          action: 'record_transport',
          auditAction: 'logistics',
          event: {
            kind: 'logistics',
            text: `Transport: ${facts.map(([k, v]) => `${k} ${v}`).join(', ') || 'cleared'}`,
          },
          mail: { kind: 'logistics', extra: { facts } },
        },
        now,
      );
      return p.id;
    })
    .then((pid) => getOne(ctx, pid));
}

export function recordHandover(
  ctx: AppContext,
  actor: Actor,
  id: string,
  kind: 'pickup' | 'deliver',
  date: string,
  request: RequestInfo,
) {
  requireRole(actor, 'admin');
  return adminMove(ctx, actor, id, request, (p, now) => {
    if (kind === 'deliver' && p.fulfilment !== 'delivery')
      throw new AppError('CONFLICT', `Purchase ${p.number} is collected by the dealer: record the pickup`);
    if (kind === 'pickup' && p.fulfilment === 'delivery')
      throw new AppError('CONFLICT', `Purchase ${p.number} is delivered by FieldLot: record the delivery`);
    const ends = guaranteeEnd(now, ctx.config.purchases.guaranteeDays);
    const what = kind === 'pickup' ? 'Picked up' : 'Delivered';
    return {
      action: kind,
      set: {
        handedOverAt: now,
        guaranteeEndsAt: ends,
        ...(kind === 'pickup' ? { pickupDate: date } : { deliveryDate: date }),
      },
      event: {
        kind: kind === 'pickup' ? 'picked_up' : 'delivered',
        text: `${what} on ${dateLabel(date)}; guarantee until ${dateLabel(ends.toISOString())}`,
      },
      mail: {
        kind: kind === 'pickup' ? 'picked_up' : 'delivered',
        extra: {
          facts: [
            [what, dateLabel(date)],
            ['Guarantee claims until', dateLabel(ends.toISOString())],
          ],
        },
      },
    };
  });
}

export async function titleReceived(
  ctx: AppContext,
  actor: Actor,
  id: string,
  date: string,
  request: RequestInfo,
) {
  requireRole(actor, 'admin');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const p = await repo.lockPurchase(tx, id);
    if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    await requireAction(tx, 'admin', 'receive_title', p, now);
    const updated = await repo.updatePurchase(tx, p.id, [p.status], { titleReceivedAt: date }, now);
    if (!updated) throw refusal('receive_title', p);
    await finish(
      tx,
      ctx,
      actor,
      request,
      p,
      updated,
      {
        action: 'receive_title',
        auditAction: 'title_received',
        event: { kind: 'title_received', text: `Title received from the seller on ${dateLabel(date)}` },
        mail: { kind: 'title_received' },
      },
      now,
    );
  });
  return getOne(ctx, id);
}

export function titleSent(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { carrier: string; trackingNumber: string },
  request: RequestInfo,
) {
  requireRole(actor, 'admin');
  return adminMove(ctx, actor, id, request, (p, now) => {
    if (!p.titleReceivedAt)
      throw new AppError('CONFLICT', 'Record the title as received from the seller first');
    return {
      action: 'send_title',
      set: { titleSentAt: now, titleCarrier: body.carrier, titleTracking: body.trackingNumber },
      event: { kind: 'title_sent', text: `Title sent by ${body.carrier}, tracking ${body.trackingNumber}` },
      mail: {
        kind: 'title_sent',
        extra: {
          facts: [
            ['Carrier', body.carrier],
            ['Tracking number', body.trackingNumber],
          ],
        },
      },
    };
  });
}

export function complete(ctx: AppContext, actor: Actor, id: string, request: RequestInfo) {
  requireRole(actor, 'admin');
  return adminMove(ctx, actor, id, request, async (p, now, tx) => {
    if (p.status === 'title_sent' && p.guaranteeEndsAt && now < p.guaranteeEndsAt) {
      const answered = await repo.answeredClaims(tx, p.id);
      if (answered.length === 0)
        throw new AppError(
          'CONFLICT',
          `The inspection guarantee is open until ${dateLabel(p.guaranteeEndsAt.toISOString())}: complete it after that`,
        );
    }
    // The market records the sale, anonymously, once it stands (decision 0051).
    await emit(tx, 'purchase.completed', { purchaseId: p.id });
    return {
      action: 'complete',
      set: { completedAt: now },
      event: { kind: 'complete', text: 'Purchase complete' },
      mail: { kind: 'complete' },
    };
  });
}
