// The saved-searches module's public file: what other modules may use.
export { savedSearchMatches } from './match.js';
export {
  addBrandSearches,
  brandSearchesOf,
  recordDailyAlerts,
  removeBrandSearch,
} from './saved-searches.repository.js';
export { savedSearchesRoutes } from './saved-searches.routes.js';
export { createSavedSearch, ownSavedSearch, savedSearchesSubscriptions } from './saved-searches.service.js';
