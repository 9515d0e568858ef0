/**
 * npm run bench:value: accuracy of FieldLot Value on a synthetic market with known depreciation
 * (docs/product/fieldlot-value.md). Trains on sales before a cut-off and predicts the later ones; a benchmark with
 * budgets, not a timed test.
 */
import { estimateValue, fitValueModel, type MarketSale } from '../domain/fieldlot-value.js';

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
  for (let f = 0; f < 5; f++) {
    families.push({
      make,
      family: `${make[0]}${f + 1}`,
      base: makeLevel + normal() * 0.4,
      count: f === 4 ? 8 : 0,
    });
  }
}

/** Known law (not the demo's): −7% a year, −3.5% per 1,000 hours, +12% per grade point, state spread, σ = 0.09. */
function generate(n: number): MarketSale[] {
  const sales: MarketSale[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const fam = families[Math.floor(rand() * families.length)];
    const sold = seen.get(fam.family) ?? 0;
    if (fam.count > 0 && sold >= fam.count) continue; // a thin family: the shrinkage case
    seen.set(fam.family, sold + 1);
    const day = Math.floor(rand() * 3 * 365);
    const soldOn = new Date(Date.UTC(2023, 10, 25) + day * 86_400_000).toISOString().slice(0, 10);
    const age = Math.floor(rand() * 15);
    const year = 2026 - age;
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
      soldOn,
      make: fam.make,
      family: fam.family,
      year,
      hours,
      grade,
      state,
      priceCents: Math.round(Math.exp(log)) * 100,
    });
  }
  return sales;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : Number.NaN;
};

const sales = generate(6000);
const CUTOFF = '2026-05-25';
const train = sales.filter((s) => s.soldOn < CUTOFF);
const test = sales.filter((s) => s.soldOn >= CUTOFF);
const model = fitValueModel(train, 2026);
const medianByFamily = new Map<string, number>();
for (const key of new Set(train.map((s) => `${s.make}|${s.family}`))) {
  medianByFamily.set(
    key,
    median(train.filter((s) => `${s.make}|${s.family}` === key).map((s) => s.priceCents)),
  );
}

const ape: number[] = [];
const sle: number[] = [];
const baseApe: number[] = [];
const baseSle: number[] = [];
let inside = 0;
for (const s of test) {
  const e = estimateValue(model, s);
  const base = medianByFamily.get(`${s.make}|${s.family}`);
  if (!e || !base) continue;
  ape.push(Math.abs(e.valueCents - s.priceCents) / s.priceCents);
  sle.push(Math.log(e.valueCents / s.priceCents) ** 2);
  baseApe.push(Math.abs(base - s.priceCents) / s.priceCents);
  baseSle.push(Math.log(base / s.priceCents) ** 2);
  if (s.priceCents >= e.lowCents && s.priceCents <= e.highCents) inside++;
}
const mape = median(ape);
const rmsle = Math.sqrt(sle.reduce((a, b) => a + b, 0) / sle.length);
const baseMape = median(baseApe);
const baseRmsle = Math.sqrt(baseSle.reduce((a, b) => a + b, 0) / baseSle.length);
const share = inside / ape.length;

// Speed: one estimate with a model fitted on 100,000 sales.
const big = generate(100_000);
const bigModel = fitValueModel(big, 2026);
const t0 = performance.now();
const N = 10_000;
for (let i = 0; i < N; i++) estimateValue(bigModel, big[i]);
const msPer = (performance.now() - t0) / N;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const verdict = (ok: boolean) => (ok ? 'pass' : 'MISS');
console.log(`train ${train.length} sales before ${CUTOFF}, predict ${ape.length} later sales`);
console.log(
  `FieldLot Value: median abs error ${pct(mape)}, RMSLE ${rmsle.toFixed(3)}, inside range ${pct(share)}`,
);
console.log(
  `Baseline (median of make+family): median abs error ${pct(baseMape)}, RMSLE ${baseRmsle.toFixed(3)}`,
);
console.log(`${verdict(mape <= 0.1)}  median abs error ≤ 10%`);
console.log(`${verdict(share >= 0.75)}  ≥ 75% inside the typical range`);
console.log(
  `${verdict(mape <= baseMape * 0.7)}  at least 30% less error than the baseline (${pct(1 - mape / baseMape)} less)`,
);
console.log(`${verdict(msPer < 5)}  one estimate at 100,000 sales < 5 ms (${msPer.toFixed(4)} ms)`);
