import type { AuthzEntry } from '../authz.js';

/** "Download all our data" (docs/product/accounts.md#download-all-our-data); placeholders: see test/authz.ts. */
export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/data-exports/latest', access: 'dealer' },
  { method: 'POST', url: '/api/data-exports', access: 'dealer' },
  // The link's token is the credential: an unknown one answers 404 to everyone.
  {
    method: 'POST',
    url: '/api/data-exports/download',
    access: 'public',
    body: { token: 'not-a-real-data-export-link-token' },
  },
];
