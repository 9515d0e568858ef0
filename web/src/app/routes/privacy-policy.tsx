import { PrivacyPolicyPage } from '@/features/marketing/components/privacy-policy-page';

export function Component() {
  return <PrivacyPolicyPage />;
}
