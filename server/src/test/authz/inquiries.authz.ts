import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    url: '/api/inquiries',
    access: 'public',
    body: { make: 'Kubota', model: 'M7-172', year: 2019, hours: 2100, email: 'seller@example.com' },
  },
  // Multipart only: the JSON body here is refused as the wrong type (415), past the access check.
  { method: 'POST', url: '/api/inquiries/with-photos', access: 'public', body: {} },
  { method: 'GET', url: '/api/admin/inquiries', access: 'admin' },
  { method: 'GET', url: '/api/admin/inquiries/:inquiryId', access: 'admin' },
  { method: 'GET', url: '/api/admin/inquiries/:inquiryId/photos/:file', access: 'admin' },
  { method: 'PATCH', url: '/api/admin/inquiries/:inquiryId', access: 'admin', body: { status: 'contacted' } },
  {
    method: 'POST',
    url: '/api/admin/inquiries/:inquiryId/offers',
    access: 'admin',
    body: { amount: '27500', pickup: 'We collect at your farm' },
  },
  // The yard of the draft a farmer's accepted offer made (the fixture listing is none: 404 past the access check).
  { method: 'GET', url: '/api/admin/listings/:listingId/farmer-yard', access: 'admin' },
  // The farmer's link: no account; an unknown token answers 404 to everyone.
  { method: 'GET', url: '/api/farmer-offers/:token', access: 'public' },
  { method: 'POST', url: '/api/farmer-offers/:token/answer', access: 'public', body: { answer: 'decline' } },
];
