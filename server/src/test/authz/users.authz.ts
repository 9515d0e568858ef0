import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    url: '/api/users/apply',
    access: 'public',
    body: {
      name: 'Matrix Applicant',
      email: 'matrix-applicant@example.com',
      password: 'Fresh-Harvest#2031',
      companyName: 'Matrix Tractors',
      brands: ['Kubota'],
    },
  },
  { method: 'GET', url: '/api/users/me', access: 'dealer' },
  {
    method: 'PATCH',
    url: '/api/users/me',
    access: 'dealer',
    body: { name: 'Same Name', companyName: 'Same Co' },
  },
  { method: 'GET', url: '/api/users/me/brands', access: 'dealer' },
  { method: 'POST', url: '/api/users/me/brands', access: 'dealer', body: { brandName: 'Fendt' } },
  { method: 'DELETE', url: '/api/users/me/brands/:brandName', access: 'dealer' },
  { method: 'GET', url: '/api/admin/users', access: 'admin' },
  { method: 'PATCH', url: '/api/admin/users/:userId/status', access: 'admin', body: { status: 'approved' } },
];
