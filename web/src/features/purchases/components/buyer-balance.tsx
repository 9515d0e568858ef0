import { formatDollars } from '@domain/money';
import { dateLabel } from '@domain/purchases';
import type { Purchase } from '@domain/purchases-api';
import { cn } from '@/lib/utils';

/**
 * docs/product/purchases.md#who-bears-a-credit: the buyer's balance line, the server's `balanceText` ("Balance due
 * $49,320", "FieldLot owes you $3,000", "Paid in full"); "Settled" once the refunds recorded cover what was owed,
 * each refund with its date and reference. Whole dollars (dealer screen).
 */
export function BuyerBalance({ purchase: p }: { purchase: Pick<Purchase, 'money' | 'refunds'> }) {
  const m = p.money;
  const line = m.settled && p.refunds.length > 0 ? 'Settled' : m.balanceText;
  if (!line && p.refunds.length === 0) return null;
  const tone =
    m.owedToBuyerCents > 0
      ? 'border-green-300 bg-green-50 text-green-900'
      : m.balanceDueCents > 0
        ? 'border-gold-500/50 bg-gold-100'
        : 'border-border bg-muted';
  return (
    <div className={cn('rounded-md border p-3 text-sm', tone)} data-testid="buyer-balance">
      {line && (
        <p className="text-base font-bold tabular-nums" data-testid="balance-line">
          {line}
        </p>
      )}
      {p.refunds.length > 0 && (
        <ul className="mt-1 flex flex-col gap-0.5" aria-label="Refunds">
          {p.refunds.map((r) => (
            <li key={r.id} className="tabular-nums">
              Refund of {formatDollars(r.amountCents)} on {dateLabel(r.paidOn)}
              {r.reference ? ` — ref ${r.reference}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
