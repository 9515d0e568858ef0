// The data-exports module's public surface (docs/product/accounts.md#download-all-our-data, decision 0082).
export { dataExportsRoutes } from './data-exports.routes.js';
export { processExportsOnce, startDataExportWorker } from './data-exports.service.js';
