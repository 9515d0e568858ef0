// The listings feature's public file: other features import only this. Screens are handed out as loaders so
// whoever shows them keeps them in their own chunk.
export const loadAdminListingsTab = () => import('./components/admin-listings-tab');
export const loadInventoryDashboard = () => import('./components/inventory-dashboard');
// The inventory's filters (URL state and "More Filters"), which the Timed Sale's run list filters by too.
export { useListingFilters } from './api/use-listing-filters';
export { MoreFilters } from './components/more-filters';
// Small pieces every tractor card shows (the watchlist's cards too): the condition word a report's grade decides
// and the hours notice.
export { HoursNotice, ShownConditionBadge } from './components/shown-condition';
