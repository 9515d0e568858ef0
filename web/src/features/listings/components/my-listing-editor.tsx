import { CREATE_LISTING_TEXTS, SELLER_EDITABLE_STAGES, STAGE_LABEL } from '@domain/dealer-listings';
import type { ListingBody } from '@domain/listing-schemas';
import { tractorName } from '@domain/listings';
import { ArrowLeft, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import type { ApiError } from '@/lib/api';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatDollars } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useMyListing, useMyListingMutations, useMyListings } from '../api/my-listings';
import { ImageManager } from './image-manager';
import { ListingForm } from './listing-form';

const fieldsOf = serverFieldErrors;

/**
 * docs/product/dealer-selling.md#listing-as-a-dealer: create (`id` absent) or edit one of the dealer's listings with
 * the admin's own form and photo manager; saved as a Draft, then "Submit for review".
 */
export function MyListingEditor({ id }: { id?: string }) {
  const { user, isApproved, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!user) return <Navigate to="/" replace />;
  if (!isApproved)
    return (
      <Page className="max-w-4xl space-y-6">
        {/* Every page has its h1, a refusal too (docs/accessibility.md). */}
        <h1 className="text-3xl font-bold text-brand-900">My Listings</h1>
        <ErrorState message={CREATE_LISTING_TEXTS.notApproved} />
      </Page>
    );
  return (
    <Page className="max-w-4xl space-y-6">
      <Link to="/my-listings" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
        <ArrowLeft className="size-4" aria-hidden="true" /> My Listings
      </Link>
      {id ? <EditMine id={id} /> : <CreateMine />}
    </Page>
  );
}

function CreateMine() {
  const m = useMyListingMutations();
  const fee = useMyListings().data?.sellerFeeCents;
  const navigate = useNavigate();
  const submit = async (body: ListingBody) => {
    try {
      const { id } = await m.create.mutateAsync(body);
      toast.success(CREATE_LISTING_TEXTS.created);
      navigate(`/my-listings/${id}`);
    } catch (err) {
      const fields = fieldsOf(err);
      if (fields) return fields;
      const e = err as ApiError;
      toast.error([401, 403, 404].includes(e.status) ? e.message : CREATE_LISTING_TEXTS.failed(e.message));
    }
  };
  return (
    <>
      <div>
        <h1 className="text-3xl font-bold text-brand-900">List a Tractor</h1>
        <p className="text-muted-foreground">
          Saved as a draft. Add photos next, then submit it for review; FieldLot checks it before it goes
          live.
        </p>
      </div>
      {fee === undefined ? (
        <Skeleton className="h-96" />
      ) : (
        <ListingForm
          submitLabel="Save Draft"
          onSubmit={submit}
          seller={{ feeCents: fee, floorPriceCents: null }}
        />
      )}
    </>
  );
}

function EditMine({ id }: { id: string }) {
  const query = useMyListing(id);
  const m = useMyListingMutations();
  // A refused submit's field messages (a missing yard), shown under the form's fields as well as in the toast.
  const [refused, setRefused] = useState<Record<string, string> | null>(null);
  if (query.isPending) return <Skeleton className="h-96" />;
  if (query.isError)
    return (
      <>
        <h1 className="text-3xl font-bold text-brand-900">My Listings</h1>
        <ErrorState message="Failed to load your listing" onRetry={() => query.refetch()} />
      </>
    );
  const d = query.data;
  const listing = d.listing;
  const editable = SELLER_EDITABLE_STAGES.includes(d.stage);
  const submit = async (body: ListingBody) => {
    try {
      await m.update.mutateAsync({ id, body });
      setRefused(null);
      toast.success('Draft saved');
    } catch (err) {
      const fields = fieldsOf(err);
      if (fields) return fields;
      toast.error((err as Error).message);
    }
  };
  const submitForReview = () =>
    m.step.mutate(
      { id, action: 'submit' },
      {
        onSuccess: () => {
          setRefused(null);
          toast.success('Submitted for review');
        },
        onError: (e) => {
          toast.error(e.message);
          setRefused(fieldsOf(e) ?? null);
        },
      },
    );
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">{tractorName(listing)}</h1>
          <p className="text-muted-foreground">
            Status: <strong data-testid="stage">{STAGE_LABEL[d.stage]}</strong> · Seller fee{' '}
            {formatDollars(d.sellerFeeCents)}
          </p>
        </div>
        {d.stage === 'draft' && (
          <Button onClick={submitForReview} disabled={m.step.isPending}>
            <Send aria-hidden="true" /> Submit for review
          </Button>
        )}
      </div>
      {d.changeRequestReason && (d.stage === 'draft' || d.stage === 'changes_requested') && (
        <Card className="border-orange-300 bg-orange-50 p-4 text-sm" role="note">
          <strong>FieldLot asks for changes:</strong> {d.changeRequestReason}
        </Card>
      )}
      {refused && (
        <Card
          className="border-red-300 bg-red-50 p-4 text-sm text-red-900"
          role="alert"
          data-testid="submit-refused"
        >
          <p className="font-semibold">Not submitted: fill in these fields below, save, then submit again.</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(refused).map(([field, message]) => (
              <li key={field}>
                <a className="inline-flex min-h-6 items-center underline" href={`#lf-${field}`}>
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {editable ? (
        <>
          <ImageManager listingId={id} base="/api/my-listings" />
          <ListingForm
            key={d.stage}
            listing={listing}
            submitLabel="Save Draft"
            onSubmit={submit}
            seller={{ feeCents: d.sellerFeeCents, floorPriceCents: d.floorPriceCents }}
            fieldErrors={refused}
          />
        </>
      ) : (
        <p className="rounded-md border border-border bg-muted p-3 text-sm">
          {d.stage === 'in_review'
            ? 'FieldLot is reviewing this listing; you can edit it again if changes are requested.'
            : 'This listing cannot be edited now. Withdraw a live listing from My Listings to change it.'}
        </p>
      )}
    </>
  );
}
