/**
 * FieldLot Value's estimator (docs/product/fieldlot-value.md#the-estimate-and-its-typical-range, decision 0078).
 * Pure: the server and the bench feed it the sales.
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

/** What the estimator learns from: a sale. Missing facts are null (a sale "not inspected" has no grade). */
export interface SaleFacts {
  soldOn: string; // YYYY-MM-DD
  make: string;
  family: string;
  model?: string | null;
  year: number | null;
  hours: number | null;
  grade: number | null;
  state: string | null;
  priceCents: number;
  horsepower?: number | null;
  sizeClass?: string | null;
  drive?: string | null;
  cab?: string | null;
  transmission?: string | null;
}

/** What the estimator values: a tractor, optionally on a date (default: the model's reference year). */
export interface ValueQuery {
  make: string;
  family: string;
  model?: string | null;
  year: number | null;
  hours: number | null;
  grade: number | null;
  state: string | null;
  on?: string; // YYYY-MM-DD
  horsepower?: number | null;
  sizeClass?: string | null;
  drive?: string | null;
  cab?: string | null;
  transmission?: string | null;
}

export type Confidence = 'High' | 'Medium' | 'Low';

/** One line of a value's breakdown: the base, then each adjustment, in cents; the lines add up to the value. */
export interface BreakdownLine {
  label: string;
  cents: number;
}

export interface ValueEstimate {
  valueCents: number;
  lowCents: number;
  highCents: number;
  /** Sales of the family (or of the make and size class when it falls back). */
  salesUsed: number;
  confidence: Confidence;
  /** 'family': from the family's own sales; 'make-size': too few, from the make's sales of its size class. */
  basis: 'family' | 'make-size';
  breakdown: BreakdownLine[];
  /** What it could not adjust for, e.g. "not adjusted for cab (too few sales)". */
  notes: string[];
  /** How many nearest comparable sales were blended in (0: none). */
  comparablesBlended: number;
}

/** Below this many sales of the family and of its make and size class, no estimate. */
export const MIN_FAMILY_SALES = 5;
export const NOT_ENOUGH_SALES = 'Not enough FieldLot sales to estimate';
const SHRINK = 10;
const SLOPE_SHRINK = 60;
const FAMILY_SHRINK_MIN = 1.5;
const MIN_OPTION_SALES = 30;
const TIME_SHRINK = 5;
/** A make's own index is pulled toward the market's with this many sales (decision 0083). */
const MAKE_TIME_SHRINK = 30;
/** After the last quarter, each quarter ahead carries on the recent quarterly trend at this fraction of the last. */
const TREND_DAMP = 0.5;
const SIGMA_SHRINK = 10;
const BLEND_SHRINK = 6;
const BLEND_MIN = 3;
const BLEND_DISTANCE = 1.5;
const BLEND_MONTHS = 24;
const BLEND_SCAN = 300;

// The last two say a year or an hour meter is unknown: such sales sell differently (often older machines).
const FEATURES = [
  'age',
  'hours',
  'grade',
  'horsepower',
  'yearUnknown',
  'hoursUnknown',
  'ageSquared',
] as const;
type FeatureName = (typeof FEATURES)[number];
const FEATURE_LABEL: Record<FeatureName, string> = {
  age: 'age',
  hours: 'hours',
  grade: 'grade',
  horsepower: 'horsepower',
  yearUnknown: 'year unknown',
  hoursUnknown: 'hours unknown',
  ageSquared: 'age',
};
const OPTIONS = ['drive', 'cab', 'transmission'] as const;

export const familyKey = (make: string, family: string) => `${make.toLowerCase()}|${family.toLowerCase()}`;
/** A family's base model: its letters and first run of digits ("D6RXL" → d6, "416C" → 416, "PC120" → pc120). */
export const baseName = (family: string) => {
  const f = family.trim();
  return /^[a-z]*\d+/i.exec(f)?.[0] ?? f;
};
export const baseKey = (make: string, family: string) =>
  `${make.toLowerCase()}|${baseName(family).toLowerCase()}`;
const norm = (s: string | null | undefined) => (s ? s.trim().toLowerCase() : '');
const quarterOf = (date: string) =>
  Number(date.slice(0, 4)) * 4 + Math.floor((Number(date.slice(5, 7)) - 1) / 3);

