import { TermsOfServicePage } from '@/features/marketing/components/terms-of-service-page';

export function Component() {
  return <TermsOfServicePage />;
}
