import type { AuthzEntry } from '../authz.js';
import { TEST_PASSWORD } from '../test-app.js';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/auth/session', access: 'public' },
  // A fixture admin of the matrix test (test/authz-matrix.test.ts AUTHZ_EMAILS): every role may sign in.
  {
    method: 'POST',
    url: '/api/auth/sign-in',
    access: 'public',
    body: { email: 'authz-admin@example.com', password: TEST_PASSWORD },
  },
  { method: 'POST', url: '/api/auth/sign-out', access: 'public' },
  {
    method: 'POST',
    url: '/api/auth/password-reset',
    access: 'public',
    body: { email: 'nobody@example.com' },
  },
  {
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    access: 'public',
    body: { token: 'x'.repeat(43), password: 'Fresh-Harvest#2031' },
  },
  { method: 'POST', url: '/api/auth/sign-in-link', access: 'public', body: { email: 'nobody@example.com' } },
  {
    method: 'POST',
    url: '/api/auth/sign-in-link/confirm',
    access: 'public',
    body: { token: 'x'.repeat(43), email: 'nobody@example.com' },
  },
];
