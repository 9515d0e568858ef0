import type { AuthzEntry } from '../authz.js';

const list = { make: 'Kubota', modelWords: '', states: [], notes: '' };
export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/want-lists', access: 'dealer' },
  { method: 'POST', url: '/api/want-lists', access: 'dealer', body: list },
  { method: 'PUT', url: '/api/want-lists/:wantListId', access: 'dealer', body: list },
  { method: 'DELETE', url: '/api/want-lists/:wantListId', access: 'dealer' },
  { method: 'POST', url: '/api/want-lists/:wantListId/saved-search', access: 'dealer' },
  { method: 'POST', url: '/api/want-lists/from-saved-search/:searchId', access: 'dealer' },
  { method: 'GET', url: '/api/want-lists/matches', access: 'dealer' },
  {
    method: 'POST',
    url: '/api/want-lists/matches/:matchId/answer',
    access: 'dealer',
    body: { answer: 'not_for_me' },
  },
  { method: 'GET', url: '/api/admin/inquiries/:inquiryId/matches', access: 'admin' },
];
