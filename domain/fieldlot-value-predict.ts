/**
 * FieldLot Value's prediction: a sale's or a tractor's log value, its breakdown lines and its spread from a fitted
 * model (docs/product/fieldlot-value.md#the-breakdown).
 */
import {
  baseKey,
  baseName,
  type Confidence,
  type Factor,
  FEATURES,
  familyKey,
  featuresOf,
  type Level,
  MIN_FAMILY_SALES,
  norm,
  OPTION_LABEL,
  OPTIONS,
  optionText,
  quarterOf,
  type SaleFacts,
  type ValueModel,
  type ValueQuery,
} from './fieldlot-value-types';

/** After the last quarter, each quarter ahead carries on the recent quarterly trend at this fraction of the last. */
const TREND_DAMP = 0.5;

/** A breakdown line before rounding: its label, its step in log price, what it adjusts for. */
export interface Line {
  label: string;
  log: number;
  factor?: Factor;
}

export interface Prediction {
  /** The family was never sold: its level is its base model's or its make and size class's. */
  newFamily: boolean;
  log: number;
  sigma: number;
  n: number;
  basis: 'family' | 'make-size';
  lines: Line[];
  notes: string[];
}

/** A make's own index at a quarter, or at its latest quarter before it (a make need not sell every quarter). */
function makeQuarterAt(model: ValueModel, make: string, quarter: number): number {
  for (let q = quarter; q >= model.firstQuarter; q--) {
    const v = model.makeQuarterIndex.get(`${make}|${q}`);
    if (v !== undefined) return v;
  }
  return 0;
}

const fmtHours = (h: number) => Math.round(h).toLocaleString('en-US');

