import { formatCount } from '@domain/numbers';
import { ShieldAlert } from 'lucide-react';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { plural } from '@/lib/format';
import { useBidderReport } from '../api/sales';

/**
 * The admin panel's Timed Sales tab (docs/product/timed-sale.md#rules-against-games): bidders who bid on one
 * seller's closed lots far more than they win, with who they are.
 */
export function BidderReport() {
  const report = useBidderReport();
  if (report.isPending) return <LoadingState text="Loading the report..." />;
  if (report.isError) return <ErrorState message={report.error.message} onRetry={() => report.refetch()} />;
  const { rule, rows } = report.data;
  const ruleText = `${rule.minBids} bids or more on one seller's closed lots, across ${rule.minLots} lots or more, and under ${Math.round(rule.maxWinShare * 100)}% of those lots won`;
  return (
    <section aria-labelledby="bidder-report-title" className="grid gap-3">
      <div>
        <h2 id="bidder-report-title" className="text-lg font-bold">
          Bidders who bid far more than they win
        </h2>
        <p className="text-sm text-muted-foreground">Listed: {ruleText}.</p>
      </div>
      {rows.length === 0 ? (
        <EmptyState
          icon={<ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />}
          title="Nobody to look at"
          description="No bidder bids on one seller's lots far more than they win."
        />
      ) : (
        <section
          className="overflow-x-auto rounded-md border border-border"
          aria-label="Bidders who bid far more than they win"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
        >
          <table className="w-full min-w-[40rem] text-sm" data-testid="bidder-report">
            <thead className="bg-muted text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Bidder
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Seller
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Bids
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Lots
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Won
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.bidderUserId}-${r.sellerName}`} className="border-t border-border align-top">
                  <td className="px-3 py-2">
                    <span className="font-semibold">{r.bidderName}</span>
                    <span className="block text-muted-foreground">
                      {r.bidderCompany} · {r.bidderEmail}
                    </span>
                  </td>
                  <td className="px-3 py-2">{r.sellerName}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(r.bids)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(r.lots)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{plural(r.wins, 'lot')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
