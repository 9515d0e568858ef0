// The watchlist module's public file (watchlist and recently viewed): what other modules may use.
export { watchlistRoutes } from './watchlist.routes.js';
export { type WatchNoticeDetails, watchlistSubscriptions } from './watchlist.service.js';
