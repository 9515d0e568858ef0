// The buying dealer's side: landed cost, delivery address, collect or delivery (docs/product/purchases.md#delivery-and-landed-cost).
import { tractorName } from '../../../../domain/listings.js';
import { BUYER_FEE_LABEL, buyerFeeCents, invoiceTotalCents } from '../../../../domain/money.js';
import {
  dateLabel,
  deliveryMissing,
  FULFILMENT_LABELS,
  type Fulfilment,
  invoiceNumber,
  purchaseActionsFor,
} from '../../../../domain/purchases.js';
import type {
  DeliveryAddress,
  DeliveryAddressAnswer,
  LandedCost,
  Purchase,
} from '../../../../domain/purchases-api.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { currentMembership } from '../dealerships/index.js';
import { firstLookHidesFrom } from '../listings/index.js';
import { setAddress as saveAddress } from '../users/index.js';
import { applyLedgerStep } from './purchases.ledger.js';
import { myPurchase } from './purchases.read-model.js';
import * as repo from './purchases.repository.js';
import {
  addressText,
  buyerScope,
  deliveryAccount,
  estimateTo,
  finish,
  money,
  PURCHASE_NOT_FOUND,
  purchaseFacts,
  tellAdmins,
} from './purchases.shared.js';
import { zipPlace } from './zip-places.js';

// ---------------------------------------------------------------- landed cost and address

export async function landedCost(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
  amountDollars: number | undefined,
): Promise<LandedCost> {
  requireRole(actor, 'dealer', 'admin');
  const [listing] = await repo.listingFacts(ctx.db, [listingId]);
  if (
    !listing ||
    (listing.status !== 'active' && actor.status !== 'admin') ||
    // A tractor under a first look is missing for dealers outside it (docs/product/want-lists.md#first-look).
    (await firstLookHidesFrom(ctx.db, listingId, actor, ctx.clock.now()))
  )
    throw new AppError('NOT_FOUND', "The tractor you're looking for doesn't exist or has been removed.");
  const me = await deliveryAccount(ctx.db, actor);
  const price = amountDollars !== undefined && amountDollars > 0 ? amountDollars * 100 : listing.priceCents;
  const fee = buyerFeeCents(price);
  const delivery = estimateTo(ctx, listing.zip, me?.addressZip ?? null);
  return {
    priceCents: price,
    buyerFeeCents: fee,
    delivery,
    missing: deliveryMissing(!!delivery, me?.addressZip),
    totalCents: invoiceTotalCents(price, fee, delivery?.cents ?? null),
  };
}

export async function getAddress(ctx: AppContext, actor: Actor): Promise<DeliveryAddressAnswer> {
  requireRole(actor, 'dealer', 'admin');
  const me = await deliveryAccount(ctx.db, actor);
  const address =
    me?.addressLine && me.addressCity && me.addressState && me.addressZip
      ? { addressLine: me.addressLine, city: me.addressCity, state: me.addressState, zip: me.addressZip }
      : null;
  // A team member reads the dealership's address and cannot change it (decision 0041): say whose it is.
  if (actor.status !== 'approved') return { address, managedBy: null };
  const membership = await currentMembership(ctx.db, actor, ctx.clock.now()).catch(() => null);
  if (!membership || membership.role === 'owner') return { address, managedBy: null };
  return {
    address,
    managedBy: { dealership: membership.dealershipName, owner: me?.name ?? membership.dealershipName },
  };
}

export async function setAddress(
  ctx: AppContext,
  actor: Actor,
  a: DeliveryAddress,
): Promise<DeliveryAddress> {
  requireRole(actor, 'dealer', 'admin');
  // The address is the dealership's: its owner keeps it (decision 0041).
  if (
    actor.status === 'approved' &&
    (await currentMembership(ctx.db, actor, ctx.clock.now())).role !== 'owner'
  )
    throw new AppError('FORBIDDEN', "Only your dealership's owner can change its delivery address");
  if (!zipPlace(a.zip))
    throw new AppError('VALIDATION', 'We do not know this ZIP code', {
      fields: { zip: 'We do not know this ZIP code' },
    });
  await saveAddress(ctx.db, actor.userId, a);
  return a;
}

// ---------------------------------------------------------------- dealer steps

/**
 * docs/product/purchases.md#delivery-and-landed-cost: "I'll collect it" or "FieldLot delivers". The choice issues
 * the invoice (gapless number, never changed afterwards).
 */
