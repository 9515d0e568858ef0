import { modelFamily } from '../../../../domain/fieldlot-value.js';
import { stateCode } from '../../../../domain/fieldlot-value-api.js';
import type { AppContext } from '../../lib/context.js';
import { countMarketSales, insertMarketSales, type NewMarketSale } from '../market/index.js';
import { DEMO_MODELS, DEMO_STATES, type ModelSpec } from './demo.data.js';

/**
 * The demo's sales history for FieldLot Value and the market pages (docs/product/fieldlot-value.md): generated,
 * marked `demo`, written only in demo mode and never in production. Its law differs from `npm run bench:value`'s
 * on purpose, so the bench does not measure the method on the data it was tuned on:
 * a first-year drop of 12%, then 6% a year; hours above the usual for the age cost 5% per 1,000, hours below add
 * 3% per 1,000; each grade point is worth 9%; a regional spread (plains dearer, the south and west cheaper);
 * prices rise 2.5% a year and 3% in spring; noise with σ = 0.07. Compact and utility tractors sell with a front
 * loader about half the time and row-crop ones one time in ten, which adds 9% (drawn from a generator of its own,
 * so the rest of the history is what it was before loaders were recorded).
 */
export const DEMO_SALES = 2_400;
const YEARS = 3;
const DAY = 86_400_000;

/** Hours a year by kind of tractor (a compact works less than a row-crop tractor). */
const HOURS_A_YEAR: Record<ModelSpec['kind'], number> = {
  compact: 150,
  utility: 320,
  row: 480,
  track: 520,
  fourwd: 500,
};

/** Regional price level against the average, by state (log). */
const REGION: Record<string, number> = {
  IA: 0.04,
  IL: 0.04,
  NE: 0.03,
  KS: 0.02,
  MN: 0.03,
  IN: 0.02,
  OH: 0.01,
  SD: 0.03,
  ND: 0.04,
  MO: 0,
  WI: 0.01,
  TX: -0.04,
  OK: -0.03,
  KY: -0.02,
  TN: -0.03,
  PA: 0,
  GA: -0.05,
  CA: -0.02,
  ID: -0.01,
  MT: 0.01,
  MI: 0,
  AR: -0.04,
};

/** Mulberry32: a small seeded generator, so every demo database gets the same history. */
function generator(seed: number) {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return { rand, normal };
}

/** How often a kind of tractor sells with a front loader. */
const LOADER_SHARE: Record<ModelSpec['kind'], number> = {
  compact: 0.55,
  utility: 0.5,
  row: 0.1,
  track: 0,
  fourwd: 0,
};
const LOADER_PREMIUM = Math.log(1.09);

/** Big brands sell more often. */
const brandWeight = (make: string) =>
  ({ 'John Deere': 4, 'Case IH': 3, 'New Holland': 2.5, Kubota: 2.5, 'Massey Ferguson': 1.5 })[make] ?? 0.7;

/** The demo history ending `now`: DEMO_SALES sales over the last 3 years, pure and deterministic. */
export function demoSalesHistory(now: Date, count = DEMO_SALES): NewMarketSale[] {
  const { rand, normal } = generator(20_261_126);
  const loaders = generator(20_261_207);
  const weights = DEMO_MODELS.map((m) => brandWeight(m.make));
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let r = rand() * total;
    for (let i = 0; i < DEMO_MODELS.length; i++) {
      r -= weights[i];
      if (r <= 0) return DEMO_MODELS[i];
    }
    return DEMO_MODELS[DEMO_MODELS.length - 1];
  };
  const states = DEMO_STATES.map((s) => stateCode(s) ?? 'IA');
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sales: NewMarketSale[] = [];
  for (let i = 0; i < count; i++) {
    const spec = pick();
    const sold = new Date(end - Math.floor(rand() * YEARS * 365 + 1) * DAY);
    const soldYear = sold.getUTCFullYear();
    const newest = Math.min(spec.years[1], soldYear);
    const oldest = Math.min(spec.years[0] - 3, newest);
    const year = oldest + Math.floor(rand() * (newest - oldest + 1));
    const age = Math.max(0, soldYear - year + sold.getUTCMonth() / 12);
    const usual = age * HOURS_A_YEAR[spec.kind];
    const hours = Math.max(5, Math.round(usual * Math.exp(normal() * 0.35)));
    const grade = Math.round(Math.min(5, Math.max(1.5, 4.6 - 0.11 * age + normal() * 0.45)) * 10) / 10;
    const state = states[Math.floor(rand() * rand() * states.length)]; // corn belt first
    const extra = (hours - usual) / 1000;
    const yearsSinceStart = (sold.getTime() - (end - YEARS * 365 * DAY)) / (365 * DAY);
    const spring = [2, 3, 4].includes(sold.getUTCMonth()) ? 0.03 : 0;
    const log =
      Math.log(spec.price) +
      (age > 0 ? Math.log(0.88) : 0) -
      0.06 * age -
      (extra > 0 ? 0.05 * extra : 0.03 * extra) +
      0.09 * (grade - 3.5) +
      (REGION[state] ?? 0) +
      0.025 * (yearsSinceStart - YEARS) +
      spring +
      normal() * 0.07;
    const loader = loaders.rand() < LOADER_SHARE[spec.kind];
    sales.push({
      soldOn: sold.toISOString().slice(0, 10),
      make: spec.make,
      model: spec.model,
      family: modelFamily(spec.model),
      year,
      hours,
      grade,
      state,
      zip: null,
      priceCents: Math.round(Math.exp(log + (loader ? LOADER_PREMIUM : 0)) / 100) * 10_000,
      loader,
      source: 'demo',
      purchaseId: null,
    });
  }
  return sales;
}

/**
 * Adds the demo history once (when no demo sale exists), in bulk. Refused outside demo mode and always in
 * production: a production database never holds a demo sale. Returns the number of sales written.
 */
export async function seedDemoSales(ctx: AppContext): Promise<number> {
  if (!ctx.config.demo || ctx.config.production) return 0;
  if ((await countMarketSales(ctx.db, 'demo')) > 0) return 0;
  const rows = demoSalesHistory(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await insertMarketSales(tx, rows.slice(i, i + 500));
  });
  return rows.length;
}
