import { LogoDownloadPage } from '@/features/marketing/components/logo-download-page';

export function Component() {
  return <LogoDownloadPage />;
}
