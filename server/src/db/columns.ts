import { users } from './schema.js';

/** The columns every view of an account starts from (users, sessions, offers and inquiries read them). */
export const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  companyName: users.companyName,
  status: users.status,
};
