import type { SoldPurchase } from '@domain/purchases-api';

/**
 * docs/product/purchases.md#paying-the-seller: the seller's money on My Listings, as the server words it from the
 * ledger: "Your proceeds $176,750", each seller-borne credit as a charge with its reason, then the payout line
 * ("Payout due December 14, 2026", "Paid December 10, 2026 — ref P-77", or "You owe FieldLot $…" after a cancellation). Whole dollars.
 */
export function SellerMoney({ sale: s }: { sale: SoldPurchase }) {
  const owes = s.owedBySellerCents > 0;
  return (
    <div className="flex flex-col gap-0.5 text-sm" data-testid="seller-money">
      <p className="font-semibold tabular-nums" data-testid="seller-proceeds">
        {s.proceedsText}
      </p>
      {s.charges.length > 0 && (
        <ul className="flex flex-col gap-0.5" aria-label="Charges">
          {s.charges.map((c, i) => (
            // Insert-only entries listed in the order recorded: the position is a stable key.
            <li key={`${i}-${c.at}`} className="break-words text-orange-800">
              {c.text}
            </li>
          ))}
        </ul>
      )}
      {s.payoutText && (
        <p
          className={owes ? 'font-semibold text-red-700' : 'text-brand-900'}
          role={owes ? 'note' : undefined}
          data-testid="seller-payout"
        >
          {s.payoutText}
        </p>
      )}
    </div>
  );
}
