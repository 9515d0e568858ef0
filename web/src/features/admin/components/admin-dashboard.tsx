import { Placeholder } from '@/components/layout/app-layout';

/** The admin panel (SPEC.md "Admin"). Placeholder until the admin feature lands. */
export function AdminDashboard() {
  return <Placeholder title="Admin Panel" />;
}