function featuresOf(s: ValueQuery | SaleFacts, saleYear: number): (number | null)[] {
  return [
    s.year == null ? null : Math.max(0, saleYear - s.year),
    s.hours == null ? null : s.hours / 1000,
    s.grade ?? null,
    s.horsepower && s.horsepower > 0 ? Math.log(s.horsepower) : null,
    s.year == null ? 1 : 0,
    s.hours == null ? 1 : 0,
    s.year == null ? null : Math.max(0, saleYear - s.year) ** 2 / 10,
  ];
}

/** Solves a·x = b (k×k) by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const k = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < k; c++) {
    let p = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    if (Math.abs(m[p][c]) < 1e-12) return null;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      if (f !== 0) for (let j = c; j <= k; j++) m[r][j] -= f * m[c][j];
    }
  }
  return m.map((row, i) => row[k] / row[i]);
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

interface Row {
  sale: SaleFacts;
  fam: string;
  make: string;
  makeSize: string | null;
  base: string;
  y: number;
  x: (number | null)[];
  quarter: number;
  state: string;
  options: string[];
  modelKey: string;
  resid: number;
}

interface Level {
  level: number; // at the group's mean features
  n: number;
  mean: number[]; // mean features (imputed from the parent where none known)
  sigma2: number;
}

/** The families of one base model (make and base, e.g. D6 for D6R, D6M and D6RXL), when it holds more than one. */
interface BaseFit extends Level {
  makeSize: string | null;
}

interface FamilyFit extends Level {
  makeSize: string | null;
  base: string;
  make: string;
  slopes: number[];
  optionMean: number[];
  rows: Row[];
}

export interface ValueModel {
  referenceYear: number;
  active: boolean[];
  notes: string[];
  marketSlopes: number[];
  makeSlopes: Map<string, number[]>;
  market: Level;
  makes: Map<string, Level>;
  makeSizes: Map<string, Level>;
  bases: Map<string, BaseFit>;
  /** A base model sold as a single family: base key → that family's key. */
  soleBaseFamily: Map<string, string>;
  families: Map<string, FamilyFit>;
  states: Map<string, number>;
  optionEffects: Map<string, number>[]; // per option, value → effect
  quarterIndex: Map<number, number>;
  /** Each make's own departure from the market's index, by `make|quarter`, pulled toward zero. */
  makeQuarterIndex: Map<string, number>;
  firstQuarter: number;
  lastQuarter: number;
  /** Leftover spread of sales whose year (or hour meter) is unknown, against the others': a factor on the spread. */
  unknownSpread: { year: number; hours: number };
  /** Range multipliers on sigma (low negative, high positive) per confidence word. */
  calibration: Record<Confidence | 'New', { low: number; high: number }>;
}

const dot = (b: number[], x: number[]) => b.reduce((acc, v, i) => acc + v * x[i], 0);

/** Mean of known values, or the fallback where none is known. */
function meanFeatures(rows: Row[], fallback: number[]): number[] {
  return FEATURES.map((_, j) => {
    let sum = 0;
    let n = 0;
    for (const r of rows) {
      const v = r.x[j];
      if (v !== null) {
        sum += v;
        n++;
      }
    }
    return n > 0 ? sum / n : fallback[j];
  });
}

/** Σ slope·(x − mean), a missing x at the mean (no allocation: it runs for every sale, several times a fit). */
function slopeTerm(slopes: number[], x: (number | null)[], mean: number[]): number {
  let sum = 0;
  for (let j = 0; j < x.length; j++) {
    const v = x[j];
    if (v !== null) sum += slopes[j] * (v - mean[j]);
  }
  return sum;
}

function groupBy<T>(items: T[], key: (t: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(it);
    else out.set(k, [it]);
  }
  return out;
}

/** Within-group normal equations (x centred on each group's mean, missing values at the mean). */
function withinEquations(groups: Row[][], target: (r: Row) => number, active: boolean[]) {
  const k = FEATURES.length;
  const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const xty = new Array<number>(k).fill(0);
  for (const rows of groups) {
    const mean = meanFeatures(rows, new Array(k).fill(0));
    let my = 0;
    for (const r of rows) my += target(r);
    my /= rows.length;
    const dx = new Array<number>(k).fill(0);
    for (const r of rows) {
      for (let j = 0; j < k; j++) {
        const v = r.x[j];
        dx[j] = v === null || !active[j] ? 0 : v - mean[j];
      }
      const dy = target(r) - my;
      for (let i = 0; i < k; i++) {
        if (dx[i] === 0) continue;
        xty[i] += dx[i] * dy;
        for (let j = 0; j < k; j++) xtx[i][j] += dx[i] * dx[j];
      }
    }
  }
  return { xtx, xty };
}

