import { ContactPage } from '@/features/marketing/components/contact-page';

export function Component() {
  return <ContactPage />;
}