export async function chooseFulfilment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  fulfilment: Fulfilment,
  request: RequestInfo,
): Promise<Purchase> {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  const scope = await buyerScope(ctx, actor, true);
  await ctx.db.transaction(async (tx) => {
    const p = await repo.lockPurchase(tx, id, scope);
    if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    if (!purchaseActionsFor('buyer', purchaseFacts(p), now).includes('choose_fulfilment'))
      throw new AppError('CONFLICT', `Purchase ${p.number} already has its invoice`);
    const [me] = await repo.accounts(tx, [actor.userId]);
    const dealership = await deliveryAccount(tx, actor);
    const deliverTo = dealership ? addressText(dealership) : null;
    const [listing] = await repo.listingFacts(tx, [p.listingId]);
    let delivery: ReturnType<typeof estimateTo> = null;
    if (fulfilment === 'delivery') {
      if (!dealership || !deliverTo)
        throw new AppError('VALIDATION', 'Add your delivery address in My Account first', {
          fields: { fulfilment: 'Add your delivery address in My Account first' },
        });
      delivery = estimateTo(ctx, listing?.zip ?? null, dealership.addressZip);
      if (!delivery)
        throw new AppError('VALIDATION', 'We cannot quote delivery for this tractor yet: please contact us', {
          fields: { fulfilment: 'We cannot quote delivery for this tractor yet: please contact us' },
        });
    }
    // The invoice's charges go into the ledger, and its total is the ledger's (docs/product/purchases.md#the-ledger).
    const { summary } = await applyLedgerStep(
      tx,
      ctx,
      p,
      Boolean(listing?.sellerUserId),
      {
        kind: 'invoice',
        priceCents: p.priceCents,
        // The fee the sale recorded and the dealer was shown (docs/product/purchases.md#exact-amounts).
        buyerFeeCents: p.buyerFeeCents,
        deliveryCents: delivery?.cents ?? null,
        at: now.toISOString(),
      },
      { recordedBy: actor.userId },
    );
    const charged = summary.charged;
    const tractor = listing ? tractorName(listing) : 'Tractor';
    const lines = [
      { label: `${tractor} (purchase price)`, cents: charged.priceCents },
      { label: BUYER_FEE_LABEL, cents: charged.buyerFeeCents },
      ...(delivery ? [{ label: delivery.invoiceLine, cents: charged.deliveryCents }] : []),
    ];
    const total = charged.totalCents;
    const year = now.getUTCFullYear();
    const invoice = await repo.insertInvoice(tx, {
      purchaseId: p.id,
      number: invoiceNumber(year, await repo.nextNumber(tx, 'invoice', year)),
      billTo: {
        companyName: me?.companyName ?? '',
        name: me?.name ?? '',
        email: me?.email ?? '',
        address: deliverTo,
        resaleCertificate: me?.resaleCertificate ?? null,
      },
      lines,
      totalCents: total,
      dueDate: p.dueDate,
      issuedAt: now,
    });
    const updated = await repo.updatePurchase(
      tx,
      p.id,
      ['awaiting_payment'],
      {
        fulfilment,
        totalCents: total,
        deliveryCents: delivery?.cents ?? null,
        deliveryMiles: delivery?.miles ?? null,
        deliveryTo: fulfilment === 'delivery' ? deliverTo : null,
      },
      now,
    );
    if (!updated) throw new AppError('CONFLICT', `Purchase ${p.number} already has its invoice`);
    const text = `${FULFILMENT_LABELS[fulfilment]}: invoice ${invoice.number} for ${money(total)} issued, due ${dateLabel(p.dueDate)}`;
    await finish(
      tx,
      ctx,
      actor,
      request,
      p,
      updated,
      {
        action: 'pay',
        auditAction: 'invoiced',
        event: { kind: 'invoiced', text },
        mail: {
          kind: 'invoiced',
          extra: {
            amount: money(total),
            due: dateLabel(p.dueDate),
            facts: [
              ...lines.map((l): [string, string] => [l.label, money(l.cents)]),
              ['Total', money(total)],
              ['Due date', dateLabel(p.dueDate)],
              ['Invoice', invoice.number],
            ],
          },
        },
      },
      now,
    );
    await tellAdmins(
      tx,
      updated,
      `${FULFILMENT_LABELS[fulfilment]}, invoice ${invoice.number} issued`,
      me?.companyName ?? actor.name,
    );
  });
  return myPurchase(ctx, actor, id);
}
