import type { AuthzEntry } from '../authz.js';

/** Every offers route for the authorization matrix (placeholders: see test/authz.ts). */
export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    url: '/api/offers',
    access: 'dealer',
    body: { listingId: ':listingId', offerType: 'offer', amount: '1000' },
  },
  { method: 'GET', url: '/api/offers/mine', access: 'dealer' },
  { method: 'GET', url: '/api/offers/listing/:listingId', access: 'dealer' },
  { method: 'GET', url: '/api/offers/:offerId', access: 'dealer', ownedBy: 'dealer' },
  { method: 'POST', url: '/api/offers/:offerId/accept-counter', access: 'dealer', ownedBy: 'dealer' },
  { method: 'POST', url: '/api/offers/:offerId/withdraw', access: 'dealer', ownedBy: 'dealer' },
  // The seller's side: the fixture offer is on a listing `dealer` sells; another dealer gets 404.
  { method: 'GET', url: '/api/my-listings/offers', access: 'dealer' },
  { method: 'POST', url: '/api/my-listings/offers/:offerId/reject', access: 'dealer', ownedBy: 'dealer' },
  {
    method: 'POST',
    url: '/api/my-listings/offers/:offerId/counter',
    access: 'dealer',
    ownedBy: 'dealer',
    body: { amount: '900' },
  },
  { method: 'POST', url: '/api/my-listings/offers/:offerId/accept', access: 'dealer', ownedBy: 'dealer' },
  { method: 'GET', url: '/api/admin/offers', access: 'admin' },
  { method: 'POST', url: '/api/admin/offers/:offerId/accept', access: 'admin' },
  { method: 'POST', url: '/api/admin/offers/:offerId/reject', access: 'admin' },
  { method: 'POST', url: '/api/admin/offers/:offerId/counter', access: 'admin', body: { amount: '900' } },
];
