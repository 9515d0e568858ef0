import type { ComparableSale } from '@domain/fieldlot-value-api';
import { formatDollars, formatHours } from '@/lib/format';

/**
 * Comparable sales, nearest first (docs/product/fieldlot-value.md#comparable-sales): date, year, hours, grade,
 * state and price. A sale has no buyer or seller to show. Scrolls sideways inside its box on a phone.
 */
export function ComparablesTable({ sales, caption }: { sales: ComparableSale[]; caption: string }) {
  if (sales.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No FieldLot sales of this family in the last 24 months.</p>
    );
  return (
    // A named section is a region; it takes focus so a keyboard can scroll it (WCAG 2.1.1).
    <section
      className="overflow-x-auto"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
    >
      <table className="w-full min-w-[30rem] text-sm" data-testid="comparables">
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
            <th scope="col" className="py-1.5 text-right font-medium">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {sales.map((s, i) => (
            // Sales carry no id on purpose (nothing to trace); date and position identify a row here.
            <tr key={`${s.soldOn}-${i}`} className="border-b last:border-0">
              <td className="py-1.5 pr-3 tabular-nums">{s.soldOn}</td>
              <td className="py-1.5 pr-3 tabular-nums">{s.year}</td>
              <td className="py-1.5 pr-3 tabular-nums">{formatHours(s.hours)}</td>
              <td className="py-1.5 pr-3 tabular-nums">{s.grade.toFixed(1)}</td>
              <td className="py-1.5 pr-3">{s.state || '—'}</td>
              <td className="py-1.5 text-right font-semibold tabular-nums">{formatDollars(s.priceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
