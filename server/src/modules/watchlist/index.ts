// The watchlist module's public file (watchlist and recently viewed, issue 17): what other modules may use.
export { watchlistRoutes } from './watchlist.routes.js';
export { notifyWatchers, type WatchNoticeDetails } from './watchlist.service.js';
