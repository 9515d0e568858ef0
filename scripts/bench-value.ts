/**
 * npm run bench:value [-- --sales <csv> --cutoff <YYYY-MM-DD> [--out <file>]]: a backtest of FieldLot Value
 * (docs/product/fieldlot-value.md#accuracy). It learns only from the sales before the cut-off, through the same
 * domain code the server uses, and values every later sale; it prints FieldLot Value against the model-median and
 * the per-model age+hours baselines. Without --sales: the synthetic market, then the shared auction file at
 * 2008-01-01. A benchmark with budgets, not a timed test.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  type Confidence,
  estimateValue,
  fitValueModel,
  type SaleFacts,
  saleFactsOf,
  type ValueEstimate,
} from '../domain/fieldlot-value.js';
import { parseSaleCsv } from '../domain/sale-import.js';

const SHARED_FILE = new URL('../../shared/data/auction-sales/auction-sales-2004-2009.csv', import.meta.url);
const sharedPath = () => {
  // The worktree may sit anywhere; the shared data folder is /work/shared.
  const candidates = [SHARED_FILE.pathname, '/work/shared/data/auction-sales/auction-sales-2004-2009.csv'];
  for (const p of candidates) {
    try {
      readFileSync(p, { flag: 'r' });
      return p;
    } catch {}
  }
  return candidates[1];
};

type Sale = SaleFacts & { sourceId: string };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : Number.NaN;
};
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const yearOf = (d: string) => Number(d.slice(0, 4));

// ---------- baselines ----------
const modelKey = (s: Sale) => `${s.make.toLowerCase()}|${(s.model ?? s.family).toLowerCase()}`;

/** Median price of the same model before the cut-off. */
function modelMedian(train: Sale[]): (s: Sale) => number | null {
  const by = new Map<string, number[]>();
  for (const s of train) by.set(modelKey(s), [...(by.get(modelKey(s)) ?? []), s.priceCents]);
  const med = new Map([...by].map(([k, v]) => [k, median(v)]));
  return (s) => med.get(modelKey(s)) ?? null;
}

/** Per model: least squares of log price on age at sale and hours (missing at the model's mean); few sales: mean. */
function ageHours(train: Sale[]): (s: Sale) => number | null {
  const by = new Map<string, Sale[]>();
  for (const s of train) by.set(modelKey(s), [...(by.get(modelKey(s)) ?? []), s]);
  const fits = new Map<string, (s: Sale) => number>();
  for (const [k, list] of by) {
    const ages = list.filter((s) => s.year !== null).map((s) => yearOf(s.soldOn) - (s.year as number));
    const hrs = list.filter((s) => s.hours !== null).map((s) => (s.hours as number) / 1000);
    const ma = ages.length ? ages.reduce((a, b) => a + b, 0) / ages.length : 0;
    const mh = hrs.length ? hrs.reduce((a, b) => a + b, 0) / hrs.length : 0;
    const x = (s: Sale) => [
      s.year === null ? 0 : yearOf(s.soldOn) - s.year - ma,
      s.hours === null ? 0 : s.hours / 1000 - mh,
    ];
    const ys = list.map((s) => Math.log(s.priceCents));
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    let [a11, a12, a22, b1, b2] = [0, 0, 0, 0, 0];
    list.forEach((s, i) => {
      const [u, v] = x(s);
      a11 += u * u;
      a12 += u * v;
      a22 += v * v;
      b1 += u * (ys[i] - my);
      b2 += v * (ys[i] - my);
    });
    const det = a11 * a22 - a12 * a12;
    let [c1, c2] = [0, 0];
    if (list.length >= 5 && Math.abs(det) > 1e-9) {
      c1 = (b1 * a22 - b2 * a12) / det;
      c2 = (a11 * b2 - a12 * b1) / det;
    }
    fits.set(k, (s) => {
      const [u, v] = x(s);
      return Math.exp(my + c1 * u + c2 * v);
    });
  }
  return (s) => fits.get(modelKey(s))?.(s) ?? null;
}

// ---------- one backtest ----------
interface Result {
  line: string;
  mdape: number;
  coverage: number;
  inRange: number;
  width: number;
}

