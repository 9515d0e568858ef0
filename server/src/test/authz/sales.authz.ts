import type { AuthzEntry } from '../authz.js';

const uuid = '00000000-0000-4000-8000-000000000000';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/sales', access: 'public' },
  {
    method: 'POST',
    url: '/api/sales',
    access: 'admin',
    body: {
      name: 'Tuesday Sale, Dec 8',
      startsAt: '2099-12-08T15:00:00Z',
      firstCloseAt: '2099-12-08T16:00:00Z',
      intervalSeconds: 60,
    },
  },
  { method: 'GET', url: '/api/sales/:saleId', access: 'public' },
  { method: 'POST', url: '/api/sales/:saleId/lots', access: 'dealer', body: { listingId: uuid } },
  { method: 'GET', url: '/api/sales/reports/bidders', access: 'admin' },
  { method: 'GET', url: '/api/sales/lots/:lotId', access: 'dealer' },
  {
    method: 'POST',
    url: '/api/sales/lots/:lotId/bids',
    access: 'dealer',
    body: { kind: 'bid', amount: 100 },
  },
  { method: 'POST', url: '/api/sales/lots/:lotId/if', access: 'dealer', body: { accept: true } },
];
