import { lazy } from 'react';

/** The accounts feature's public surface for other features (the admin dashboard). */

/** The admin Users tab, a chunk of its own, loaded on first view. */
export const AdminUsersTab = lazy(() =>
  import('./components/admin-users-tab').then((m) => ({ default: m.AdminUsersTab })),
);
