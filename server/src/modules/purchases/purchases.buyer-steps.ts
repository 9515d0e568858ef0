import { buyerFeeCents, invoiceTotalCents } from '../../../../domain/money.js';
import { deliveryMissing, type Fulfilment } from '../../../../domain/purchases.js';
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
import { runPurchaseCommand } from './purchases.commands.js';
import { myPurchase } from './purchases.read-model.js';
import * as repo from './purchases.repository.js';
import { deliveryAccount, estimateTo } from './purchases.shared.js';
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
 * the invoice (gapless number, never changed afterwards), through the command path (`runPurchaseCommand`), once
 * per Idempotency-Key (docs/product/purchases.md#exactly-once).
 */
export async function chooseFulfilment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  fulfilment: Fulfilment,
  request: RequestInfo,
  requestKey?: string,
): Promise<Purchase> {
  await runPurchaseCommand(
    ctx,
    actor,
    id,
    { kind: 'choose_fulfilment', body: { fulfilment } },
    { requestKey, request },
  );
  return myPurchase(ctx, actor, id);
}
