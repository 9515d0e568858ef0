import { Lock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { LazySignInDialog, useSession } from '@/features/auth';
import type { OfferListing } from './offer-dialog';

// The dealer's panel (offer dialog, react-hook-form, zod) and history are chunks of their own: visitors and
// applicants never load them (decision 0020).
const DealerOfferPanel = lazy(() => import('./offer-panel').then((m) => ({ default: m.DealerOfferPanel })));
const DealerOfferHistory = lazy(() => import('./offer-history').then((m) => ({ default: m.OfferHistory })));

/** Holds the panel's place while the session or the dealer's chunk loads (the same height as the button). */
const panelPlaceholder = <Skeleton className="h-11 w-full" />;

/**
 * The offer panel of the tractor detail page (docs/product/offers.md#offer-panel): Make Offer for approved dealers;
 * "Pending Approval" for signed-in users who are not approved; "Dealer Login Required" (opens the sign-in
 * dialog) for visitors.
 */
export function OfferPanel({ listing }: { listing: OfferListing & { status?: string } }) {
  const { user, isLoading, isApproved } = useSession();
  const [signInOpen, setSignInOpen] = useState(false);

  if (isLoading) return panelPlaceholder;

  if (!user) {
    return (
      <div className="grid gap-2" data-testid="offer-panel">
        <p className="text-sm text-muted-foreground">Sign in to make offers</p>
        <Button variant="outline" size="lg" className="w-full" onClick={() => setSignInOpen(true)}>
          <Lock aria-hidden="true" />
          Dealer Login Required
        </Button>
        <LazySignInDialog open={signInOpen} onClose={() => setSignInOpen(false)} />
      </div>
    );
  }

  if (!isApproved) {
    return (
      <div className="grid gap-2" data-testid="offer-panel">
        <p className="text-sm text-muted-foreground">Account approval required to make offers</p>
        <Button size="lg" className="w-full" disabled>
          Pending Approval
        </Button>
      </div>
    );
  }

  return (
    <Suspense fallback={panelPlaceholder}>
      <DealerOfferPanel listing={listing} />
    </Suspense>
  );
}

/** "Your Offer History" (approved dealers only): loaded only for them. */
export function OfferHistory({ listingId }: { listingId: string }) {
  const { isApproved } = useSession();
  if (!isApproved) return null;
  return (
    <Suspense fallback={null}>
      <DealerOfferHistory listingId={listingId} />
    </Suspense>
  );
}
