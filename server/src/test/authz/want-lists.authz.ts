import type { AuthzEntry } from '../authz.js';

const list = { make: 'Kubota', modelWords: '', states: [], notes: '' };
const none = '00000000-0000-4000-8000-000000000000';

export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/want-lists', access: 'dealer' },
  { method: 'POST', url: '/api/want-lists', access: 'dealer', body: list },
  { method: 'PUT', url: `/api/want-lists/${none}`, access: 'dealer', body: list },
  { method: 'DELETE', url: `/api/want-lists/${none}`, access: 'dealer' },
  { method: 'POST', url: `/api/want-lists/${none}/saved-search`, access: 'dealer' },
  { method: 'POST', url: `/api/want-lists/from-saved-search/${none}`, access: 'dealer' },
  { method: 'GET', url: '/api/want-lists/matches', access: 'dealer' },
  {
    method: 'POST',
    url: `/api/want-lists/matches/${none}/answer`,
    access: 'dealer',
    body: { answer: 'not_for_me' },
  },
  { method: 'GET', url: '/api/admin/inquiries/:inquiryId/matches', access: 'admin' },
];
