// The want-lists module's public file: what other modules may use (docs/product/want-lists.md).
export { wantListsRoutes } from './want-lists.routes.js';
export { wantListsCountForFamily, wantListsSubscriptions } from './want-lists.service.js';
