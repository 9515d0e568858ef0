// The market module's public file: recorded sales (market_sales) for FieldLot Value and the market charts.
export {
  countMarketSales,
  insertMarketSales,
  listMarketSales,
  type MonthSales,
  type NewMarketSale,
  salesByMonth,
} from './market.repository.js';
