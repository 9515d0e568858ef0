import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  { method: 'POST', url: '/api/admin/notifications/brand', access: 'admin', body: { brand: 'John Deere' } },
  { method: 'POST', url: '/api/admin/notifications/daily', access: 'admin', body: {} },
  { method: 'GET', url: '/api/notifications/unsubscribe', access: 'public' },
  { method: 'POST', url: '/api/notifications/unsubscribe', access: 'public', body: { token: 'u1.x.y' } },
];
