import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { ChevronDownIcon as ChevronDown, MenuIcon as Menu, XIcon as X } from '@/components/layout/icons';
import { linkButton } from '@/components/layout/link-styles';
import { Logo } from '@/components/layout/logo';
// The app shell takes the auth feature's light pieces directly (not its index.ts), so the landing page's
// first chunk stays free of the forms and toasts the index also exports.
import { useSession } from '@/features/auth/api/session';
import { LazySignInDialog } from '@/features/auth/components/lazy-sign-in-dialog';
import { useSite } from '@/features/site/use-site';
import { DEALER_TOOL_LINKS, IN_BAR_FROM, type NavItem, navClass, PUBLIC_LINKS } from './nav-links';

// Only signed-in users see it; it brings the toast code with it.
const SignOutButton = lazy(() =>
  import('@/features/auth/components/sign-out-button').then((m) => ({ default: m.SignOutButton })),
);
// The dealers' "More" menu pulls in Radix's menu and floating positioning (~30 KB): signed-out pages never load it.
const MoreMenu = lazy(() => import('./more-menu').then((m) => ({ default: m.MoreMenu })));

/**
 * Whether the desktop navigation (Tailwind's `lg`) shows: on a phone the "More" menu is hidden, so its code never
 * loads there (decision 0056). False until after the first render, so a prerendered page hydrates as rendered.
 */
function useDesktopNav(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia('(min-width: 64rem)');
    const update = () => setWide(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);
  return wide;
}

/** Same size as the menu's trigger, so the header does not move when the menu arrives. */
function MoreMenuPlaceholder() {
  return (
    <span className={`${navClass({ isActive: false })} inline-flex items-center gap-1`} aria-hidden="true">
      More <ChevronDown className="size-4" />
    </span>
  );
}

// `from`: less-used links stand in the bar only from that width and are under "More" below it, so the bar and the
// signed-in name and company fit on one line at 1280 px (docs/product/public-site.md#header-and-footer).
const DEALER_LINKS: NavItem[] = [
  { to: '/browse-listings', label: 'Browse Listings' },
  { to: '/my-account', label: 'My Account', from: 'xl' },
  { to: '/my-offers', label: 'My Offers' },
  { to: '/purchased-inventory', label: 'Purchased Inventory' },
  // Dealers sell their trade-ins (dealer-selling.md): My Listings, a lazily loaded route of its own.
  { to: '/my-listings', label: 'Sell a Tractor' },
];

/** Staff who write condition reports (inspectors, admins). */
const INSPECT_LINK: NavItem = { to: '/inspect', label: 'Inspections' };
const mobileNavClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-3 text-base font-semibold hover:bg-muted ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-800'
  }`;

/**
 * docs/product/public-site.md#header-and-footer: the public header links to dealer benefits, sell and contact with a sign-in button and a mobile
 * menu; approved users get the dealer header: the dealer pages, the public pages under "More" (all in one list
 * in the mobile menu), and who is signed in (name, company).
 */
export function SiteHeader() {
  const { user, isApproved, isAdmin } = useSession();
  const desktopNav = useDesktopNav();
  const site = useSite();
  const location = useLocation();
  const { pathname } = location;
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const [signInEmail, setSignInEmail] = useState<string | undefined>();

  // After a password reset the form sends us here with the e-mail: open the sign-in dialog filled in.
  const resetEmail = (location.state as { signInEmail?: string } | null)?.signInEmail;
  useEffect(() => {
    if (!resetEmail) return;
    setSignInEmail(resetEmail);
    setSignInOpen(true);
    // Consumed: a reload or Back does not open it again.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [resetEmail, navigate, location.pathname, location.search]);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const links: NavItem[] = isApproved
    ? [
        ...DEALER_LINKS,
        ...(isAdmin
          ? [
              { to: '/admin', label: 'Admin' },
              { ...INSPECT_LINK, from: '2xl' as const },
            ]
          : []),
      ]
    : user?.status === 'inspector'
      ? [INSPECT_LINK]
      : PUBLIC_LINKS;

  // Any navigation (link, back button, sign-out redirect) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used inside.
  useEffect(() => setMenuOpen(false), [pathname]);

  // Escape closes the menu and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const authButton = (onDone?: () => void) =>
    user ? (
      <Suspense fallback={<span className="inline-block h-11 w-28" />}>
        <SignOutButton onDone={onDone} />
      </Suspense>
    ) : (
      <button
        type="button"
        className={linkButton.primary}
        onClick={() => {
          onDone?.();
          setSignInOpen(true);
        }}
      >
        Sign In
      </button>
    );

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="shrink-0 rounded-md" aria-label={`${site.name} home`}>
          <Logo name={site.name} />
        </Link>
        <nav aria-label="Main" className="hidden shrink-0 items-center gap-0.5 lg:flex">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              className={(state) => `${navClass(state)} ${l.from ? IN_BAR_FROM[l.from] : ''}`}
            >
              {l.label}
            </NavLink>
          ))}
          {isApproved &&
            (desktopNav ? (
              <Suspense fallback={<MoreMenuPlaceholder />}>
                <MoreMenu bar={links} />
              </Suspense>
            ) : (
              <MoreMenuPlaceholder />
            ))}
        </nav>
        {/* The rest of the row: the signed-in name and company take what the bar leaves (truncated only past it). */}
        <div className="hidden min-w-0 flex-1 items-center justify-end gap-3 lg:flex">
          {user && <WhoIsSignedIn name={user.name} company={user.companyName} />}
          {!user && (
            <Link to="/apply" className="text-sm font-semibold text-brand-700 hover:underline">
              Apply as a Dealer
            </Link>
          )}
          {authButton()}
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-brand-800 hover:bg-muted lg:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <X className="size-6" /> : <Menu className="size-6" />}
        </button>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-border bg-card px-4 pb-4 shadow-lg lg:hidden"
        >
          {user && (
            <div className="border-b border-border py-3">
              <WhoIsSignedIn name={user.name} company={user.companyName} />
            </div>
          )}
          <ul className="flex flex-col gap-1 pt-2">
            {[...links, ...(isApproved ? [...DEALER_TOOL_LINKS, ...PUBLIC_LINKS] : [])].map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={mobileNavClass} onClick={() => setMenuOpen(false)}>
                  {l.label}
                </NavLink>
              </li>
            ))}
            {!user && (
              <li>
                <NavLink to="/apply" className={mobileNavClass} onClick={() => setMenuOpen(false)}>
                  Apply as a Dealer
                </NavLink>
              </li>
            )}
          </ul>
          <div className="mt-3 border-t border-border pt-3 [&_button]:w-full">
            {authButton(() => setMenuOpen(false))}
          </div>
        </nav>
      )}
      <LazySignInDialog open={signInOpen} email={signInEmail} onClose={() => setSignInOpen(false)} />
    </header>
  );
}

/** "Signed in as" name and company, so a shared office computer shows whose account is open. */
function WhoIsSignedIn({ name, company }: { name: string; company: string }) {
  return (
    <p className="min-w-0 text-sm leading-tight" data-testid="signed-in-as">
      <span className="sr-only">Signed in as </span>
      <span className="block truncate font-semibold" title={name}>
        {name}
      </span>
      {company && (
        <span className="block truncate text-muted-foreground" title={company}>
          {company}
        </span>
      )}
    </p>
  );
}
