import type { AuthzEntry } from '../authz.js';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/saved-searches', access: 'dealer' },
  {
    method: 'POST',
    url: '/api/saved-searches',
    access: 'dealer',
    body: { name: 'Matrix search', filters: { brand: 'Kubota' }, alert: 'off' },
  },
  { method: 'PATCH', url: '/api/saved-searches/:searchId', access: 'dealer', body: { alert: 'off' } },
  { method: 'DELETE', url: '/api/saved-searches/:searchId', access: 'dealer' },
];