export function predictLog(
  model: ValueModel,
  q: ValueQuery | SaleFacts,
  saleYear: number,
): Prediction & { ok: boolean } {
  const fam = model.families.get(familyKey(q.make, q.family));
  const make = norm(q.make);
  const size = norm(q.sizeClass);
  const makeSize = size ? model.makeSizes.get(`${make}|${size}`) : undefined;
  const notes: string[] = [];
  let level: Level;
  let slopes: number[];
  let basis: 'family' | 'make-size' = 'family';
  let optionMean = OPTIONS.map(() => 0);
  let baseLabel: string;
  if (fam && fam.n >= MIN_FAMILY_SALES) {
    level = fam;
    slopes = fam.slopes;
    optionMean = fam.optionMean;
    baseLabel = `Base for the ${q.make} ${q.family} family`;
  } else if (makeSize && makeSize.n >= MIN_FAMILY_SALES * 2 && (!fam || fam.makeSize === `${make}|${size}`)) {
    // A rare family: its make and size class, with the family's own few sales pulled in.
    // (the family's level is already pulled toward its base model and its make and size class in proportion to its
    // sales); a family never sold before starts from its base model's other families where they share the size.
    const bk = baseKey(q.make, q.family);
    // A base model sold as one family only: that family is the base (a 320CLRR starts from the 320C it follows).
    const sole = model.soleBaseFamily.get(bk);
    const base = fam ? undefined : (model.bases.get(bk) ?? (sole ? model.families.get(sole) : undefined));
    const fromBase = base && base.makeSize === `${make}|${size}` ? base : undefined;
    level = fam ?? fromBase ?? makeSize;
    slopes = fam?.slopes ?? model.makeSlopes.get(make) ?? model.marketSlopes;
    if (fam) optionMean = fam.optionMean;
    basis = 'make-size';
    baseLabel = fromBase
      ? `Base for ${q.make} ${baseName(q.family)} models of size ${q.sizeClass}`
      : `Base for ${q.make} of size ${q.sizeClass}`;
  } else {
    return { ok: false, newFamily: !fam, log: 0, sigma: 0, n: fam?.n ?? 0, basis, lines: [], notes };
  }
  const x = featuresOf(q, saleYear);
  // The base carries the family's usual options; an option line is the difference from that mix.
  const lines: Line[] = [{ label: baseLabel, log: level.level + optionMean.reduce((a, b) => a + b, 0) }];
  FEATURES.forEach((f, j) => {
    if (!model.active[j]) return;
    const v = x[j];
    if (v === null) return;
    const d = slopes[j] * (v - level.mean[j]);
    if (f === 'age')
      lines.push({
        label: `Age ${Math.round(v)} years (family average ${level.mean[j].toFixed(1)})`,
        log: d,
        factor: 'age',
      });
    else if (f === 'hours')
      lines.push({
        label: `Hours ${fmtHours(v * 1000)} (average ${fmtHours(level.mean[j] * 1000)})`,
        log: d,
        factor: 'hours',
      });
    else if (f === 'grade')
      lines.push({ label: `Grade ${v} (average ${level.mean[j].toFixed(1)})`, log: d, factor: 'grade' });
    else if (f === 'ageSquared') {
      // Depreciation slows with age: the curve is part of the age line.
      const line = lines.find((l) => l.factor === 'age');
      (line ?? lines[0]).log += d;
    } else if (f === 'horsepower')
      lines.push({ label: `Horsepower ${Math.round(Math.exp(v))}`, log: d, factor: 'horsepower' });
    else if (v === 1)
      lines.push(
        f === 'yearUnknown'
          ? { label: 'Year not known', log: d, factor: 'age' }
          : { label: 'Hours not known', log: d, factor: 'hours' },
      );
    else if (Math.abs(d) > 1e-9) lines[0].log += d; // a known year or meter in a family where some were unknown: part of the base
  });
  OPTIONS.forEach((o, i) => {
    const text = optionText(q, o);
    const v = norm(text);
    if (!v) return;
    const effects = model.optionEffects[i];
    const e = effects.get(v);
    if (e === undefined) {
      notes.push(`not adjusted for ${OPTION_LABEL[o]} (too few sales)`);
      return;
    }
    // A family that always sells with this value (a loader never fitted to a crawler) has nothing to adjust.
    if (Math.abs(e - optionMean[i]) < 1e-9) return;
    const label = OPTION_LABEL[o];
    lines.push({
      label: `${label[0].toUpperCase()}${label.slice(1)}: ${text}`,
      log: e - optionMean[i],
      factor: label,
    });
  });
  const state = q.state ? model.states.get(q.state) : undefined;
  if (state !== undefined && state !== 0)
    lines.push({ label: `State ${q.state}`, log: state, factor: 'state' });
  const asked = 'on' in q && q.on ? quarterOf(q.on) : 'soldOn' in q ? quarterOf(q.soldOn) : model.lastQuarter;
  const quarter = Math.min(model.lastQuarter, Math.max(model.firstQuarter, asked));
  let t = (model.quarterIndex.get(quarter) ?? 0) + makeQuarterAt(model, make, quarter);
  // After the last quarter: its level plus the recent trend (last two quarters against the two before), damped:
  // each quarter ahead adds TREND_DAMP times the previous step, so the trend never carries on for long.
  if (asked > model.lastQuarter) {
    const at = (k: number) => model.quarterIndex.get(model.lastQuarter - k) ?? 0;
    const slope = (at(0) + at(1) - at(2) - at(3)) / 4;
    let step = slope;
    for (let h = 1; h <= asked - model.lastQuarter && Math.abs(step) > 1e-6; h++) {
      step *= TREND_DAMP;
      t += step;
    }
  }
  if (t !== 0) lines.push({ label: 'Market level of the time', log: t });
  const log = lines.reduce((a, l) => a + l.log, 0);
  // A fallback counts the make and size class's sales (its range and confidence are theirs).
  const n = basis === 'make-size' ? (makeSize?.n ?? level.n) : level.n;
  const unknownFactor =
    (q.year == null ? model.unknownSpread.year : 1) * (q.hours == null ? model.unknownSpread.hours : 1);
  // Past the last sales the market may have moved: each quarter ahead adds the index's usual quarterly move.
  const driftVar = Math.max(0, asked - model.lastQuarter) * model.quarterDrift2;
  return {
    ok: true,
    newFamily: !fam,
    log,
    sigma: Math.sqrt(level.sigma2 * unknownFactor + driftVar),
    n,
    basis,
    lines,
    notes,
  };
}

/**
 * The range's scale: the square root of the spread (the spread to the power ½). A family's spread ranks its errors
 * only loosely (families with twice the spread err far less than twice as much on later sales), so the full
 * spread made erratic families' ranges too wide and steady ones' too narrow (decision 0083).
 */
export const scaleOf = (sigma: number) => Math.sqrt(sigma);

export function confidenceOf(p: Prediction): Confidence {
  if (p.basis === 'make-size' || p.n < 15) return 'Low';
  if (p.n >= 40 && p.sigma <= 0.3) return 'High';
  return 'Medium';
}