/** Slopes toward a parent: (X'X + λ) b = X'y + λ·parent, λ worth SLOPE_SHRINK sales of each feature's spread. */
function ridgeSlopes(
  eq: { xtx: number[][]; xty: number[] },
  parent: number[],
  lambda: number[],
  active: boolean[],
): number[] {
  const idx = FEATURES.map((_, j) => j).filter((j) => active[j]);
  if (idx.length === 0) return FEATURES.map(() => 0);
  const a = idx.map((i) => idx.map((j) => eq.xtx[i][j] + (i === j ? lambda[i] : 0)));
  const b = idx.map((i) => eq.xty[i] + lambda[i] * parent[i]);
  const sol = solve(a, b);
  const out = FEATURES.map(() => 0);
  idx.forEach((j, n) => {
    out[j] = sol ? sol[n] : parent[j];
  });
  return out;
}

function fitCore(sales: readonly SaleFacts[], referenceYear: number): ValueModel {
  const rows: Row[] = sales.map((s) => {
    const make = norm(s.make);
    const size = norm(s.sizeClass);
    return {
      sale: s,
      fam: familyKey(s.make, s.family),
      make,
      makeSize: size ? `${make}|${size}` : null,
      base: baseKey(s.make, s.family),
      y: Math.log(s.priceCents),
      x: featuresOf(s, Number(s.soldOn.slice(0, 4))),
      quarter: quarterOf(s.soldOn),
      state: s.state ?? '',
      options: OPTIONS.map((o) => norm(s[o])),
      modelKey: norm(s.model),
      resid: 0,
    };
  });
  const famRows = groupBy(rows, (r) => r.fam);
  const groups = [...famRows.values()];

  // A feature without spread within families drops out of the fit; the others keep their slopes.
  const notes: string[] = [];
  const active = FEATURES.map((_, j) => {
    let ss = 0;
    let known = 0;
    for (const g of groups) {
      const vals = g.map((r) => r.x[j]).filter((v): v is number => v !== null);
      known += vals.length;
      if (vals.length < 2) continue;
      const m = vals.reduce((a, b) => a + b, 0) / vals.length;
      for (const v of vals) ss += (v - m) ** 2;
    }
    return known >= MIN_FAMILY_SALES && ss > 1e-9;
  });
  const spreadEq = withinEquations(groups, () => 0, active);
  const lambda = FEATURES.map((_, j) => {
    const xtx = spreadEq.xtx;
    const known = rows.filter((r) => r.x[j] !== null).length || 1;
    return (SLOPE_SHRINK * xtx[j][j]) / known;
  });

  const timeOf = new Map<number, number>();
  const stateOf = new Map<string, number>();
  const optionEffects: Map<string, number>[] = OPTIONS.map(() => new Map());
  const optionOf = (r: Row) =>
    r.options.reduce((acc, v, i) => acc + (v ? (optionEffects[i].get(v) ?? 0) : 0), 0);
  const makeTimeOf = new Map<string, number>();
  const timeAt = (r: Row) => (timeOf.get(r.quarter) ?? 0) + (makeTimeOf.get(`${r.make}|${r.quarter}`) ?? 0);
  const others = (r: Row) => timeAt(r) + (stateOf.get(r.state) ?? 0) + optionOf(r);

  let marketSlopes = FEATURES.map(() => 0);
  const makeSlopes = new Map<string, number[]>();
  const families = new Map<string, FamilyFit>();
  const makes = new Map<string, Level>();
  const makeSizes = new Map<string, Level>();
  const bases = new Map<string, BaseFit>();
  let market: Level = { level: 0, n: 0, mean: FEATURES.map(() => 0), sigma2: 0 };
  const byMake = groupBy(rows, (r) => r.make);
  const byMakeSize = groupBy(rows, (r) => r.makeSize);
  const byBase = groupBy(rows, (r) => r.base);
  const mostCommonSize = (list: Row[]) => {
    const sizes = groupBy(list, (r) => r.makeSize);
    let makeSize: string | null = null;
    for (const [k, v] of sizes) if (!makeSize || v.length > (sizes.get(makeSize)?.length ?? 0)) makeSize = k;
    return makeSize;
  };
  // Only a base model with more than one family is a level of its own (else it is the family itself).
  const multiBases = [...byBase]
    .filter(([, list]) => new Set(list.map((r) => r.fam)).size > 1)
    .map(([key, list]) => ({ key, list, makeSize: mostCommonSize(list) }));

  for (let iter = 0; iter < 3; iter++) {
    const target = (r: Row) => r.y - others(r);
    // Slopes: market, then each make toward it, then each family toward its make.
    marketSlopes = ridgeSlopes(
      withinEquations(groups, target, active),
      marketSlopes,
      FEATURES.map(() => 0),
      active,
    );
    for (const [make, list] of byMake) {
      const eq = withinEquations([...groupBy(list, (r) => r.fam).values()], target, active);
      makeSlopes.set(make, ridgeSlopes(eq, marketSlopes, lambda, active));
    }
    // Levels: market → make → make and size class → family, each at its own mean features.
    const levelOf = (list: Row[], slopes: number[], fallbackMean: number[]) => {
      const mean = meanFeatures(list, fallbackMean);
      const adjusted = list.map((r) => target(r) - slopeTerm(slopes, r.x, mean));
      const raw = adjusted.reduce((a, b) => a + b, 0) / list.length;
      const ss = adjusted.reduce((a, v) => a + (v - raw) ** 2, 0);
      return { raw, mean, n: list.length, ss };
    };
    const m0 = levelOf(
      rows,
      marketSlopes,
      FEATURES.map(() => 0),
    );
    market = { level: m0.raw, n: m0.n, mean: m0.mean, sigma2: 0 };
    const atMeanOf = (raw: { mean: number[] }, parent: Level, slopes: number[]) =>
      parent.level +
      dot(
        slopes,
        raw.mean.map((v, j) => v - parent.mean[j]),
      );
    const shrunk = (
      raw: { raw: number; mean: number[]; n: number },
      parent: Level,
      slopes: number[],
      k = SHRINK,
    ) => (raw.n * raw.raw + k * atMeanOf(raw, parent, slopes)) / (raw.n + k);
    for (const [make, list] of byMake) {
      const slopes = makeSlopes.get(make) ?? marketSlopes;
      const raw = levelOf(list, slopes, market.mean);
      makes.set(make, { level: shrunk(raw, market, slopes), n: raw.n, mean: raw.mean, sigma2: 0 });
    }
    for (const [key, list] of byMakeSize) {
      const make = makes.get(list[0].make) ?? market;
      const slopes = makeSlopes.get(list[0].make) ?? marketSlopes;
      const raw = levelOf(list, slopes, make.mean);
      makeSizes.set(key, { level: shrunk(raw, make, slopes), n: raw.n, mean: raw.mean, sigma2: 0 });
    }
    for (const { key, list, makeSize } of multiBases) {
      const parent = (makeSize && makeSizes.get(makeSize)) || makes.get(list[0].make) || market;
      const slopes = makeSlopes.get(list[0].make) ?? marketSlopes;
      const raw = levelOf(list, slopes, parent.mean);
      bases.set(key, { level: shrunk(raw, parent, slopes), n: raw.n, mean: raw.mean, sigma2: 0, makeSize });
    }
    const pending = [...famRows].map(([key, list]) => {
      const makeKey = list[0].make;
      const makeSize = mostCommonSize(list);
      const parent =
        bases.get(list[0].base) || (makeSize && makeSizes.get(makeSize)) || makes.get(makeKey) || market;
      const parentSlopes = makeSlopes.get(makeKey) ?? marketSlopes;
      const eq = withinEquations([list], target, active);
      const slopes = ridgeSlopes(eq, parentSlopes, lambda, active);
      return {
        key,
        list,
        makeKey,
        makeSize,
        parent,
        parentSlopes,
        slopes,
        raw: levelOf(list, slopes, parent.mean),
      };
    });
    // How far families stray from their make and size class, against the spread within a family, sets how hard a
    // family is pulled toward it (empirical Bayes: k = within variance / between variance), never less than
    // FAMILY_SHRINK_MIN sales' worth: a family's own leftovers understate its spread, since its level and slopes
    // were fitted to them (1.5 was better than 0.5 and 3 at each of the bench's three cut-offs, decision 0078).
    let within = 0;
    let withinN = 0;
    let between = 0;
    let betweenN = 0;
    // Each family spends a degree of freedom on its level and one per slope it fits: count only what is left.
    const fitted = 1 + active.filter(Boolean).length;
    for (const p of pending) {
      if (p.raw.n <= fitted) continue;
      within += p.raw.ss;
      withinN += p.raw.n - fitted;
    }
    const sigma2 = withinN > 0 ? within / withinN : 0;
    for (const p of pending) {
      if (p.raw.n < 2) continue;
      between += (p.raw.raw - atMeanOf(p.raw, p.parent, p.parentSlopes)) ** 2 - sigma2 / p.raw.n;
      betweenN += 1;
    }
    const tau2 = betweenN > 0 ? between / betweenN : 0;
    const familyShrink = tau2 > 0 ? Math.min(SHRINK * 2, Math.max(FAMILY_SHRINK_MIN, sigma2 / tau2)) : SHRINK;
    for (const { key, list, makeKey, makeSize, parent, parentSlopes, slopes, raw } of pending) {
      families.set(key, {
        level: shrunk(raw, parent, parentSlopes, familyShrink),
        n: raw.n,
        mean: raw.mean,
        sigma2: 0,
        makeSize,
        base: list[0].base,
        make: makeKey,
        slopes,
        optionMean: OPTIONS.map(() => 0),
        rows: list,
      });
    }
    const base = (r: Row) => {
      const f = families.get(r.fam) as FamilyFit;
      return f.level + slopeTerm(f.slopes, r.x, f.mean);
    };
    // Market index by quarter: mean leftover, shrunk toward zero, smoothed over three quarters.
    const byQuarter = groupBy(rows, (r) => String(r.quarter));
    const raw = new Map<number, { sum: number; n: number }>();
    for (const [q, list] of byQuarter) {
      let sum = 0;
      for (const r of list) sum += r.y - base(r) - (stateOf.get(r.state) ?? 0) - optionOf(r);
      raw.set(Number(q), { sum, n: list.length });
    }
    timeOf.clear();
    for (const q of raw.keys()) {
      let sum = 0;
      let n = 0;
      for (let d = -1; d <= 1; d++) {
        const v = raw.get(q + d);
        if (!v) continue;
        const w = 2 - Math.abs(d);
        sum += w * v.sum;
        n += w * v.n;
      }
      timeOf.set(q, sum / (n + TIME_SHRINK));
    }
    // Each make's own index: its leftover beyond the market's, smoothed alike, pulled toward zero harder (product
    // groups did not fall alike in 2008-2009: docs/product/fieldlot-value.md#accuracy).
    makeTimeOf.clear();
    for (const [make, list] of byMake) {
      const rawMake = new Map<number, { sum: number; n: number }>();
      for (const r of list) {
        const v = rawMake.get(r.quarter) ?? { sum: 0, n: 0 };
        v.sum += r.y - base(r) - (stateOf.get(r.state) ?? 0) - optionOf(r) - (timeOf.get(r.quarter) ?? 0);
        v.n += 1;
        rawMake.set(r.quarter, v);
      }
      for (const q of rawMake.keys()) {
        let sum = 0;
        let n = 0;
        for (let d = -1; d <= 1; d++) {
          const v = rawMake.get(q + d);
          if (!v) continue;
          const w = 2 - Math.abs(d);
          sum += w * v.sum;
          n += w * v.n;
        }
        makeTimeOf.set(`${make}|${q}`, sum / (n + MAKE_TIME_SHRINK));
      }
    }
    // State offsets: mean leftover, shrunk toward zero.
    stateOf.clear();
    for (const [state, list] of groupBy(rows, (r) => r.state)) {
      let sum = 0;
      for (const r of list) sum += r.y - base(r) - timeAt(r) - optionOf(r);
      stateOf.set(state, sum / (list.length + SHRINK));
    }
    // Options: within-family leftover by value, only in families that carry more than one value.
    OPTIONS.forEach((_, i) => {
      const sums = new Map<string, { sum: number; n: number }>();
      for (const list of groups) {
        const known = list.filter((r) => r.options[i]);
        if (new Set(known.map((r) => r.options[i])).size < 2) continue;
        const left = known.map((r) => {
          const own = r.options[i] ? (optionEffects[i].get(r.options[i]) ?? 0) : 0;
          return r.y - base(r) - others(r) + own;
        });
        const m = left.reduce((a, b) => a + b, 0) / left.length;
        known.forEach((r, n) => {
          const s = sums.get(r.options[i]) ?? { sum: 0, n: 0 };
          s.sum += left[n] - m;
          s.n += 1;
          sums.set(r.options[i], s);
        });
      }
      optionEffects[i].clear();
      const learned = [...sums].filter(([, s]) => s.n >= MIN_OPTION_SALES);
      if (learned.length >= 2) for (const [v, s] of learned) optionEffects[i].set(v, s.sum / (s.n + SHRINK));
    });
  }
  OPTIONS.forEach((o, i) => {
    if (optionEffects[i].size === 0) notes.push(`not adjusted for ${o} (too few sales)`);
  });
  FEATURES.forEach((f, j) => {
    if (!active[j] && j < 4) notes.push(`not adjusted for ${FEATURE_LABEL[f]} (no spread in the sales)`);
  });

  // Leftover spread: each family's own, pulled toward its make and size class's, make's and market's.
  const model: ValueModel = {
    referenceYear,
    active,
    notes,
    marketSlopes,
    makeSlopes,
    market,
    makes,
    makeSizes,
    bases,
    soleBaseFamily: new Map(
      [...byBase]
        .filter(([, list]) => new Set(list.map((r) => r.fam)).size === 1)
        .map(([key, list]) => [key, list[0].fam]),
    ),
    families,
    states: stateOf,
    optionEffects,
    quarterIndex: timeOf,
    makeQuarterIndex: makeTimeOf,
    firstQuarter: Math.min(...timeOf.keys()),
    lastQuarter: Math.max(...timeOf.keys()),
    unknownSpread: { year: 1, hours: 1 },
    calibration: {
      High: { low: -1.28, high: 1.28 },
      Medium: { low: -1.28, high: 1.28 },
      Low: { low: -1.28, high: 1.28 },
      New: { low: -1.28, high: 1.28 },
    },
  };
  for (const f of families.values()) {
    f.rows.sort((a, b) => b.sale.soldOn.localeCompare(a.sale.soldOn)); // newest first, for the comparables
    f.optionMean = OPTIONS.map((_, i) => {
      const vals = f.rows.map((r) => optionEffects[i].get(r.options[i])).filter((v) => v !== undefined);
      return vals.length ? vals.reduce((a, b) => a + b, 0) / vals.length : 0;
    });
    for (const r of f.rows) r.resid = r.y - f.level - slopeTerm(f.slopes, r.x, f.mean) - others(r);
  }
  const spread = (list: Row[], parent: number) => {
    const ss = list.reduce((a, r) => a + r.resid ** 2, 0);
    return (ss + SIGMA_SHRINK * parent) / (list.length + SIGMA_SHRINK);
  };
  market.sigma2 = rows.reduce((a, r) => a + r.resid ** 2, 0) / (rows.length || 1);
  // Sales whose year or hour meter is unknown err more: their spread is the others' times the measured ratio.
  const spreadRatio = (unknown: (r: Row) => boolean) => {
    const u = { ss: 0, n: 0 };
    const k = { ss: 0, n: 0 };
    for (const r of rows) {
      const side = unknown(r) ? u : k;
      side.ss += r.resid ** 2;
      side.n++;
    }
    return u.n >= MIN_OPTION_SALES && k.n >= MIN_OPTION_SALES && k.ss > 0
      ? Math.max(1, u.ss / u.n / (k.ss / k.n))
      : 1;
  };
  model.unknownSpread = {
    year: spreadRatio((r) => r.sale.year == null),
    hours: spreadRatio((r) => r.sale.hours == null),
  };
  for (const [k, list] of byMake) (makes.get(k) as Level).sigma2 = spread(list, market.sigma2);
  for (const [k, list] of byMakeSize) {
    const l = makeSizes.get(k) as Level;
    l.sigma2 = spread(list, (makes.get(list[0].make) ?? market).sigma2);
  }
  for (const { key, list, makeSize } of multiBases) {
    const parent = (makeSize && makeSizes.get(makeSize)) || makes.get(list[0].make) || market;
    (bases.get(key) as BaseFit).sigma2 = spread(list, parent.sigma2);
  }
  for (const f of families.values()) {
    const parent =
      bases.get(f.base) || (f.makeSize && makeSizes.get(f.makeSize)) || makes.get(f.make) || market;
    f.sigma2 = spread(f.rows, parent.sigma2);
  }
  return model;
}

