/**
 * FieldLot Value's fit: slopes, levels, the market index, states, options and spreads from the sales
 * (docs/product/fieldlot-value.md#the-estimate-and-its-typical-range; the method is described in
 * fieldlot-value-model.ts).
 */
import {
  type BaseFit,
  baseKey,
  type FamilyFit,
  FEATURE_LABEL,
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
  type Row,
  type SaleFacts,
  type ValueModel,
} from './fieldlot-value-types';

const SHRINK = 10;
const SLOPE_SHRINK = 60;
const FAMILY_SHRINK_MIN = 1.5;
const MIN_OPTION_SALES = 30;
/** Sales of each side (year unknown and known) below which the unknown-year spread is not measured. */
const MIN_SPREAD_SALES = 30;
const TIME_SHRINK = 5;
/** A make's own index is pulled toward the market's with this many sales (decision 0083). */
const MAKE_TIME_SHRINK = 30;
const SIGMA_SHRINK = 10;

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
export function slopeTerm(slopes: number[], x: (number | null)[], mean: number[]): number {
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

/** Mean square of an index's steps from one quarter to the next (the quarters both known). */
function meanSquareStep(index: Map<number, number>): number {
  let ss = 0;
  let n = 0;
  for (const [q, b] of index) {
    const a = index.get(q - 1);
    if (a === undefined) continue;
    ss += (b - a) ** 2;
    n++;
  }
  return n ? ss / n : 0;
}

/**
 * A value's mean by quarter, each quarter with its neighbours (weights 1, 2, 1), pulled toward zero with `shrink`
 * sales' worth: the market index and each make's departure from it.
 */
function smoothedByQuarter(rows: Row[], value: (r: Row) => number, shrink: number): Map<number, number> {
  const raw = new Map<number, { sum: number; n: number }>();
  for (const r of rows) {
    const v = raw.get(r.quarter) ?? { sum: 0, n: 0 };
    v.sum += value(r);
    v.n += 1;
    raw.set(r.quarter, v);
  }
  const out = new Map<number, number>();
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
    out.set(q, sum / (n + shrink));
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

export function fitCore(sales: readonly SaleFacts[], referenceYear: number): ValueModel {
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
      options: OPTIONS.map((o) => norm(optionText(s, o))),
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
    const leftover = (r: Row) => r.y - base(r) - (stateOf.get(r.state) ?? 0) - optionOf(r);
    timeOf.clear();
    for (const [q, v] of smoothedByQuarter(rows, leftover, TIME_SHRINK)) timeOf.set(q, v);
    // Each make's own index: its leftover beyond the market's, smoothed alike, pulled toward zero harder (product
    // groups did not fall alike in 2008-2009: docs/product/fieldlot-value.md#accuracy).
    makeTimeOf.clear();
    for (const [make, list] of byMake) {
      const beyond = (r: Row) => leftover(r) - (timeOf.get(r.quarter) ?? 0);
      for (const [q, v] of smoothedByQuarter(list, beyond, MAKE_TIME_SHRINK))
        makeTimeOf.set(`${make}|${q}`, v);
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
    if (optionEffects[i].size === 0) notes.push(`not adjusted for ${OPTION_LABEL[o]} (too few sales)`);
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
    quarterDrift2: meanSquareStep(timeOf),
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
    return u.n >= MIN_SPREAD_SALES && k.n >= MIN_SPREAD_SALES && k.ss > 0
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
