/**
 * FieldLot Value's estimator (docs/product/fieldlot-value.md#the-estimate-and-its-typical-range, decision 0078).
 * Pure: the server and the bench feed it the sales. The fit is fieldlot-value-fit.ts, a prediction and its breakdown
 * fieldlot-value-predict.ts, the shared shapes fieldlot-value-types.ts; this file measures the range and answers.
 *
 * log(price) = family level + Σ slope·(feature − family mean) + option effects + state offset + market index(quarter)
 * - features: age at the sale (sale year − year made) and its square (depreciation slows with age), hours/1000,
 *   grade, log(horsepower); a feature without spread within families (every sale graded alike, or none graded)
 *   drops out and the others keep their slopes;
 * - slopes: the market's (fitted within families), each make's pulled toward the market's, each family's toward
 *   its make's (ridge toward the parent, worth SLOPE_SHRINK sales);
 * - levels: family → base model (D6 for D6R and D6M) → make and size class → make → market, each pulled toward its
 *   parent with n / (n + k) (k = 10, for a family measured from the data); a family with few sales falls back to its
 *   base model (or the one family its base model was sold as) or its make and size class;
 * - market index: mean leftover by quarter, shrunk and smoothed over three quarters, and each make's own departure
 *   from it (pulled toward zero harder); a later date takes the last quarter's level plus the recent trend, damped;
 * - options (drive, cab, transmission): an effect per value learned only where enough sales of families that
 *   carry more than one value show it; otherwise said ("not adjusted for cab (too few sales)");
 * - range: the family's own leftover spread pulled toward its parents' (its square root as the scale, since the
 *   spread ranks the errors only loosely), wider by the measured ratio where the year or hour meter is unknown and
 *   by the market's quarterly move for each quarter past the last sales, times multipliers measured on the training
 *   sales' own later part (fit on the first 80% by date, value the rest), per confidence word and for models never
 *   sold before; High and Medium never narrower than the whole.
 */

import { fitCore } from './fieldlot-value-fit';
import { confidenceOf, predictLog, scaleOf } from './fieldlot-value-predict';
import {
  type BreakdownLine,
  type Confidence,
  familyKey,
  norm,
  type Row,
  type SaleFacts,
  type ValueEstimate,
  type ValueModel,
  type ValueQuery,
} from './fieldlot-value-types';

export type {
  BreakdownLine,
  Confidence,
  SaleFacts,
  ValueEstimate,
  ValueModel,
  ValueQuery,
} from './fieldlot-value-types';
export { baseKey, baseName, familyKey, MIN_FAMILY_SALES, NOT_ENOUGH_SALES } from './fieldlot-value-types';

const BLEND_SHRINK = 6;
const BLEND_MIN = 3;
const BLEND_DISTANCE = 1.5;
const BLEND_MONTHS = 24;
const BLEND_SCAN = 300;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/**
 * Fits the model. The range multipliers are measured honestly: a model fitted on the first 80% of the sales by
 * date values the last 20%, and each confidence word's multipliers hold 80% of those (10th to 90th percentile of
 * error / sigma). With too few such values, the fitted model's own leftovers are used.
 */
export function fitValueModel(sales: readonly SaleFacts[], referenceYear: number): ValueModel {
  const model = fitCore(sales, referenceYear);
  const sorted = [...sales].sort((a, b) => a.soldOn.localeCompare(b.soldOn));
  const split = sorted[Math.floor(sorted.length * 0.8)]?.soldOn;
  const zs: Record<Confidence | 'New', number[]> = { High: [], Medium: [], Low: [], New: [] };
  if (sales.length >= 200 && split) {
    const early = sorted.filter((s) => s.soldOn < split);
    const late = sorted.filter((s) => s.soldOn >= split);
    const inner = fitCore(early, referenceYear);
    for (const s of late) {
      const p = predictLog(inner, { ...s, on: s.soldOn }, Number(s.soldOn.slice(0, 4)));
      if (!p.ok || p.sigma <= 0) continue;
      zs[p.newFamily ? 'New' : confidenceOf(p)].push((Math.log(s.priceCents) - p.log) / scaleOf(p.sigma));
    }
  }
  const all = [...zs.High, ...zs.Medium, ...zs.Low, ...zs.New];
  if (all.length < 50) {
    for (const f of model.families.values())
      for (const r of f.rows) if (f.sigma2 > 0) all.push(r.resid / scaleOf(Math.sqrt(f.sigma2)));
  }
  const whole = [...all].sort((a, b) => a - b);
  const wholeCal = { low: quantile(whole, 0.1), high: quantile(whole, 0.9) };
  // A family never sold before errs as far as families stray from their base or size class: its own multipliers,
  // measured alike (with too few such values, Low's).
  if (zs.New.length < 50) {
    zs.Low.push(...zs.New);
    zs.New = [];
  }
  for (const c of ['High', 'Medium', 'Low', 'New'] as const) {
    const own = zs[c].sort((a, b) => a - b);
    // High's and Medium's ranges are never narrower than the whole's: a more confident word must hold at least as
    // often as the rest (measured on the training sales' later part, the rest's spread carries over better).
    const cal =
      own.length >= 50
        ? { low: quantile(own, 0.1), high: quantile(own, 0.9) }
        : c === 'New'
          ? model.calibration.Low
          : wholeCal;
    model.calibration[c] =
      c === 'High' || c === 'Medium'
        ? { low: Math.min(cal.low, wholeCal.low), high: Math.max(cal.high, wholeCal.high) }
        : cal;
  }
  return model;
}

