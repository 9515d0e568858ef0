import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    url: '/api/inquiries',
    access: 'public',
    body: { make: 'Kubota', model: 'M7-172', year: 2019, hours: 2100, email: 'seller@example.com' },
  },
  { method: 'GET', url: '/api/admin/inquiries', access: 'admin' },
  { method: 'PATCH', url: '/api/admin/inquiries/:inquiryId', access: 'admin', body: { status: 'contacted' } },
];
