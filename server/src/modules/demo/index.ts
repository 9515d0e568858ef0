// The demo module's public file: what other modules may use (they import nothing else from this folder).

export { demoSalesHistory, seedDemoSales } from './demo.sales.js';
export { seedDemoData } from './demo.seed.js';