function backtest(label: string, all: Sale[], cutoff: string, out?: string): Result {
  const train = all.filter((s) => s.soldOn < cutoff);
  const test = all.filter((s) => s.soldOn >= cutoff);
  const t0 = performance.now();
  const model = fitValueModel(train, yearOf(cutoff));
  const fitMs = performance.now() - t0;
  const mm = modelMedian(train);
  const ah = ageHours(train);
  const rows: { s: Sale; e: ValueEstimate | null; mm: number | null; ah: number | null }[] = test.map(
    (s) => ({
      s,
      e: estimateValue(model, { ...s, on: s.soldOn }),
      mm: mm(s),
      ah: ah(s),
    }),
  );
  const ape = (v: number, s: Sale) => Math.abs(v - s.priceCents) / s.priceCents;
  const sle = (v: number, s: Sale) => Math.log(v / s.priceCents) ** 2;
  const rmsle = (xs: number[]) => Math.sqrt(xs.reduce((a, b) => a + b, 0) / (xs.length || 1));
  const valued = rows.filter((r) => r.e) as {
    s: Sale;
    e: ValueEstimate;
    mm: number | null;
    ah: number | null;
  }[];
  const stats = (list: typeof valued) => ({
    n: list.length,
    mdape: median(list.map((r) => ape(r.e.valueCents, r.s))),
    rmsle: rmsle(list.map((r) => sle(r.e.valueCents, r.s))),
    inRange:
      list.filter((r) => r.s.priceCents >= r.e.lowCents && r.s.priceCents <= r.e.highCents).length /
      (list.length || 1),
    width: median(list.map((r) => (r.e.highCents - r.e.lowCents) / r.e.valueCents)),
  });
  const v = stats(valued);
  const coverage = valued.length / (rows.length || 1);
  const mmRows = rows.filter((r) => r.mm !== null);
  const ahRows = rows.filter((r) => r.ah !== null);
  const mmApe = median(mmRows.map((r) => ape(r.mm as number, r.s)));
  const ahApe = median(ahRows.map((r) => ape(r.ah as number, r.s)));
  const both = valued.filter((r) => r.mm !== null && r.ah !== null);
  console.log(
    `\n== ${label}: learned from ${train.length} sales before ${cutoff}, valuing ${test.length} later sales (fit ${fitMs.toFixed(0)} ms)`,
  );
  console.log(
    `FieldLot Value   MdAPE ${pct(v.mdape)}  coverage ${pct(coverage)}  in-range ${pct(v.inRange)}  width ${pct(v.width)}  RMSLE ${v.rmsle.toFixed(3)}`,
  );
  console.log(
    `model-median     MdAPE ${pct(mmApe)}  coverage ${pct(mmRows.length / (rows.length || 1))}  RMSLE ${rmsle(mmRows.map((r) => sle(r.mm as number, r.s))).toFixed(3)}`,
  );
  console.log(
    `age-hours        MdAPE ${pct(ahApe)}  coverage ${pct(ahRows.length / (rows.length || 1))}  RMSLE ${rmsle(ahRows.map((r) => sle(r.ah as number, r.s))).toFixed(3)}`,
  );
  console.log(
    `on the ${both.length} sales all three value: FieldLot Value ${pct(median(both.map((r) => ape(r.e.valueCents, r.s))))}, model-median ${pct(median(both.map((r) => ape(r.mm as number, r.s))))}, age-hours ${pct(median(both.map((r) => ape(r.ah as number, r.s))))}`,
  );
  for (const c of ['High', 'Medium', 'Low'] as Confidence[]) {
    const st = stats(valued.filter((r) => r.e.confidence === c));
    console.log(
      `  ${c.padEnd(6)} ${String(st.n).padStart(6)} values (${pct(st.n / (valued.length || 1))})  MdAPE ${pct(st.mdape)}  in-range ${pct(st.inRange)}  width ${pct(st.width)}`,
    );
  }
  const fallback = valued.filter((r) => r.e.basis === 'make-size');
  console.log(
    `  from make and size class (few family sales): ${fallback.length}; blended with comparables: ${valued.filter((r) => r.e.comparablesBlended > 0).length}`,
  );
  const makes = [...new Set(test.map((s) => s.make))].sort();
  for (const make of makes) {
    const own = rows.filter((r) => r.s.make === make);
    const st = stats(valued.filter((r) => r.s.make === make));
    const mmOwn = own.filter((r) => r.mm !== null);
    const ahOwn = own.filter((r) => r.ah !== null);
    console.log(
      `  ${make.padEnd(22)} ${String(own.length).padStart(5)} sales  value ${pct(st.mdape)} (coverage ${pct(st.n / (own.length || 1))}, in-range ${pct(st.inRange)})  model-median ${pct(median(mmOwn.map((r) => ape(r.mm as number, r.s))))}  age-hours ${pct(median(ahOwn.map((r) => ape(r.ah as number, r.s))))}`,
    );
  }
  const verdict = (ok: boolean) => (ok ? 'pass' : 'MISS');
  if (label !== 'synthetic market') {
    console.log(`${verdict(v.mdape <= 0.15 && coverage >= 0.8)}  MdAPE ≤ 15% with coverage ≥ 80%`);
    console.log(`${verdict(v.mdape < mmApe && v.mdape < ahApe)}  better than both baselines`);
    console.log(
      `${verdict(v.inRange >= 0.75 && v.inRange <= 0.85 && v.width <= 0.5)}  range holds 75-85%, median width ≤ 50%`,
    );
    const high = stats(valued.filter((r) => r.e.confidence === 'High'));
    console.log(
      `${verdict(high.n === 0 || high.inRange >= v.inRange)}  High holds its range at least as often as the whole`,
    );
  }
  if (out) {
    const lines = ['source_id,value_usd,low_usd,high_usd,confidence'];
    for (const r of rows)
      lines.push(
        r.e
          ? `${r.s.sourceId},${r.e.valueCents / 100},${r.e.lowCents / 100},${r.e.highCents / 100},${r.e.confidence}`
          : `${r.s.sourceId},,,,`,
      );
    writeFileSync(out, `${lines.join('\n')}\n`);
    console.log(`wrote ${rows.length} predictions to ${out}`);
  }
  return {
    line: `value: MdAPE ${pct(v.mdape)} coverage ${pct(coverage)} in-range ${pct(v.inRange)} width ${pct(v.width)} | model-median MdAPE ${pct(mmApe)} | age-hours MdAPE ${pct(ahApe)}`,
    mdape: v.mdape,
    coverage,
    inRange: v.inRange,
    width: v.width,
  };
}

