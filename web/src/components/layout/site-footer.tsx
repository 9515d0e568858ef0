import { Link } from 'react-router';
import { useSite } from '@/features/site/use-site';
import { Logo } from './logo';

export function SiteFooter() {
  const site = useSite();
  return (
    <footer className="mt-16 border-t border-border bg-brand-900 text-brand-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-2">
          <Logo name={site.name} className="text-white" />
          <p className="max-w-sm text-sm text-brand-100">North American marketplace for tractor dealers.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link className="underline-offset-4 hover:underline" to="/terms-of-service">
            Terms of Service
          </Link>
          <Link className="underline-offset-4 hover:underline" to="/privacy-policy">
            Privacy Policy
          </Link>
          <Link className="underline-offset-4 hover:underline" to="/logo-download">
            Logo
          </Link>
        </nav>
      </div>
      <div className="border-t border-white/10 py-4 text-center text-sm text-brand-100">
        © {site.copyrightYear} {site.name}. All rights reserved.
      </div>
    </footer>
  );
}
