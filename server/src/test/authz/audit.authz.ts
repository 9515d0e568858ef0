import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/admin/audit', access: 'admin' },
  { method: 'GET', url: '/api/admin/audit/actions', access: 'admin' },
  { method: 'GET', url: '/api/admin/audit/verification', access: 'admin' },
  { method: 'GET', url: '/api/admin/audit/export?from=2026-01-01&to=2026-01-31&format=csv', access: 'admin' },
];
