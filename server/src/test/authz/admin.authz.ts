import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/admin/stats', access: 'admin' },
  { method: 'GET', url: '/api/admin/outbox', access: 'admin' },
  { method: 'GET', url: '/api/admin/outbox/:messageId', access: 'admin' },
  { method: 'POST', url: '/api/admin/outbox/:messageId/retry', access: 'admin', body: {} },
  { method: 'GET', url: '/api/admin/mail-preview', access: 'admin' },
  { method: 'GET', url: '/api/admin/mail-preview/:template', access: 'admin' },
];
