// The market feature's public file (docs/product/market.md). Its chart screens are loaders so uPlot stays in their
// chunk; FieldLot Value's panels (docs/product/fieldlot-value.md) draw no chart and load with the page using them.
export const loadAdminMarketCharts = () => import('./components/admin-market-charts');
export { FieldlotValuePanel } from './components/fieldlot-value-panel';
export { SimilarSold } from './components/similar-sold';
export { ValueLine } from './components/value-line';
