import { Lock } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth/api/session';
import { LazySignInDialog } from '@/features/auth/components/lazy-sign-in-dialog';
import { useLiveEvents } from '@/lib/live-events';
import { OfferDialog, type OfferListing } from './offer-dialog';
import { useOfferDialogRequests } from './offer-dialog-bus';

export { OfferHistory } from './offer-history';

/**
 * The offer panel of the tractor detail page (SPEC.md "Offer panel"): Make Offer for approved dealers;
 * "Pending Approval" for signed-in users who are not approved; "Dealer Login Required" (opens the sign-in
 * dialog) for visitors. A sold listing takes no offers.
 */
export function OfferPanel({ listing }: { listing: OfferListing & { status?: string } }) {
  const { user, isLoading, isApproved } = useSession();
  const [offerOpen, setOfferOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const openOffer = useCallback(() => setOfferOpen(true), []);
  useOfferDialogRequests(listing.id, openOffer);
  useLiveEvents(isApproved);

  if (isLoading) return <Skeleton className="h-11 w-full" />;

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

  if (listing.status === 'sold') {
    return (
      <p
        className="rounded-md border border-border bg-muted p-3 text-sm font-semibold"
        data-testid="offer-panel"
      >
        This tractor has been sold.
      </p>
    );
  }

  return (
    <div className="grid gap-2" data-testid="offer-panel">
      <Button size="lg" variant="accent" className="w-full text-base" onClick={openOffer}>
        Make Offer
      </Button>
      <OfferDialog listing={listing} open={offerOpen} onClose={() => setOfferOpen(false)} />
    </div>
  );
}
