import { Page } from '@/components/layout/app-layout';
import { LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth/api/session';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { InventoryBrowser } from '@/features/listings/components/inventory-browser';
import { PageTitle } from '@/features/site';

/** docs/product/listings.md#browse-listings: signed-out, pending and approved states. */
function Screen() {
  const { user, isLoading, isApproved } = useSession();
  return (
    <Page className="space-y-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Browse Listings</h1>
      {isLoading ? (
        <LoadingState text="Loading listings..." />
      ) : !user ? (
        <p className="rounded-lg border border-border bg-card p-6 text-lg">
          Please sign in to browse our exclusive tractor inventory.
        </p>
      ) : !isApproved ? (
        <p className="rounded-lg border border-gold-500 bg-gold-100 p-6 text-lg">
          Your account is pending approval. You'll be able to browse listings once approved.
        </p>
      ) : (
        <InventoryBrowser loadingText="Loading listings..." />
      )}
      {/* The daily and brand e-mails link here: a signed-out reader is asked to sign in, and stays. */}
      <SignInPrompt />
    </Page>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Browse Listings" />
      <Screen />
    </>
  );
}
