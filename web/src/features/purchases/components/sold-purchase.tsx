import { formatDollars } from '@domain/money';
import { collectedByText, dateLabel, PURCHASE_STATUS_LABELS, PURCHASE_STATUS_TONE } from '@domain/purchases';
import { Badge } from '@/components/ui/badge';
import { useSoldPurchases } from '../api/purchases';
import { SellerMoney } from './seller-money';

/**
 * docs/product/purchases.md#the-seller-dealers-view: on a sold listing in My Listings, its purchase as the seller
 * reads it: number, status, the buyer's company and contact for the handover, price, fee, proceeds, timeline;
 * above it, always shown, the seller's money from the ledger (SellerMoney). `sold`: false on a listing that is not
 * (or no longer) sold, which shows only a cancelled sale (docs/product/purchases.md#cancel-and-return).
 */
export function SoldPurchase({ listingId, sold = true }: { listingId: string; sold?: boolean }) {
  const query = useSoldPurchases();
  if (!sold && !query.isSuccess) return null;
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading the sale…</p>;
  if (query.isError) return <p className="text-sm text-red-700">Could not load the sale.</p>;
  // The newest purchase of this listing (an earlier one may have been cancelled).
  const p = query.data.find((x) => x.listingId === listingId);
  // A listing back from a cancelled sale still shows it: proceeds $0, and what the seller owes after a payout.
  if (!p || (!sold && p.status !== 'cancelled')) return null;
  return (
    <>
      <SellerMoney sale={p} />
      <details className="rounded border p-2 text-sm" data-testid="sold-purchase">
        <summary className="cursor-pointer">
          <span className="font-semibold">Purchase {p.number}</span>{' '}
          <Badge tone={PURCHASE_STATUS_TONE[p.status]}>{PURCHASE_STATUS_LABELS[p.status]}</Badge>
        </summary>
        {p.nextStep && (
          <p className="mt-2 font-medium text-brand-900" data-testid="sold-next-step">
            {p.nextStep}
          </p>
        )}
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Buyer</dt>
          <dd>
            {p.buyer.companyName} ({p.buyer.name},{' '}
            <a className="underline" href={`mailto:${p.buyer.email}`}>
              {p.buyer.email}
            </a>
            )
          </dd>
          <dt className="text-muted-foreground">Price</dt>
          <dd>{formatDollars(p.priceCents)}</dd>
          <dt className="text-muted-foreground">Seller fee</dt>
          <dd>{formatDollars(p.sellerFeeCents)}</dd>
          <dt className="text-muted-foreground">Your proceeds</dt>
          <dd className="font-semibold">{formatDollars(p.proceedsCents)}</dd>
          {p.releaseCode && (
            <>
              <dt className="text-muted-foreground">Release code</dt>
              <dd className="font-mono font-semibold">{p.releaseCode}</dd>
            </>
          )}
          {p.fulfilment && (
            <>
              <dt className="text-muted-foreground">Collected by</dt>
              <dd>{collectedByText({ ...p, fulfilment: p.fulfilment })}</dd>
            </>
          )}
          {p.titleReceivedAt && (
            <>
              <dt className="text-muted-foreground">Title</dt>
              <dd>Received by FieldLot on {dateLabel(p.titleReceivedAt)}</dd>
            </>
          )}
          {p.cancelReason && (
            <>
              <dt className="text-muted-foreground">Cancelled</dt>
              <dd>{p.cancelReason}</dd>
            </>
          )}
        </dl>
        <ol className="mt-2 flex flex-col gap-1 border-l-2 border-brand-600/30 pl-3">
          {p.timeline.map((e) => (
            <li key={`${e.at}-${e.kind}`}>
              <span className="text-muted-foreground">{dateLabel(e.at)}:</span> {e.text}
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}
