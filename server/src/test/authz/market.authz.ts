import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/admin/market', access: 'admin' },
  { method: 'POST', url: '/api/admin/market/sale-imports/preview', access: 'admin' },
  { method: 'POST', url: '/api/admin/market/sale-imports', access: 'admin' },
  { method: 'GET', url: '/api/admin/market/sale-imports/:importId/progress', access: 'admin' },
  { method: 'GET', url: '/api/market/value', access: 'dealer' },
  { method: 'GET', url: '/api/market/listings/:listingId/value', access: 'dealer' },
  { method: 'GET', url: '/api/market', access: 'dealer' },
  { method: 'GET', url: '/api/market/:make/:family', access: 'dealer' },
];
