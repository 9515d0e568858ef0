/**
 * FieldLot Value: comparable sales and an estimate with a typical range, computed from recorded sales
 * (docs/product/fieldlot-value.md, docs/decisions/0046-fieldlot-value.md). Pure: the server feeds it the sales.
 *
 * Method: log(price) = family intercept + b_age·age + b_hours·(hours/1000) + b_grade·grade + state offset.
 * The slopes are shared by the whole market (fitted within families, so a family's price level does not bias
 * them); a family's intercept is shrunk toward its make's, and the make's toward the market's, with weight
 * n / (n + SHRINK); a state's offset is its mean residual shrunk toward zero the same way. The typical range is the
 * 10th–90th percentile of the residuals (about 80% of sales).
 */
import { formatDollarsRounded as formatDollars } from './money';

export interface MarketSale {
  soldOn: string; // YYYY-MM-DD
  make: string;
  family: string;
  year: number;
  hours: number;
  grade: number;
  state: string;
  priceCents: number;
}

export interface ValueQuery {
  make: string;
  family: string;
  year: number;
  hours: number;
  grade: number;
  state: string;
}

export interface ValueEstimate {
  valueCents: number;
  lowCents: number;
  highCents: number;
  salesUsed: number;
}

export interface ValueModel {
  slopes: [number, number, number];
  market: number;
  makes: Map<string, number>;
  families: Map<string, { intercept: number; n: number }>;
  states: Map<string, number>;
  lowLog: number;
  highLog: number;
  referenceYear: number;
}

/** Below this many sales of the family, no estimate: "Not enough FieldLot sales to estimate". */
export const MIN_FAMILY_SALES = 5;
export const NOT_ENOUGH_SALES = 'Not enough FieldLot sales to estimate';
const SHRINK = 10;
const COMPARABLE_MONTHS = 24;

const familyKey = (make: string, family: string) => `${make.toLowerCase()}|${family.toLowerCase()}`;
const ageOf = (sale: { year: number }, referenceYear: number) => referenceYear - sale.year;
const features = (
  s: { year: number; hours: number; grade: number },
  refYear: number,
): [number, number, number] => [ageOf(s, refYear), s.hours / 1000, s.grade];

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / (values.length || 1);
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Solves a 3×3 system by Cramer's rule; a singular system (no spread in a feature) gives zero slopes. */
function solve3(a: number[][], b: number[]): [number, number, number] {
  const det = (m: number[][]) =>
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
    m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
    m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  const d = det(a);
  if (Math.abs(d) < 1e-12) return [0, 0, 0];
  const col = (i: number) => det(a.map((row, r) => row.map((v, c) => (c === i ? b[r] : v))));
  return [col(0) / d, col(1) / d, col(2) / d];
}

