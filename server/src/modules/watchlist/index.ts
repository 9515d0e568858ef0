// The watchlist module's public file (watchlist and recently viewed): what other modules may use.

// Who watches which of these tractors (the Timed Sale tells them its sale starts within the hour).
export { type Watcher, watchersOfListings } from './watchlist.repository.js';
export { watchlistRoutes } from './watchlist.routes.js';
export { type WatchNoticeDetails, watchlistSubscriptions } from './watchlist.service.js';
