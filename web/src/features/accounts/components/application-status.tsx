import { Placeholder } from '@/components/layout/app-layout';

/** Signed in, not approved, not admin (SPEC.md "Application-status page"). */
export function ApplicationStatus() {
  return <Placeholder title="Application status" />;
}