function readSales(path: string): Sale[] {
  const { records, problems } = parseSaleCsv(readFileSync(path, 'utf8'));
  if (problems.length)
    console.log(
      `${path}: ${problems.length} rows skipped (first: row ${problems[0].row} ${problems[0].message})`,
    );
  return records.map(saleFactsOf);
}

// ---------- synthetic market ----------
function synthetic(): { sales: Sale[]; generate: (n: number) => Sale[] } {
  let seed = 20261125;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const normal = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  const STATES = ['IA', 'IL', 'NE', 'KS', 'MN', 'ND', 'TX', 'OH'];
  const stateEffect = Object.fromEntries(STATES.map((s) => [s, normal() * 0.04]));
  const families: { make: string; family: string; base: number; count: number }[] = [];
  for (const make of ['Deere', 'Case IH', 'New Holland', 'Kubota', 'Massey Ferguson', 'Fendt']) {
    const makeLevel = 11 + rand() * 1.5; // log dollars
    for (let f = 0; f < 5; f++)
      families.push({
        make,
        family: `${make[0]}${f + 1}`,
        base: makeLevel + normal() * 0.4,
        count: f === 4 ? 8 : 0,
      });
  }
  let id = 0;
  /** Known law: −7% a year of age at the sale, −3.5% per 1,000 hours, +12% per grade point, state spread, σ = 0.09. */
  const generate = (n: number): Sale[] => {
    const sales: Sale[] = [];
    const seen = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const fam = families[Math.floor(rand() * families.length)];
      const sold = seen.get(fam.family) ?? 0;
      if (fam.count > 0 && sold >= fam.count) continue; // a thin family: the shrinkage case
      seen.set(fam.family, sold + 1);
      const day = Math.floor(rand() * 3 * 365);
      const soldOn = new Date(Date.UTC(2023, 10, 25) + day * 86_400_000).toISOString().slice(0, 10);
      const age = Math.floor(rand() * 15);
      const year = yearOf(soldOn) - age;
      const hours = Math.max(50, Math.round(age * 450 + normal() * 600));
      const grade = Math.round((2 + rand() * 3) * 10) / 10;
      const state = STATES[Math.floor(rand() * STATES.length)];
      const log =
        fam.base -
        0.07 * age -
        0.035 * (hours / 1000) +
        0.12 * (grade - 3.5) +
        stateEffect[state] +
        normal() * 0.09;
      sales.push({
        sourceId: `syn-${++id}`,
        soldOn,
        make: fam.make,
        family: fam.family,
        model: fam.family,
        year,
        hours,
        grade,
        state,
        priceCents: Math.round(Math.exp(log)) * 100,
      });
    }
    return sales;
  };
  return { sales: generate(6000), generate };
}

function speed(generate: (n: number) => Sale[]) {
  const big = generate(100_000);
  const t0 = performance.now();
  const model = fitValueModel(big, 2026);
  const fitMs = performance.now() - t0;
  const N = 10_000;
  const t1 = performance.now();
  for (let i = 0; i < N; i++) estimateValue(model, { ...big[i], on: '2026-11-01' });
  const msPer = (performance.now() - t1) / N;
  console.log(
    `\n${msPer < 5 ? 'pass' : 'MISS'}  one estimate at 100,000 sales < 5 ms (${msPer.toFixed(3)} ms; the fit took ${(fitMs / 1000).toFixed(1)} s; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
  );
}

const { values } = parseArgs({
  options: { sales: { type: 'string' }, cutoff: { type: 'string' }, out: { type: 'string' } },
});
if (values.cutoff && !/^\d{4}-\d{2}-\d{2}$/.test(values.cutoff)) {
  console.error('--cutoff must be a date, YYYY-MM-DD');
  process.exit(2);
}
let last: Result;
if (values.sales) {
  last = backtest(values.sales, readSales(values.sales), values.cutoff ?? '2008-01-01', values.out);
} else {
  const syn = synthetic();
  const s = backtest('synthetic market', syn.sales, values.cutoff ?? '2026-05-25');
  console.log(`${s.mdape <= 0.1 ? 'pass' : 'MISS'}  synthetic market MdAPE ≤ 10%`);
  speed(syn.generate);
  last = backtest('shared auction sales', readSales(sharedPath()), '2008-01-01', values.out);
}
console.log(last.line);
