import { AppLayout } from '@/components/layout/app-layout';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The app's frame: the shared layout with the header and footer that know the session and the site. */
export function RootLayout({ loading = false }: { loading?: boolean }) {
  return <AppLayout header={<SiteHeader />} footer={<SiteFooter />} loading={loading} />;
}
