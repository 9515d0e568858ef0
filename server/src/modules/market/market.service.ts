import {
  comparableSales,
  estimateValue,
  fitValueModel,
  type MarketSale,
  type ValueEstimate,
  type ValueQuery,
} from '../../../../domain/fieldlot-value.js';
import type { Executor } from '../../db/client.js';
import { listMarketSales } from './market.repository.js';

export interface ValueAnswer {
  estimate: ValueEstimate | null; // null: "Not enough FieldLot sales to estimate"
  comparables: MarketSale[];
}

/**
 * FieldLot Value and comparables for a tractor (docs/product/fieldlot-value.md). Callers check access first: dealers
 * and admins only. Refits on every call for now; an in-memory model refreshed on NOTIFY is decision 0046's next step.
 */
export async function fieldlotValue(db: Executor, q: ValueQuery, today: string): Promise<ValueAnswer> {
  const sales = await listMarketSales(db);
  const model = fitValueModel(sales, Number(today.slice(0, 4)));
  return { estimate: estimateValue(model, q), comparables: comparableSales(q, sales, today) };
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
  const model = fitValueModel(await listMarketSales(db), thisYear);
  return Array.from({ length: 16 }, (_, age) => ({
    age,
    valueCents:
      estimateValue(model, { make, family, state, year: thisYear - age, hours: age * 450, grade: 3.5 })
        ?.valueCents ?? null,
  }));
}
