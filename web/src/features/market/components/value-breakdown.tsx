import { breakdownAmount, valueNoteSentence } from '@domain/fieldlot-value';
import type { ValueAnswerResponse } from '@domain/fieldlot-value-api';
import { formatDollarsRounded as formatDollars } from '@domain/money';

type Estimate = NonNullable<ValueAnswerResponse['estimate']>;

/**
 * How the value is made (docs/product/fieldlot-value.md#the-breakdown): the base for the family, then each
 * adjustment in dollars, lines that add up exactly to the value; then what it is not adjusted for.
 */
export function ValueBreakdown({ estimate }: { estimate: Estimate }) {
  return (
    <div className="space-y-1 text-sm" data-testid="value-breakdown">
      <h3 className="font-semibold">How the value is made</h3>
      <table className="w-full max-w-md">
        <caption className="sr-only">FieldLot Value breakdown: the base, then each adjustment</caption>
        <tbody>
          {estimate.breakdown.map((line, i) => (
            <tr key={line.label} className="align-baseline">
              <th scope="row" className="py-0.5 pr-3 text-left font-normal">
                {line.label}
              </th>
              <td className="py-0.5 text-right tabular-nums whitespace-nowrap">
                {breakdownAmount(line.cents, i === 0)}
              </td>
            </tr>
          ))}
          <tr className="border-t border-border font-semibold">
            <th scope="row" className="pt-1 pr-3 text-left">
              FieldLot Value
            </th>
            <td className="pt-1 text-right tabular-nums whitespace-nowrap">
              {formatDollars(estimate.valueCents)}
            </td>
          </tr>
        </tbody>
      </table>
      {estimate.notes.length > 0 && (
        <ul className="text-muted-foreground" data-testid="value-notes">
          {estimate.notes.map((note) => (
            <li key={note}>{valueNoteSentence(note)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
