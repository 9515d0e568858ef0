import { LogOut, Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth/api/session';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useSite } from '@/features/site/use-site';
import { cn } from '@/lib/utils';
import { Logo } from './logo';

// The dialog (and Radix's dialog code) loads on first use, keeping the landing page light.
const SignInDialog = lazy(() =>
  import('@/features/auth/components/sign-in-dialog').then((m) => ({ default: m.SignInDialog })),
);

const PUBLIC_LINKS = [
  { to: '/dealer-benefits', label: 'Dealer Benefits' },
  { to: '/sell-your-tractor', label: 'Sell Your Tractor' },
  { to: '/contact', label: 'Contact' },
];

const DEALER_LINKS = [
  { to: '/browse-listings', label: 'Browse Listings' },
  { to: '/my-account', label: 'My Account' },
  { to: '/my-offers', label: 'My Offers' },
  { to: '/purchased-inventory', label: 'Purchased Inventory' },
];

/**
 * SPEC.md: the public header links to dealer benefits, sell and contact with a sign-in button and a mobile
 * menu; approved users get the dealer header, which adds the dealer pages.
 */
export function SiteHeader() {
  const { user, isApproved, isAdmin } = useSession();
  const site = useSite();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const links = isApproved
    ? [...DEALER_LINKS, ...(isAdmin ? [{ to: '/admin', label: 'Admin' }] : [])]
    : PUBLIC_LINKS;

  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-semibold text-gray-700 hover:bg-muted hover:text-brand-800',
      isActive && 'bg-brand-50 text-brand-800',
    );

  const authButton = user ? (
    <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      <LogOut aria-hidden="true" /> Sign Out
    </Button>
  ) : (
    <Button onClick={() => setSignInOpen(true)}>Sign In</Button>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="shrink-0" aria-label={`${site.name} home`}>
          <Logo name={site.name} />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className={navClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden lg:block">{authButton}</div>
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <X className="size-6" /> : <Menu className="size-6" />}
        </Button>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-border bg-card px-4 pb-4 lg:hidden"
        >
          <ul className="flex flex-col gap-1 pt-2">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={navClass} onClick={() => setMenuOpen(false)}>
                  <span className="block py-1 text-base">{l.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3" onClickCapture={() => setMenuOpen(false)}>
            {authButton}
          </div>
        </nav>
      )}
      {signInOpen && (
        <Suspense fallback={null}>
          <SignInDialog
            open={signInOpen}
            onClose={() => setSignInOpen(false)}
            onSuccess={() => setSignInOpen(false)}
          />
        </Suspense>
      )}
    </header>
  );
}
