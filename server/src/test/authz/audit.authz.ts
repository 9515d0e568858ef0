import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/admin/audit', access: 'admin' },
  { method: 'GET', url: '/api/admin/audit/actions', access: 'admin' },
  { method: 'GET', url: '/api/admin/audit/verification', access: 'admin' },
  { method: 'GET', url: '/api/admin/audit/export', access: 'admin' },
];
