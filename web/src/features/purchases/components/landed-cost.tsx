import { BUYER_FEE_LABEL, formatDollars } from '@domain/money';
import { DELIVERY_MISSING_TEXT } from '@domain/purchases';
import { Link } from 'react-router';
import { useLandedCost } from '../api/purchases';

/**
 * docs/product/purchases.md#landed-cost: price + buyer fee + delivery estimate to the dealer's ZIP, for approved
 * dealers on the tractor page and in the offer dialog. The estimate comes from the API (ZIP data stays on the server).
 */
export function LandedCost({ listingId, amountDollars }: { listingId: string; amountDollars?: number }) {
  const q = useLandedCost(listingId, amountDollars);
  if (q.isPending) return <p className="text-sm text-muted-foreground">Working out the landed cost...</p>;
  if (q.isError || !q.data) return null;
  const d = q.data;
  return (
    <div className="rounded-md border border-border bg-muted/40 p-3 text-sm" data-testid="landed-cost">
      <p className="font-semibold">Landed cost: {formatDollars(d.totalCents)}</p>
      <p className="text-muted-foreground">
        {formatDollars(d.priceCents)} + {BUYER_FEE_LABEL.toLowerCase()} {formatDollars(d.buyerFeeCents)}
        {d.delivery ? ` + delivery ${formatDollars(d.delivery.cents)}` : ''}
      </p>
      {d.delivery ? (
        <p data-testid="delivery-estimate">{d.delivery.text}</p>
      ) : d.missing === 'address' ? (
        <p>
          <Link to="/my-account" className="underline">
            {DELIVERY_MISSING_TEXT.address}
          </Link>{' '}
          to see delivery to your yard.
        </p>
      ) : (
        <p>{DELIVERY_MISSING_TEXT.listing_zip}</p>
      )}
    </div>
  );
}
