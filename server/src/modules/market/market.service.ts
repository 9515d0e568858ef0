import type { z } from 'zod';
import {
  askingStanding,
  comparableSales,
  estimateValue,
  modelFamily,
  NOT_ENOUGH_SALES,
  type ValueEstimate,
  type ValueQuery,
} from '../../../../domain/fieldlot-value.js';
import {
  stateCode,
  UNGRADED,
  type ValueAnswerResponse,
  type valueQuerySchema,
} from '../../../../domain/fieldlot-value-api.js';
import { isImportedSale } from '../../../../domain/sale-import.js';
import type { Executor } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { canSeeListing } from '../listings/index.js';
import { zipPlace } from '../purchases/index.js';
import { completedSaleFacts, insertMarketSales, listingValueFacts } from './market.repository.js';
import { type FittedMarket, familyKey, fittedByStamp, type ValueSale, valueCache } from './value-cache.js';

export interface ValueAnswer {
  estimate: ValueEstimate | null; // null: "Not enough FieldLot sales to estimate"
  comparables: ValueSale[];
  /** Of the family's sales the estimate used, how many are imported records (0 when it used its make and size class). */
  importedSales: number;
}

/** Comparables and the estimate from a fitted market (the family's sales only: fast at any market size). */
function valueFrom(m: FittedMarket, q: ValueQuery, today: string): ValueAnswer {
  const family = m.byFamily.get(familyKey(q.make, q.family)) ?? [];
  const estimate = estimateValue(m.model, { ...q, on: today });
  return {
    estimate,
    comparables: comparableSales(q, family, today),
    importedSales: estimate?.basis === 'family' ? family.filter(isImportedSale).length : 0,
  };
}

/**
 * FieldLot Value and comparables for a tractor (docs/product/fieldlot-value.md), refitted when the sales changed.
 * Callers check access first: dealers and admins only.
 */
export async function fieldlotValue(db: Executor, q: ValueQuery, today: string): Promise<ValueAnswer> {
  return valueFrom(await fittedByStamp(db, Number(today.slice(0, 4))), q, today);
}

/** Estimated value by age for a make and family at typical hours (450 a year) and grade 3.5: the market chart. */
export async function valueCurve(
  db: Executor,
  make: string,
  family: string,
  state: string,
  today: string,
): Promise<{ age: number; valueCents: number | null }[]> {
  const thisYear = Number(today.slice(0, 4));
  const { model } = await fittedByStamp(db, thisYear);
  return Array.from({ length: 16 }, (_, age) => ({
    age,
    valueCents:
      estimateValue(model, { make, family, state, year: thisYear - age, hours: age * 450, grade: 3.5 })
        ?.valueCents ?? null,
  }));
}

const todayOf = (ctx: AppContext) => ctx.clock.now().toISOString().slice(0, 10);

/** The answer the screens show: the estimate or the "not enough" message, where an asking price stands, comparables. */
async function answer(
  ctx: AppContext,
  q: ValueQuery,
  askingCents: number | undefined,
): Promise<ValueAnswerResponse> {
  const today = todayOf(ctx);
  const fitted = await valueCache(ctx).get(ctx.db, Number(today.slice(0, 4)));
  const { estimate, comparables, importedSales } = valueFrom(fitted, q, today);
  const standing = estimate && askingCents ? { askingCents, ...askingStanding(askingCents, estimate) } : null;
  return {
    make: q.make,
    family: q.family,
    estimate: estimate && { ...estimate, importedSales },
    standing,
    message: estimate ? null : NOT_ENOUGH_SALES,
    // Only the tractor, the date and the price: a sale has no buyer or seller to show.
    comparables: comparables.map((c) => ({
      source: c.source,
      soldOn: c.soldOn,
      year: c.year,
      hours: c.hours,
      grade: c.grade,
      state: c.state ?? '',
      priceCents: c.priceCents,
    })),
  };
}

/** Value for a tractor described by hand (listing form, the admin's inquiry and review queue). Dealers and admins. */
export async function valueForQuery(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof valueQuerySchema>,
): Promise<ValueAnswerResponse> {
  requireRole(actor, 'dealer', 'admin');
  const q: ValueQuery = {
    make: input.make,
    family: modelFamily(input.model),
    year: input.year,
    hours: input.hours,
    grade: input.grade ?? null,
    state: input.state,
    loader: input.loader === undefined ? null : input.loader === 'yes',
  };
  return answer(ctx, q, input.askingCents);
}

export const LISTING_NOT_FOUND = 'Tractor not found';

/** Value for a listing's tractor page, with where its asking price stands. Dealers and admins. */
export async function valueForListing(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
): Promise<ValueAnswerResponse> {
  requireRole(actor, 'dealer', 'admin');
  // Only for a tractor whose page this dealer may see: not another dealer's draft, nor a tractor under a first
  // look they are outside of (docs/product/want-lists.md#first-look).
  const l = await listingValueFacts(ctx.db, listingId);
  if (!l || !(await canSeeListing(ctx, actor, listingId))) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  return answer(ctx, queryOfListing(l), l.status === 'active' && l.priceCents > 0 ? l.priceCents : undefined);
}

/** A listing's tractor as FieldLot Value reads it. */
export interface ListingValueFacts {
  make: string;
  model: string;
  year: number;
  hours: number;
  gradeTenths: number;
  location: string;
  zip: string | null;
  transmission: string | null;
  frontLoader: boolean;
}

function queryOfListing(l: ListingValueFacts): ValueQuery {
  return {
    make: l.make,
    family: modelFamily(l.model),
    year: l.year,
    hours: l.hours,
    // Not inspected: no grade to adjust for (docs/product/fieldlot-value.md). Listings carry no horsepower or
    // size class; their transmission and front loader are options the estimator may have learned.
    grade: l.gradeTenths > 0 ? l.gradeTenths / 10 : null,
    state: stateCode(l.location) ?? zipPlace(l.zip)?.state ?? '',
    transmission: l.transmission,
    loader: l.frontLoader,
  };
}

/**
 * FieldLot Value of many listings at once, from this instance's fitted model (one read at most): the Timed Sale's
 * run list shows it on every lot. Null where there are not enough sales. Callers check access: dealers and admins.
 */
export async function valuesOfListings(
  ctx: AppContext,
  tractors: ListingValueFacts[],
): Promise<Array<ValueEstimate | null>> {
  if (tractors.length === 0) return [];
  const today = todayOf(ctx);
  const fitted = await valueCache(ctx).get(ctx.db, Number(today.slice(0, 4)));
  return tractors.map((l) => estimateValue(fitted.model, { ...queryOfListing(l), on: today }));
}

/**
 * The market's record of a completed purchase (docs/product/market.md, decision 0051): the tractor, the state
 * it stood in, the price and the day; never the buyer or the seller. Idempotent (one row per purchase).
 */
export async function recordCompletedSale(db: Executor, purchaseId: string): Promise<void> {
  const f = await completedSaleFacts(db, purchaseId);
  if (!f) return;
  await insertMarketSales(db, [
    {
      soldOn: f.completedOn,
      make: f.make,
      model: f.model,
      family: modelFamily(f.model),
      year: f.year,
      hours: f.hours,
      grade: f.gradeTenths > 0 ? f.gradeTenths / 10 : UNGRADED,
      state: stateCode(f.location) ?? zipPlace(f.zip)?.state ?? '',
      zip: f.zip,
      priceCents: f.priceCents,
      source: 'fieldlot',
      purchaseId: f.purchaseId,
      transmission: f.transmission,
      loader: f.frontLoader,
    },
  ]);
}
