import type { ComparableSale } from '@domain/fieldlot-value-api';
import { saleOriginLine } from '@domain/sale-import';
import { formatDay, formatDollars, formatHours } from '@/lib/format';

/**
 * Comparable sales, nearest first (docs/product/fieldlot-value.md#comparable-sales): date, year, hours, grade,
 * state, where it was recorded ("Auction · Iowa · Mar 2025", docs/product/sale-imports.md) and price. A sale has no buyer or seller to show. On a phone each sale is a card with every figure; from
 * 640 px a table.
 */
// An imported sale may lack its year, hours or grade (docs/product/sale-imports.md): "—", or "Not inspected".
const yearText = (year: number | null) => (year === null ? '—' : String(year));
const hoursText = (hours: number | null) => (hours === null ? '—' : formatHours(hours));
const gradeText = (grade: number | null) => (grade === null ? 'Not inspected' : grade.toFixed(1));

export function ComparablesTable({ sales, caption }: { sales: ComparableSale[]; caption: string }) {
  if (sales.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No FieldLot sales of this family in the last 24 months.</p>
    );
  return (
    <>
      <ol className="space-y-2 sm:hidden" aria-label={caption} data-testid="comparable-cards">
        {sales.map((s, i) => (
          // Sales carry no id on purpose (nothing to trace); date and position identify a card here.
          <li key={`${s.soldOn}-${i}`} className="rounded-md border border-border p-3 text-sm">
            <p className="flex items-baseline justify-between gap-2">
              <span className="text-base font-semibold tabular-nums">{formatDollars(s.priceCents)}</span>
              <span className="text-muted-foreground tabular-nums">Sold {formatDay(s.soldOn)}</span>
            </p>
            <p className="text-muted-foreground">{saleOriginLine(s)}</p>
            <dl className="mt-1 grid grid-cols-4 gap-1">
              {(
                [
                  ['Year', yearText(s.year)],
                  ['Hours', hoursText(s.hours)],
                  ['Grade', gradeText(s.grade)],
                  ['State', s.state || '—'],
                ] as const
              ).map(([term, value]) => (
                <div key={term}>
                  <dt className="text-xs text-muted-foreground">{term}</dt>
                  <dd className="tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
      <table className="hidden w-full text-sm sm:table" data-testid="comparables">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Sold
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Year
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Hours
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Grade
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              State
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Source
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {sales.map((s, i) => (
            <tr key={`${s.soldOn}-${i}`} className="border-b last:border-0">
              <td className="py-1.5 pr-3 tabular-nums">{formatDay(s.soldOn)}</td>
              <td className="py-1.5 pr-3 tabular-nums">{yearText(s.year)}</td>
              <td className="py-1.5 pr-3 tabular-nums">{hoursText(s.hours)}</td>
              <td className="py-1.5 pr-3 tabular-nums">{gradeText(s.grade)}</td>
              <td className="py-1.5 pr-3">{s.state || '—'}</td>
              <td className="py-1.5 pr-3">{saleOriginLine(s)}</td>
              <td className="py-1.5 text-right font-semibold tabular-nums">{formatDollars(s.priceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
