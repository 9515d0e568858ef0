// The market feature's public file (docs/product/market.md). Its screens are loaders so uPlot stays in their chunk.
export const loadAdminMarketCharts = () => import('./components/admin-market-charts');