const roundDollars = (cents: number) => Math.round(cents / 100) * 100; // whole dollars

/**
 * The estimate, or null when neither the family nor its make and size class has enough sales. The breakdown's
 * lines are rounded so that they add up exactly to the value (docs/product/fieldlot-value.md#the-breakdown).
 */
export function estimateValue(model: ValueModel, q: ValueQuery): ValueEstimate | null {
  const on = q.on ?? `${model.referenceYear}-07-01`;
  const p = predictLog(model, { ...q, on }, Number(on.slice(0, 4)));
  if (!p.ok) return null;
  const lines = [...p.lines];
  let blended = 0;
  // Blend with the nearest comparables where they are many and close: their mean leftover, pulled toward zero.
  const fam = model.families.get(familyKey(q.make, q.family));
  if (fam && p.basis === 'family') {
    const nearest = nearestRows(q, fam.rows, on);
    if (nearest.length >= BLEND_MIN) {
      const mean = nearest.reduce((a, r) => a + r.resid, 0) / nearest.length;
      const shift = (mean * nearest.length) / (nearest.length + BLEND_SHRINK);
      lines.push({ label: `Nearest ${nearest.length} comparable sales`, log: shift });
      blended = nearest.length;
    }
  }
  const log = lines.reduce((a, l) => a + l.log, 0);
  const confidence = confidenceOf(p);
  const cal = model.calibration[p.newFamily ? 'New' : confidence];
  const valueCents = roundDollars(Math.exp(log));
  // Lines add up exactly: each is the step between the rounded running totals.
  const breakdown: BreakdownLine[] = [];
  let running = 0;
  let prev = 0;
  lines.forEach((l, i) => {
    running += l.log;
    const total = i === lines.length - 1 ? valueCents : roundDollars(Math.exp(running));
    breakdown.push(
      l.factor
        ? { label: l.label, cents: total - prev, factor: l.factor }
        : { label: l.label, cents: total - prev },
    );
    prev = total;
  });
  const notes = [...new Set([...model.notes, ...p.notes])];
  if (p.basis === 'make-size') notes.unshift('few sales of the family: from its make and size class');
  if (blended) notes.push(`blended with the ${blended} nearest comparable sales`);
  return {
    valueCents,
    lowCents: Math.min(valueCents, roundDollars(Math.exp(log + cal.low * scaleOf(p.sigma)))),
    highCents: Math.max(valueCents, roundDollars(Math.exp(log + cal.high * scaleOf(p.sigma)))),
    salesUsed: p.n,
    confidence,
    basis: p.basis,
    breakdown,
    notes,
    comparablesBlended: blended,
  };
}

/** Nearness of a sale to the tractor: the points of comparableDistance, half a point for another model. */
function nearRowDistance(q: ValueQuery, qModel: string, r: Row): number {
  const s = r.sale;
  let d = q.state && q.state === s.state ? 0 : 0.5;
  d += q.year == null || s.year == null ? 0.5 : Math.abs(q.year - s.year) / 2;
  d += q.hours == null || s.hours == null ? 0.5 : Math.abs(q.hours - s.hours) / 1000;
  d += q.grade == null || s.grade == null ? 0.5 : Math.abs(q.grade - s.grade);
  if (qModel && r.modelKey && qModel !== r.modelKey) d += 0.5;
  return d;
}

function nearestRows(q: ValueQuery, rows: Row[], on: string): Row[] {
  const since = new Date(`${on}T00:00:00Z`);
  since.setUTCMonth(since.getUTCMonth() - BLEND_MONTHS);
  const from = since.toISOString().slice(0, 10);
  // First row sold on or before the date (binary search on the newest-first order).
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].sale.soldOn > on) lo = mid + 1;
    else hi = mid;
  }
  const qModel = norm(q.model);
  const near: { r: Row; d: number }[] = [];
  for (let i = lo; i < rows.length && i < lo + BLEND_SCAN; i++) {
    const r = rows[i];
    if (r.sale.soldOn < from) break;
    const d = nearRowDistance(q, qModel, r);
    if (d <= BLEND_DISTANCE) near.push({ r, d });
  }
  return near
    .sort((a, b) => a.d - b.d)
    .slice(0, 10)
    .map((x) => x.r);
}
