// The market module's public file: recorded sales (market_sales) for FieldLot Value and the market charts.

export { marketSubscriptions } from './market.events.js';
export {
  countMarketSales,
  insertMarketSales,
  listMarketSales,
  type MonthSales,
  type NewMarketSale,
  salesByMonth,
} from './market.repository.js';
export { marketChartsRoutes } from './market.routes.js';
export {
  fieldlotValue,
  type ListingValueFacts,
  recordCompletedSale,
  type ValueAnswer,
  valueCurve,
  valuesOfListings,
} from './market.service.js';
export { saleFileText, writeImportedSales } from './sale-import.service.js';
