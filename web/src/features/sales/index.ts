import './api/live';

// The Timed Sale's public file (docs/product/timed-sale.md): other features import only this. Its live notices
// ("Sale starting in an hour") register with it, so My Listings hears them too.
export { PutInSale } from './components/put-in-sale';
// The admin panel's report (its own chunk).
export const loadBidderReport = () => import('./components/bidder-report');