interface Prediction {
  /** The family was never sold: its level is its base model's or its make and size class's. */
  newFamily: boolean;
  log: number;
  sigma: number;
  n: number;
  basis: 'family' | 'make-size';
  lines: { label: string; log: number }[];
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

/** Mean square of the market index's quarterly steps: how far the market moves in a quarter. */
function marketDrift2(model: ValueModel): number {
  let ss = 0;
  let n = 0;
  for (let q = model.firstQuarter + 1; q <= model.lastQuarter; q++) {
    const a = model.quarterIndex.get(q - 1);
    const b = model.quarterIndex.get(q);
    if (a === undefined || b === undefined) continue;
    ss += (b - a) ** 2;
    n++;
  }
  return n ? ss / n : 0;
}

const fmtHours = (h: number) => Math.round(h).toLocaleString('en-US');

function predictLog(
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
  const lines: { label: string; log: number }[] = [
    { label: baseLabel, log: level.level + optionMean.reduce((a, b) => a + b, 0) },
  ];
  FEATURES.forEach((f, j) => {
    if (!model.active[j]) return;
    const v = x[j];
    if (v === null) return;
    const d = slopes[j] * (v - level.mean[j]);
    if (f === 'age')
      lines.push({
        label: `Age ${Math.round(v)} years (family average ${level.mean[j].toFixed(1)})`,
        log: d,
      });
    else if (f === 'hours')
      lines.push({
        label: `Hours ${fmtHours(v * 1000)} (average ${fmtHours(level.mean[j] * 1000)})`,
        log: d,
      });
    else if (f === 'grade') lines.push({ label: `Grade ${v} (average ${level.mean[j].toFixed(1)})`, log: d });
    else if (f === 'ageSquared') {
      // Depreciation slows with age: the curve is part of the age line.
      const line = lines.find((l) => l.label.startsWith('Age '));
      (line ?? lines[0]).log += d;
    } else if (f === 'horsepower') lines.push({ label: `Horsepower ${Math.round(Math.exp(v))}`, log: d });
    else if (v === 1)
      lines.push({ label: f === 'yearUnknown' ? 'Year not known' : 'Hours not known', log: d });
    else if (Math.abs(d) > 1e-9) lines[0].log += d; // a known year or meter in a family where some were unknown: part of the base
  });
  OPTIONS.forEach((o, i) => {
    const v = norm(q[o]);
    if (!v) return;
    const effects = model.optionEffects[i];
    const e = effects.get(v);
    if (e === undefined) {
      notes.push(`not adjusted for ${o} (too few sales)`);
      return;
    }
    lines.push({ label: `${o[0].toUpperCase()}${o.slice(1)}: ${q[o]}`, log: e - optionMean[i] });
  });
  const state = q.state ? model.states.get(q.state) : undefined;
  if (state !== undefined && state !== 0) lines.push({ label: `State ${q.state}`, log: state });
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
  const driftVar = Math.max(0, asked - model.lastQuarter) * marketDrift2(model);
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
const scaleOf = (sigma: number) => Math.sqrt(sigma);

function confidenceOf(p: Prediction): Confidence {
  if (p.basis === 'make-size' || p.n < 15) return 'Low';
  if (p.n >= 40 && p.sigma <= 0.3) return 'High';
  return 'Medium';
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
export function estimateValue(
  model: ValueModel,
  q: ValueQuery,
  comparables?: readonly SaleFacts[],
): ValueEstimate | null {
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
  void comparables;
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
    breakdown.push({ label: l.label, cents: total - prev });
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
