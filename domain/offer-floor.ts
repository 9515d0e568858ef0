import { formatDollars } from './money';
import { isOpenOffer, type OfferStatus } from './offers';

/**
 * A floor price that cannot be probed (docs/product/dealer-selling.md#floor-price, decision 0039). An offer below
 * the floor is answered like any offer the seller did not take: it stays open and expires at the end of the
 * seller's response window. Two more rules keep a dealership from searching for the floor with many offers:
 * - at most FLOOR_PROBE_DECLINES offers of a dealership on one listing may count (`countsTowardFloorRules`:
 *   ended without a sale within FLOOR_PROBE_WINDOW_DAYS, or still open); then it may not offer on that tractor
 *   until the oldest leaves the window;
 * - a new offer must beat the dealership's last counted offer on the listing by `offerStepCents`.
 * Both count offers whatever the floor, so neither tells a dealer whether an offer was below it. A withdrawal or
 * a replacement counts like a decline: otherwise "offer, look, withdraw" finds the floor by bisection for free.
 */
export const FLOOR_PROBE_DECLINES = 3;
export const FLOOR_PROBE_WINDOW_DAYS = 7;
export const FLOOR_PROBE_WINDOW_MS = FLOOR_PROBE_WINDOW_DAYS * 24 * 3600_000;
/** The step a new offer must add to the last declined one: 2% of the asking price, at least $500. */
export const OFFER_STEP_SHARE = 0.02;
export const OFFER_STEP_MIN_CENTS = 500_00;

/**
 * How an offer that did not sell ends and still counts toward both rules: rejected, expired (countered or not),
 * withdrawn or replaced. Every one of them told the buyer which side of the floor it was on.
 */
export const FLOOR_COUNTED_ENDINGS = [
  'rejected',
  'expired',
  'withdrawn',
  'replaced',
] as const satisfies readonly OfferStatus[];

/**
 * Whether an offer counts toward both rules at `now`: ended as in FLOOR_COUNTED_ENDINGS within the window (by the
 * time it ended), or still open (its status already told the buyer what it tells, and a new offer replaces it).
 * Only offers of type 'offer' count; buy-now is never limited.
 */
export function countsTowardFloorRules(o: { status: OfferStatus; endedAt: Date | null }, now: Date): boolean {
  if (isOpenOffer(o.status)) return true;
  if (!(FLOOR_COUNTED_ENDINGS as readonly OfferStatus[]).includes(o.status) || !o.endedAt) return false;
  return o.endedAt.getTime() > now.getTime() - FLOOR_PROBE_WINDOW_MS;
}

/**
 * The withdraw confirmation's text: a withdrawal counts like a decline (decision 0070, kept by 0077), and the dealer
 * is told so before choosing it.
 */
export const WITHDRAW_OFFER_TEXT = `The seller will no longer be able to accept it. It still counts as one of your ${FLOOR_PROBE_DECLINES} offers on this tractor this week.`;

export const TOO_MANY_OFFERS_TEXT = 'You have made too many offers on this tractor this week';

/** The least a new offer must add to the last declined one, in whole dollars. */
export function offerStepCents(askingCents: number): number {
  const share = Math.ceil((askingCents * OFFER_STEP_SHARE) / 100) * 100;
  return Math.max(OFFER_STEP_MIN_CENTS, share);
}

/** The least a new offer may be after a declined one of `lastDeclinedCents`. */
export function nextOfferMinimumCents(lastDeclinedCents: number, askingCents: number): number {
  return lastDeclinedCents + offerStepCents(askingCents);
}

/** "Your new offer must be at least $104,400: your last offer of $102,000 plus $2,400." */
export function offerStepText(lastDeclinedCents: number, askingCents: number): string {
  return `Your new offer must be at least ${formatDollars(nextOfferMinimumCents(lastDeclinedCents, askingCents))}: your last offer of ${formatDollars(lastDeclinedCents)} plus ${formatDollars(offerStepCents(askingCents))}.`;
}

/**
 * What stops a dealership's new offer of `cents` on a listing, given its offers there that count
 * (`countsTowardFloorRules`), newest first, or null.
 */
export function offerPaceProblem(
  cents: number,
  askingCents: number,
  declinedNewestFirst: readonly { amountCents: number }[],
): string | null {
  if (declinedNewestFirst.length >= FLOOR_PROBE_DECLINES) return TOO_MANY_OFFERS_TEXT;
  const last = declinedNewestFirst[0];
  if (last && cents < nextOfferMinimumCents(last.amountCents, askingCents))
    return offerStepText(last.amountCents, askingCents);
  return null;
}
