import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/inspections', access: 'inspector' },
  { method: 'GET', url: '/api/inspections/:listingId', access: 'inspector' },
  {
    method: 'PUT',
    url: '/api/inspections/:listingId/answers',
    access: 'inspector',
    body: { checkpointId: 'engine.idle', rating: 'ok', note: '' },
  },
  {
    method: 'PATCH',
    url: '/api/inspections/:listingId',
    access: 'inspector',
    body: { serial: 'RW6155R000123' },
  },
  { method: 'POST', url: '/api/inspections/:listingId/publish', access: 'inspector' },
  { method: 'POST', url: '/api/inspections/:listingId/photos', access: 'inspector' },
  { method: 'DELETE', url: '/api/inspections/:listingId/photos/:photoId', access: 'inspector' },
  { method: 'GET', url: '/api/recordings/:id', access: 'public' },
  { method: 'GET', url: '/api/reports/:listingId', access: 'public' },
  { method: 'GET', url: '/api/reports/:listingId/pdf', access: 'dealer' },
  { method: 'GET', url: '/api/reports/purchased', access: 'dealer' },
  {
    method: 'POST',
    url: '/api/admin/listings/:listingId/as-is',
    access: 'admin',
    body: { reason: 'Auction lot, sold as seen' },
  },
  { method: 'GET', url: '/api/admin/inspectors', access: 'admin' },
  {
    method: 'POST',
    url: '/api/admin/inspectors',
    access: 'admin',
    body: { name: 'Ina Spector', email: 'ina.authz@example.com', password: 'Tr@ctor-Yard-2024x' },
  },
];
