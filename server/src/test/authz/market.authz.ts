import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [{ method: 'GET', url: '/api/admin/market', access: 'admin' }];
