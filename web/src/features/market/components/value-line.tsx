import { similarSoldSentence, stateCode } from '@domain/fieldlot-value';
import { formatDollarsRounded as formatDollars } from '@domain/money';
import { useValueQuery, type ValueLookup } from '../api';

/** What a row of the inquiry view or the review queue knows of its tractor (any field may be missing). */
export interface TractorFacts {
  make?: string | null;
  model?: string | null;
  year?: number | null;
  hours?: number | null;
  location?: string | null;
  grade?: number | null;
  priceCents?: number | null;
}

function lookupOf(t: TractorFacts): ValueLookup | null {
  if (!t.make || !t.model || !t.year || t.year < 1950 || t.hours === null || t.hours === undefined)
    return null;
  return {
    make: t.make,
    model: t.model,
    year: t.year,
    hours: Math.max(0, Math.round(t.hours)),
    ...(t.grade ? { grade: t.grade } : {}),
    ...(stateCode(t.location) ? { state: stateCode(t.location) ?? undefined } : {}),
    ...(t.priceCents ? { askingCents: t.priceCents } : {}),
  };
}

/**
 * One self-contained line for the admin's inquiry view and review queue (docs/product/fieldlot-value.md): where
 * the price stands or the value with its range, or "Not enough FieldLot sales to estimate", and what similar
 * tractors sold for. Nothing when the tractor lacks make, model, year or hours.
 */
export function ValueLine({ tractor }: { tractor: TractorFacts }) {
  const lookup = lookupOf(tractor);
  const value = useValueQuery(lookup);
  if (!lookup) return null;
  if (value.isPending) return <p className="text-sm text-muted-foreground">FieldLot Value: loading…</p>;
  if (value.isError) return <p className="text-sm text-muted-foreground">FieldLot Value unavailable.</p>;
  const { estimate, standing, message, comparables } = value.data;
  const similar = similarSoldSentence(comparables);
  return (
    <p className="text-sm" data-testid="value-line">
      <span className="font-semibold">FieldLot Value: </span>
      {standing
        ? standing.sentence
        : estimate
          ? `${formatDollars(estimate.valueCents)} (typical ${formatDollars(estimate.lowCents)}–${formatDollars(estimate.highCents)})`
          : message}
      {similar && <span className="text-muted-foreground"> · {similar}</span>}
    </p>
  );
}