export function fitValueModel(sales: MarketSale[], referenceYear: number): ValueModel {
  const byFamily = new Map<string, MarketSale[]>();
  for (const s of sales) {
    const key = familyKey(s.make, s.family);
    const group = byFamily.get(key);
    if (group) group.push(s);
    else byFamily.set(key, [s]);
  }
  // Within-family normal equations for the shared slopes.
  const xtx = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const xty = [0, 0, 0];
  const familyMeans = new Map<string, { x: number[]; y: number; n: number; make: string }>();
  for (const [key, group] of byFamily) {
    const xs = group.map((s) => features(s, referenceYear));
    const ys = group.map((s) => Math.log(s.priceCents));
    const mx = [0, 1, 2].map((i) => mean(xs.map((x) => x[i])));
    const my = mean(ys);
    familyMeans.set(key, { x: mx, y: my, n: group.length, make: group[0].make.toLowerCase() });
    xs.forEach((x, r) => {
      const dx = x.map((v, i) => v - mx[i]);
      for (let i = 0; i < 3; i++) {
        xty[i] += dx[i] * (ys[r] - my);
        for (let j = 0; j < 3; j++) xtx[i][j] += dx[i] * dx[j];
      }
    });
  }
  const slopes = solve3(xtx, xty);
  const dot = (x: number[]) => x[0] * slopes[0] + x[1] * slopes[1] + x[2] * slopes[2];
  const levels = sales.map((s) => ({ s, level: Math.log(s.priceCents) - dot(features(s, referenceYear)) }));
  const market = mean(levels.map((l) => l.level));
  const makes = new Map<string, number>();
  for (const make of new Set(levels.map((l) => l.s.make.toLowerCase()))) {
    const own = levels.filter((l) => l.s.make.toLowerCase() === make).map((l) => l.level);
    makes.set(make, (own.length * mean(own) + SHRINK * market) / (own.length + SHRINK));
  }
  const families = new Map<string, { intercept: number; n: number }>();
  for (const [key, m] of familyMeans) {
    const raw = m.y - dot(m.x);
    const make = makes.get(m.make) ?? market;
    families.set(key, { intercept: (m.n * raw + SHRINK * make) / (m.n + SHRINK), n: m.n });
  }
  const familyLevel = (s: MarketSale) => families.get(familyKey(s.make, s.family))?.intercept ?? market;
  const residuals = levels.map((l) => ({ state: l.s.state, r: l.level - familyLevel(l.s) }));
  const states = new Map<string, number>();
  for (const state of new Set(residuals.map((r) => r.state))) {
    const own = residuals.filter((r) => r.state === state).map((r) => r.r);
    states.set(state, (own.length * mean(own)) / (own.length + SHRINK));
  }
  const final = residuals.map((r) => r.r - (states.get(r.state) ?? 0)).sort((a, b) => a - b);
  return {
    slopes,
    market,
    makes,
    families,
    states,
    lowLog: quantile(final, 0.1),
    highLog: quantile(final, 0.9),
    referenceYear,
  };
}

/** The estimate, or null when the family has fewer than MIN_FAMILY_SALES sales. */
export function estimateValue(model: ValueModel, q: ValueQuery): ValueEstimate | null {
  const family = model.families.get(familyKey(q.make, q.family));
  if (!family || family.n < MIN_FAMILY_SALES) return null;
  const x = features(q, model.referenceYear);
  const log =
    family.intercept +
    x[0] * model.slopes[0] +
    x[1] * model.slopes[1] +
    x[2] * model.slopes[2] +
    (model.states.get(q.state) ?? 0);
  const round = (v: number) => Math.round(Math.exp(v) / 100) * 100;
  return {
    valueCents: round(log),
    lowCents: round(log + model.lowLog),
    highCents: round(log + model.highLog),
    salesUsed: family.n,
  };
}

/**
 * Similarity distance to the tractor (smaller is nearer): one per 2 model years, one per 1,000 hours, one per
 * grade point, a half for another state. Only the same make and family sold in the last 24 months count.
 */
export function comparableDistance(q: ValueQuery, s: MarketSale): number {
  return (
    Math.abs(q.year - s.year) / 2 +
    Math.abs(q.hours - s.hours) / 1000 +
    Math.abs(q.grade - s.grade) +
    (q.state === s.state ? 0 : 0.5)
  );
}

export function comparableSales<S extends MarketSale>(
  q: ValueQuery,
  sales: S[],
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
export function askingStanding(askingCents: number, e: ValueEstimate): AskingStanding {
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

export function askingVersusValue(askingCents: number, e: ValueEstimate): string {
  return askingStanding(askingCents, e).sentence;
}

/**
 * What the value is computed from (docs/product/fieldlot-value.md#where-it-is-shown): every recorded sale of the
 * family, which may be more than the table shows (that holds the last 24 months, at most 10), so it never names a
 * count beside the table's. "Estimated from all 8 recorded FieldLot sales of the John Deere 6R family, …".
 */
export function valueBasisSentence(make: string, family: string, salesUsed: number): string {
  return `Estimated from all ${salesUsed} recorded FieldLot sales of the ${make} ${family} family, adjusted for age, hours, grade and state.`;
}

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
