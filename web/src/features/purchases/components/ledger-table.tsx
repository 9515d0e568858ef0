import type { LedgerAccount } from '@domain/ledger';
import type { LedgerRow } from '@domain/ledger-api';
import { formatDollarsCents } from '@domain/money';
import { formatDay } from '@/lib/format';

const ACCOUNT_LABELS: Record<LedgerAccount, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  cash: 'Cash',
  fieldlot: 'FieldLot',
};
const COLUMNS: LedgerAccount[] = ['buyer', 'seller', 'cash', 'fieldlot'];

/**
 * docs/product/purchases.md#the-admins-money-view: a purchase's entries in date order with each account's balance
 * after it (`runningBalances` on the server). It scrolls sideways on a phone; the region takes focus so a keyboard
 * can scroll it too.
 */
export function LedgerTable({ number, rows }: { number: string; rows: LedgerRow[] }) {
  if (rows.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No ledger entries yet: the invoice makes the first.</p>
    );
  return (
    // A named section is a region; it takes focus so a keyboard can scroll it (WCAG 2.1.1).
    <section
      className="overflow-x-auto rounded-md border border-border"
      aria-label={`Ledger of ${number}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      data-testid="ledger-table"
    >
      <table className="w-full min-w-[46rem] text-sm">
        <caption className="px-3 py-2 text-left text-xs text-muted-foreground">
          Balances after each entry. Buyer and seller: positive when they owe FieldLot, negative when FieldLot
          owes them. Cash: what FieldLot holds. FieldLot: its result (negative is earned).
        </caption>
        <thead className="bg-muted text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Entry
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Amount
            </th>
            {COLUMNS.map((a) => (
              <th key={a} scope="col" className="px-3 py-2 text-right font-semibold">
                {ACCOUNT_LABELS[a]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-border align-top" data-testid="ledger-row">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDay(r.date)}</td>
              {/* The server's line carries the reason of a credit or reversal, the method and reference of a move. */}
              <td className="min-w-56 px-3 py-2 font-medium break-words">{r.text}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                {formatDollarsCents(r.amountCents)}
              </td>
              {COLUMNS.map((a) => (
                <td key={a} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {formatDollarsCents(r.balances[a])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
