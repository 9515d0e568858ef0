import type { AuthzEntry } from '../authz.js';

/** Every dealership-team route for the authorization matrix (placeholders: see test/authz.ts). */
export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/team', access: 'dealer' },
  {
    method: 'POST',
    url: '/api/team/invites',
    access: 'dealer',
    body: { email: 'authz-invitee@example.com', role: 'buyer' },
  },
  { method: 'DELETE', url: '/api/team/invites/:inviteId', access: 'dealer' },
  { method: 'PATCH', url: '/api/team/members/:userId', access: 'dealer', body: { role: 'viewer' } },
  { method: 'DELETE', url: '/api/team/members/:userId', access: 'dealer' },
  // Joining with the signed-in account (decision 0039): an unknown link answers 404 to every dealer.
  {
    method: 'POST',
    url: '/api/team/invites/join',
    access: 'dealer',
    body: { token: 'not-a-real-invitation-token' },
  },
  {
    method: 'POST',
    url: '/api/team/invites/accept',
    access: 'public',
    body: { token: 'not-a-real-invitation-token', name: 'Authz Invitee', password: 'Tr@ctor-Yard-2024x' },
  },
];
