import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/admin/market', access: 'admin' },
  {
    method: 'GET',
    url: '/api/market/value?make=John%20Deere&model=6R%20250&year=2021&hours=2500&grade=4&state=IA',
    access: 'dealer',
  },
  { method: 'GET', url: '/api/market/listings/:listingId/value', access: 'dealer' },
  { method: 'GET', url: '/api/market', access: 'dealer' },
  { method: 'GET', url: '/api/market/John%20Deere/6R', access: 'dealer' },
];
