import { formatDollars } from '@domain/money';
import { useLiveEventHandler } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import { useAdminStats } from '../api/admin';

/** "1 needs action" / "3 need action" */
export const needActionLabel = (n: number) => `${n} ${n === 1 ? 'needs' : 'need'} action`;

/** The Offers tab's count of offers and buy-now requests waiting for an answer (live: offer events refresh it). */
export function NeedsActionCount() {
  const n = useAdminStats().data?.offersNeedingAction ?? 0;
  if (n === 0) return null;
  return (
    <span
      className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground"
      data-testid="offers-need-action"
    >
      {needActionLabel(n)}
    </span>
  );
}

/** The Listings tab's count of dealers' listings waiting for FieldLot's review (live: listing events refresh it). */
export function InReviewCount() {
  const n = useAdminStats().data?.listingsInReview ?? 0;
  if (n === 0) return null;
  return (
    <span
      className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground"
      data-testid="listings-in-review-tab"
    >
      {n} in review
    </span>
  );
}

/** What a dealer just did, as a toast in every open admin panel (docs/product/offers.md#admin-notices). */
export function noticeText(data: Record<string, unknown>): string | null {
  const who = String(data.buyerName ?? 'A dealer');
  const tractor = String(data.tractor ?? 'a tractor');
  const amount = typeof data.amountCents === 'number' ? formatDollars(data.amountCents) : '';
  switch (data.notice) {
    case 'counter_accepted':
      return `Sold: ${who} accepted the counter-offer on ${tractor} at ${amount}`;
    case 'bought_now':
      return `Sold: ${who} bought ${tractor} with Buy Now at ${amount}`;
    case 'buy_now':
      return `Buy now request: ${who} wants ${tractor} at ${amount}`;
    case 'withdrawn':
      return `Offer withdrawn: ${who} withdrew ${amount} on ${tractor}`;
    case 'expired':
      return `Offer expired: ${amount} from ${who} on ${tractor}`;
    case 'new_offer':
      return `New offer: ${who} offered ${amount} on ${tractor}`;
    default:
      return null;
  }
}

export function OfferNotices() {
  useLiveEventHandler((_type, data) => {
    const text = noticeText(data);
    if (text) toast.info(text, { duration: 10_000 });
  });
  return null;
}
