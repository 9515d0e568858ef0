/**
 * FieldLot Value: comparable sales and an estimate with a typical range, computed from recorded sales
 * (docs/product/fieldlot-value.md, docs/decisions/0046-fieldlot-value.md, 0078). Pure: the server feeds it the sales.
 * The estimator itself is `fieldlot-value-model.ts`; this file holds the comparables and the texts.
 */
import type { BreakdownLine, SaleFacts, ValueEstimate, ValueQuery } from './fieldlot-value-model';
import { FACTORS, type Factor } from './fieldlot-value-types';
import { formatDollarsRounded as formatDollars } from './money';
import type { SaleRecord } from './sale-import.js';

export {
  type BreakdownLine,
  type Confidence,
  estimateValue,
  fitValueModel,
  MIN_FAMILY_SALES,
  NOT_ENOUGH_SALES,
  type SaleFacts,
  type ValueEstimate,
  type ValueModel,
  type ValueQuery,
} from './fieldlot-value-model';

/** A recorded sale as the server keeps it today (FieldLot's own and demo sales: graded, with year and hours). */
export interface MarketSale extends SaleFacts {
  year: number;
  hours: number;
  grade: number;
  state: string;
}

const COMPARABLE_MONTHS = 24;
const familyKey = (make: string, family: string) => `${make.toLowerCase()}|${family.toLowerCase()}`;

/**
 * Similarity distance to the tractor (smaller is nearer): one per 2 model years, one per 1,000 hours, one per
 * grade point, a half for another state. Only the same make and family sold in the last 24 months count.
 */
export function comparableDistance(q: ValueQuery, s: SaleFacts): number {
  // A fact missing on either side counts as half a point apart.
  const apart = (a: number | null | undefined, b: number | null | undefined, per: number) =>
    a == null || b == null ? 0.5 : Math.abs(a - b) / per;
  return (
    apart(q.year, s.year, 2) +
    apart(q.hours, s.hours, 1000) +
    apart(q.grade, s.grade, 1) +
    (q.state && q.state === s.state ? 0 : 0.5)
  );
}

export function comparableSales<S extends SaleFacts>(
  q: ValueQuery,
  sales: readonly S[],
  today: string,
  limit = 10,
): S[] {
  const since = new Date(`${today}T00:00:00Z`);
  since.setUTCMonth(since.getUTCMonth() - COMPARABLE_MONTHS);
  const from = since.toISOString().slice(0, 10);
  return sales
    .filter(
      (s) =>
        familyKey(s.make, s.family) === familyKey(q.make, q.family) && s.soldOn >= from && s.soldOn <= today,
    )
    .map((s) => ({ s, d: comparableDistance(q, s) }))
    .sort((a, b) => a.d - b.d || b.s.soldOn.localeCompare(a.s.soldOn))
    .slice(0, limit)
    .map((x) => x.s);
}

/** The figures of where an asking price stands against the value, and the sentence that says it. */
export interface AskingStanding {
  percent: number; // whole percent away from the value
  direction: 'below' | 'above' | 'at';
  sentence: string;
}

/**
 * Where the asking price stands (docs/product/fieldlot-value.md#the-estimate-and-its-typical-range):
 * "Asking $98,000 — 6% below FieldLot Value ($104,000; typical $95,000–$113,000)".
 */
export function askingStanding(
  askingCents: number,
  e: Pick<ValueEstimate, 'valueCents' | 'lowCents' | 'highCents'>,
): AskingStanding {
  const dollars = formatDollars;
  const percent = Math.round((Math.abs(askingCents - e.valueCents) / e.valueCents) * 100);
  const direction = percent === 0 ? 'at' : askingCents < e.valueCents ? 'below' : 'above';
  const where = direction === 'at' ? 'at' : `${percent}% ${direction}`;
  return {
    percent,
    direction,
    sentence: `Asking ${dollars(askingCents)} — ${where} FieldLot Value (${dollars(e.valueCents)}; typical ${dollars(e.lowCents)}–${dollars(e.highCents)})`,
  };
}

export function askingVersusValue(
  askingCents: number,
  e: Pick<ValueEstimate, 'valueCents' | 'lowCents' | 'highCents'>,
): string {
  return askingStanding(askingCents, e).sentence;
}

/**
 * What the value is computed from (docs/product/fieldlot-value.md#where-it-is-shown): every recorded sale of the
 * family, which may be more than the table shows (that holds the last 24 months, at most 10), so it never names a
 * count beside the table's. "Estimated from all 8 recorded FieldLot sales of the John Deere 6R family, …"; where
 * some are imported records (auction results, docs/product/sale-imports.md) it says how many, never "FieldLot" of
 * sales that were not.
 */
