import type { AuthzEntry } from '../authz.js';

const listing = { make: 'Kubota', model: 'M7-172', year: 2020, location: 'Iowa' };

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/listings', access: 'dealer' },
  { method: 'GET', url: '/api/listings/public', access: 'public' },
  // The tractors under this dealer's running first look (docs/product/want-lists.md#first-look).
  { method: 'GET', url: '/api/listings/first-look', access: 'dealer' },
  { method: 'GET', url: '/api/listings/:listingId', access: 'public' },
  { method: 'POST', url: '/api/listings', access: 'dealer', body: listing },
  { method: 'GET', url: '/api/images/*', access: 'public' },
  { method: 'GET', url: '/api/admin/listings', access: 'admin' },
  { method: 'PATCH', url: '/api/admin/listings/:listingId', access: 'admin', body: { model: 'M7-173' } },
  {
    method: 'POST',
    url: '/api/admin/listings/:listingId/status',
    access: 'admin',
    body: { status: 'inactive' },
  },
  { method: 'POST', url: '/api/admin/listings/samples', access: 'admin' },
  { method: 'POST', url: '/api/admin/listings/:listingId/images', access: 'admin' },
  {
    method: 'PUT',
    url: '/api/admin/listings/:listingId/images/order',
    access: 'admin',
    body: { imageIds: ['00000000-0000-4000-8000-000000000000'] },
  },
  { method: 'POST', url: '/api/admin/listings/:listingId/images/:imageId/primary', access: 'admin' },
  { method: 'DELETE', url: '/api/admin/listings/:listingId/images/:imageId', access: 'admin' },
  { method: 'DELETE', url: '/api/admin/listings/:listingId', access: 'admin' },
  { method: 'POST', url: '/api/admin/listings/:listingId/restore', access: 'admin' },
  // A dealer's own listings: the fixture listing is sold by `dealer`; another dealer gets 404.
  { method: 'GET', url: '/api/my-listings', access: 'dealer' },
  { method: 'GET', url: '/api/my-listings/:listingId', access: 'dealer', ownedBy: 'dealer' },
  {
    method: 'PATCH',
    url: '/api/my-listings/:listingId',
    access: 'dealer',
    ownedBy: 'dealer',
    body: { model: '6155R' },
  },
  { method: 'POST', url: '/api/my-listings/:listingId/submit', access: 'dealer', ownedBy: 'dealer' },
  { method: 'POST', url: '/api/my-listings/:listingId/withdraw', access: 'dealer', ownedBy: 'dealer' },
  { method: 'POST', url: '/api/my-listings/:listingId/images', access: 'dealer', ownedBy: 'dealer' },
  {
    method: 'PUT',
    url: '/api/my-listings/:listingId/images/order',
    access: 'dealer',
    ownedBy: 'dealer',
    body: { imageIds: ['00000000-0000-4000-8000-000000000000'] },
  },
  {
    method: 'POST',
    url: '/api/my-listings/:listingId/images/:imageId/primary',
    access: 'dealer',
    ownedBy: 'dealer',
  },
  {
    method: 'DELETE',
    url: '/api/my-listings/:listingId/images/:imageId',
    access: 'dealer',
    ownedBy: 'dealer',
  },
  { method: 'POST', url: '/api/admin/listings/:listingId/approve', access: 'admin' },
  {
    method: 'POST',
    url: '/api/admin/listings/:listingId/request-changes',
    access: 'admin',
    body: { reason: 'Add a photo of the cab' },
  },
];
