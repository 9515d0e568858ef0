import { Link } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { useSite } from '@/features/site/use-site';

const COLUMNS = [
  {
    title: 'Marketplace',
    links: [
      { to: '/apply', label: 'Apply as a Dealer' },
      { to: '/dealer-benefits', label: 'Dealer Benefits' },
      { to: '/sell-your-tractor', label: 'Sell Your Tractor' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/contact', label: 'Contact' },
      { to: '/logo-download', label: 'Logo Download' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
    ],
  },
];

export function SiteFooter() {
  const site = useSite();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="space-y-3">
          <Logo name={site.name} dark />
          <p className="max-w-sm text-sm text-brand-100">
            North American marketplace for tractor dealers. Wholesale used tractors, inspected and delivered.
          </p>
          <p className="text-sm">
            <a className="font-semibold text-gold-300 hover:underline" href={`mailto:${site.supportEmail}`}>
              {site.supportEmail}
            </a>
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-xs font-bold uppercase tracking-wider text-gold-300">{col.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link className="text-brand-50 underline-offset-4 hover:underline" to={l.to}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10 px-4 py-4 text-center text-sm text-brand-100">
        © {site.copyrightYear} {site.name}. All rights reserved.
      </div>
    </footer>
  );
}
