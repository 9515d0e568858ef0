// The sales module's public file: the weekly Timed Sale (docs/product/timed-sale.md).

export { salesRoutes } from './sales.routes.js';
export { closeDueLots } from './sales.service.js';
export { sendStartingNotices } from './sales.starting.js';
