import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/watchlist', access: 'dealer' },
  { method: 'GET', url: '/api/watchlist/ids', access: 'dealer' },
  { method: 'PUT', url: '/api/watchlist/:listingId', access: 'dealer' },
  { method: 'DELETE', url: '/api/watchlist/:listingId', access: 'dealer' },
  { method: 'GET', url: '/api/recently-viewed', access: 'dealer' },
  {
    method: 'POST',
    url: '/api/recently-viewed',
    access: 'dealer',
    body: { listingId: '00000000-0000-4000-8000-000000000000' },
  },
];