export function valueBasisSentence({
  make,
  family,
  salesUsed,
  basis = 'family',
  factors = basis === 'make-size' ? ['age', 'hours', 'state'] : ['age', 'hours', 'grade', 'state'],
  imported = 0,
}: {
  make: string;
  family: string;
  salesUsed: number;
  basis?: 'family' | 'make-size';
  factors?: readonly Factor[];
  /** How many of the family's sales are imported records rather than FieldLot's own. */
  imported?: number;
}): string {
  const adjusted = factors.length > 0 ? `, adjusted for ${listed(factors)}` : '';
  if (basis === 'make-size')
    return `Too few recorded sales of the ${make} ${family} family: estimated from ${salesUsed} sales of its make and size class${adjusted}.`;
  const sales =
    imported <= 0
      ? `all ${salesUsed} recorded FieldLot sales`
      : imported >= salesUsed
        ? `all ${salesUsed} imported sale records`
        : `all ${salesUsed} recorded sales (${imported} imported, ${salesUsed - imported} on FieldLot)`;
  return `Estimated from ${sales} of the ${make} ${family} family${adjusted}.`;
}

/**
 * What an estimate was adjusted for, from its breakdown's lines ("age", "hours", "front loader", "state"), so the
 * sentence above the breakdown never names an adjustment the breakdown does not make (no grade on auction sales).
 */
export function adjustedFor(breakdown: readonly BreakdownLine[]): Factor[] {
  return FACTORS.filter((f) => breakdown.some((l) => l.factor === f));
}

const listed = (xs: readonly string[]) =>
  xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/**
 * The comparables' heading, its count the rows shown, from the same list: "Comparable sales: the 7 nearest of the
 * last 24 months".
 */
export function comparablesHeading(comparables: readonly unknown[]): string {
  const n = comparables.length;
  if (n === 0) return 'Comparable sales';
  if (n === 1) return 'Comparable sales: the one of the last 24 months';
  return `Comparable sales: the ${n} nearest of the last 24 months`;
}

/** "Similar tractors sold for $88,000–$120,000 (12 sales)" in the listing form; null without comparables. */
export function similarSoldSentence(comparables: readonly { priceCents: number }[]): string | null {
  if (comparables.length === 0) return null;
  const prices = comparables.map((c) => c.priceCents);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const range = low === high ? formatDollars(low) : `${formatDollars(low)}–${formatDollars(high)}`;
  return `Similar tractors sold for ${range} (${comparables.length} ${comparables.length === 1 ? 'sale' : 'sales'})`;
}

/**
 * A model's family (docs/product/fieldlot-value.md#comparable-sales): the model's first word, cut at a dot or a
 * hyphen ("8R 410" → "8R", "T7.315 HD" → "T7", "M7-172" → "M7", "Magnum 340" → "Magnum").
 */
export function modelFamily(model: string): string {
  const first = model.trim().split(/\s+/)[0] ?? '';
  return first.split(/[.-]/)[0] || first;
}

/** The state a location names: the one reading of a place (domain/places.ts). */
export { stateCode } from './places';

/** The grade assumed when a tractor has no condition report yet: the middle of the 1–5 scale. */
export const UNGRADED = 3;

/** A sale's recorded facts: read from a file (domain/sale-import.ts) or kept in the market's table with its family. */
export type RecordedSale = Omit<SaleRecord, 'sourceId'> & { family?: string };

/**
 * A recorded sale as the estimator learns it, the one mapping the bench and the server share: the family as
 * stored or read from the model; a grade of none (null, or 0 in older rows) is null, "not inspected", never a
 * made-up 3; every other fact as recorded. Anything else the record carries (its sourceId, its source) is kept.
 */
export function saleFactsOf<R extends RecordedSale>(r: R): SaleFacts & Omit<R, keyof RecordedSale> {
  const {
    soldOn,
    make,
    model,
    family,
    year,
    hours,
    gradeTenths,
    state,
    priceCents,
    horsepower,
    sizeClass,
    drive,
    cab,
    transmission,
    loader,
    ...rest
  } = r;
  return {
    ...rest,
    soldOn,
    make,
    family: family ?? modelFamily(model),
    model,
    year,
    hours,
    grade: gradeTenths === null || gradeTenths === 0 ? null : gradeTenths / 10,
    state,
    priceCents,
    horsepower,
    sizeClass,
    drive,
    cab,
    transmission,
    loader,
  };
}

/**
 * A breakdown line's amount (docs/product/fieldlot-value.md#the-breakdown): the base as a price, each adjustment
 * with its sign ("+$1,200", "−$3,400").
 */
export function breakdownAmount(cents: number, isBase: boolean): string {
  if (isBase) return formatDollars(cents);
  const text = formatDollars(Math.abs(cents));
  return cents < 0 ? `−${text}` : `+${text}`;
}

/** "Not adjusted for cab (too few sales)": a note as a sentence. */
export function valueNoteSentence(note: string): string {
  return `${note[0].toUpperCase()}${note.slice(1)}.`;
}
