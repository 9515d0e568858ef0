import {
  fitValueModel,
  type SaleFacts,
  saleFactsOf,
  type ValueModel,
} from '../../../../domain/fieldlot-value.js';
import type { MarketSaleSource } from '../../../../domain/sale-import.js';
import type { Database, Executor } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import { listenForEvents } from '../../lib/events.js';
import { listStoredSales, marketSalesStamp, type StoredSale } from './market.repository.js';

/** What the database announces (statement trigger, migration 0030) after any statement adding or clearing sales. */
export const MARKET_SALES_CHANGED_EVENT = 'market.sales_changed';

/** A sale as FieldLot Value learns from it (the bench's facts, nulls kept), with where it comes from. */
export type ValueSale = SaleFacts & { source: MarketSaleSource };

/** A stored sale as the estimator takes it: the same mapping as the bench (saleFactsOf); missing facts stay null. */
export const toValueSale = (s: StoredSale): ValueSale => saleFactsOf(s);

/** The fitted model and its sales grouped by make and family (a tractor's comparables are its family's). */
export interface FittedMarket {
  year: number;
  model: ValueModel;
  byFamily: Map<string, ValueSale[]>;
  count: number;
}

export const familyKey = (make: string, family: string) => `${make.toLowerCase()}|${family.toLowerCase()}`;

async function fitMarket(db: Executor, year: number): Promise<FittedMarket> {
  const sales = (await listStoredSales(db)).map(toValueSale);
  const byFamily = new Map<string, ValueSale[]>();
  for (const s of sales) {
    const key = familyKey(s.make, s.family);
    const list = byFamily.get(key);
    if (list) list.push(s);
    else byFamily.set(key, [s]);
  }
  return { year, model: fitValueModel(sales, year), byFamily, count: sales.length };
}

/** Without a listener: refit when the sales stamp (count, newest row) moved; one small query per answer. */
const byStamp = new WeakMap<object, { stamp: string; fitted: FittedMarket }>();
export async function fittedByStamp(db: Executor, year: number): Promise<FittedMarket> {
  const stamp = await marketSalesStamp(db);
  const held = byStamp.get(db);
  if (held && held.stamp === stamp && held.fitted.year === year) return held.fitted;
  const fitted = await fitMarket(db, year);
  byStamp.set(db, { stamp, fitted });
  return fitted;
}

/**
 * FieldLot Value's fitted model, kept true by the database's notices (decision 0051): every instance drops it when
 * any statement adds or clears sales, and a fit that started before such a notice is not kept. While the listener
 * is down the answers fall back to the stamp check, so they are never older than the table.
 */
export class ValueCache {
  private listening = false;
  private generation = 0;
  private held: FittedMarket | null = null;
  private inflight: { generation: number; year: number; fitted: Promise<FittedMarket> } | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  async listen(database: Database): Promise<void> {
    this.unlisten = await listenForEvents(
      database,
      MARKET_SALES_CHANGED_EVENT,
      () => this.drop(),
      () => {
        this.drop();
        this.listening = true;
      },
      () => {
        this.listening = false;
        this.drop();
      },
    );
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.drop();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  drop(): void {
    this.generation += 1;
    this.held = null;
    this.inflight = null;
  }

  async get(db: Executor, year: number): Promise<FittedMarket> {
    if (!this.listening) return fittedByStamp(db, year);
    if (this.held && this.held.year === year) return this.held;
    const generation = this.generation;
    if (this.inflight && this.inflight.generation === generation && this.inflight.year === year)
      return this.inflight.fitted;
    const fitted = fitMarket(db, year);
    this.inflight = { generation, year, fitted };
    const done = await fitted.finally(() => {
      if (this.inflight?.fitted === fitted) this.inflight = null;
    });
    if (generation === this.generation && this.listening) this.held = done;
    return done;
  }
}

const caches = new WeakMap<AppContext, ValueCache>();

export function valueCache(ctx: AppContext): ValueCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new ValueCache();
    caches.set(ctx, cache);
  }
  return cache;
}

/** Called once by the market routes: the app's fitted model hears the database's notices from now on. */
export async function startValueCache(ctx: AppContext): Promise<() => Promise<void>> {
  const cache = valueCache(ctx);
  await cache.listen(ctx.database);
  return () => cache.stop();
}
