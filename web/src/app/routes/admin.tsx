import { AdminAccess } from '@/features/admin/components/admin-access';

/** SPEC.md "Admin (/admin)". */
export function Component() {
  return <AdminAccess />;
}
