import { similarSoldSentence } from '@domain/fieldlot-value';
import { formatDollarsRounded as formatDollars } from '@domain/money';
import { useDeferredValue } from 'react';
import { useValueQuery, type ValueLookup } from '../api';
import { ComparablesTable } from './comparables-table';

/**
 * The listing form's hint (docs/product/fieldlot-value.md): "Similar tractors sold for …" and FieldLot Value for
 * what the seller typed so far, once make, model, year and hours are filled in.
 */
export function SimilarSold({ tractor }: { tractor: ValueLookup }) {
  const deferred = useDeferredValue(tractor);
  const ok =
    deferred.make.trim().length > 0 &&
    deferred.model.trim().length > 0 &&
    deferred.year >= 1950 &&
    deferred.year <= 2100 &&
    Number.isInteger(deferred.hours) &&
    deferred.hours >= 0;
  const value = useValueQuery(ok ? deferred : null);
  if (!ok || value.isError) return null;
  if (value.isPending) return <p className="text-sm text-muted-foreground">Looking up similar sales…</p>;
  const { estimate, message, comparables } = value.data;
  return (
    <section
      className="space-y-2 rounded-md border border-border bg-muted/40 p-3"
      aria-live="polite"
      data-testid="similar-sold"
    >
      <p className="font-semibold">
        {similarSoldSentence(comparables) ?? 'No similar tractors sold on FieldLot yet'}
      </p>
      <p className="text-sm">
        {estimate
          ? `FieldLot Value ${formatDollars(estimate.valueCents)} (typical ${formatDollars(estimate.lowCents)}–${formatDollars(estimate.highCents)})`
          : message}
      </p>
      {comparables.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm font-medium">Show the sales</summary>
          <ComparablesTable sales={comparables} caption="Similar sales, nearest first" />
        </details>
      )}
    </section>
  );
}
