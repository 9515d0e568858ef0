import { sellerDescriptionText, shownCondition } from '@domain/condition-grades';
import { SPEC_FIELDS, tractorName } from '@domain/listings';
import { ArrowLeft, Calendar, Cog, Gauge, MapPin, Truck } from 'lucide-react';
import { type MouseEvent, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { AsIsNotice, ConditionReportSection } from '@/features/inspections';
import { FieldlotValuePanel } from '@/features/market';
import { OfferHistory, OfferPanel } from '@/features/offers';
import { LandedCost } from '@/features/purchases';
import { PageTitle } from '@/features/site';
import { ApiError } from '@/lib/api';
import { formatDollars, formatHours } from '@/lib/format';
import { useListing } from '../api/listings';
import { ConditionBadge } from './condition-badge';
import { Heart, RecordView } from './dealer-tools';
import { ImageGallery } from './image-gallery';

function specValue(key: string, v: string | number | boolean): string {
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (key === 'engineHours' && typeof v === 'number') return formatHours(v);
  return String(v);
}

function BackLink() {
  const location = useLocation();
  const navigate = useNavigate();
  // Going back keeps the search and filters the dealer came from; a shared link falls back to the list.
  const onClick = (e: MouseEvent) => {
    if (location.key !== 'default') {
      e.preventDefault();
      navigate(-1);
    }
  };
  return (
    <Link
      to="/browse-listings"
      onClick={onClick}
      className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to Listings
    </Link>
  );
}

/**
 * The loading page has the loaded page's layout (the back link, the gallery with its thumbnails, the title, year,
 * price, key specifications and offer panel), so nothing moves when the tractor arrives (CLS, decision 0020).
 * The status text is for screen readers only: a visible line that disappears would shift the page.
 */
function TractorDetailSkeleton() {
  return (
    <Page className="space-y-6">
      <BackLink />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <div className="space-y-3">
            <Skeleton className="aspect-[4/3] w-full rounded-lg" />
            <div className="flex gap-2 pb-1">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="aspect-[4/3] w-24 shrink-0 rounded-md sm:w-28" />
              ))}
            </div>
          </div>
        </div>
        <div className="space-y-5 lg:col-span-2 lg:row-span-2">
          <div className="space-y-2">
            <p role="status" className="sr-only">
              Loading tractor details...
            </p>
            <Skeleton className="h-6 w-24 rounded-full" />
            <Skeleton className="h-9 w-3/4" />
            <Skeleton className="h-7 w-16" />
            <Skeleton className="h-10 w-40" />
          </div>
          <Skeleton className="h-[8.5rem] w-full rounded-lg" />
          <Skeleton className="h-11 w-full" />
        </div>
      </div>
    </Page>
  );
}

export function TractorDetail({ id, reportRevision }: { id: string; reportRevision?: number }) {
  // Subscribed so a sign-in on this page (e.g. from an e-mail link) re-renders it and the detail is fetched
  // again as the member sees it (price, or a sold tractor its buyer may see); sign-in drops the cached answer.
  useSession();
  const query = useListing(id);
  if (query.isPending) return <TractorDetailSkeleton />;
  if (query.isError) {
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Page>
        <PageTitle title={missing ? 'Tractor Not Found' : 'Tractor'} />
        {missing ? (
          <div className="mx-auto max-w-lg space-y-4 py-12 text-center">
            <h1 className="text-3xl font-extrabold">Tractor Not Found</h1>
            <p className="text-muted-foreground">
              The tractor you're looking for doesn't exist or has been removed.
            </p>
            <Button asChild>
              <Link to="/browse-listings">Browse All Tractors</Link>
            </Button>
          </div>
        ) : (
          <ErrorState message="Failed to load tractor details" onRetry={() => query.refetch()} />
        )}
      </Page>
    );
  }
  const l = query.data;
  const title = `${l.make} ${l.model}`;
  const specs = SPEC_FIELDS.filter(({ key }) => l.specs[key] !== null && l.specs[key] !== '');
  const keySpecs: [React.ReactNode, string, string][] = [
    [<Gauge key="h" className="size-5" aria-hidden="true" />, 'Hours', formatHours(l.hours)],
    [<MapPin key="l" className="size-5" aria-hidden="true" />, 'Location', l.location],
    ...(l.transmission
      ? [
          [<Cog key="t" className="size-5" aria-hidden="true" />, 'Transmission', l.transmission] as [
            React.ReactNode,
            string,
            string,
          ],
        ]
      : []),
    ...(l.frontLoader
      ? [
          [<Truck key="f" className="size-5" aria-hidden="true" />, 'Front loader', 'Yes'] as [
            React.ReactNode,
            string,
            string,
          ],
        ]
      : []),
  ];

  return (
    <Page className="space-y-6">
      <PageTitle title={tractorName(l)} />
      <BackLink />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ImageGallery images={l.images} title={tractorName(l)} />
        </div>
        <div className="space-y-5 lg:col-span-2 lg:row-span-2">
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <ConditionBadge condition={shownCondition(l.grade, l.condition)} />
              {l.status !== 'active' && (
                <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold uppercase">
                  {l.status}
                </span>
              )}
            </div>
            <div className="flex items-start justify-between gap-3">
              <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
              {l.status === 'active' && <Heart listingId={l.id} tractor={tractorName(l)} withLabel />}
            </div>
            {l.grade !== null && (
              <p className="text-sm text-muted-foreground">{sellerDescriptionText(l.condition)}</p>
            )}
            {l.hoursNotice && (
              <p className="font-semibold text-amber-800" data-testid="hours-notice">
                {l.hoursNotice}
              </p>
            )}
            <RecordView listingId={l.id} live={l.status === 'active'} />
            {typeof l.watchCount === 'number' && (
              <p className="text-sm text-muted-foreground">
                Watched by {l.watchCount} {l.watchCount === 1 ? 'dealer' : 'dealers'}
              </p>
            )}
            {l.asIsReason && <AsIsNotice reason={l.asIsReason} />}
            <p className="flex items-center gap-1.5 text-lg text-muted-foreground">
              <Calendar className="size-5" aria-hidden="true" /> {l.year}
            </p>
            {l.priceCents !== null ? (
              <>
                <p className="text-4xl font-extrabold tabular-nums text-brand-800">
                  {formatDollars(l.priceCents)}
                </p>
                {l.status === 'active' && (
                  <Suspense fallback={null}>
                    <LandedCost listingId={l.id} />
                  </Suspense>
                )}
              </>
            ) : (
              <p className="text-lg font-semibold">
                Price Available <span className="text-muted-foreground">· Dealer Login Required</span>
              </p>
            )}
          </div>
          <Card>
            <h2 className="sr-only">Key specifications</h2>
            <dl className="grid grid-cols-2 gap-4 p-4">
              {keySpecs.map(([icon, label, value]) => (
                <div key={label}>
                  <dt className="flex items-center gap-1.5 text-sm text-muted-foreground">
                    <span className="text-brand-700">{icon}</span>
                    {label}
                  </dt>
                  <dd className="mt-0.5 font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <FieldlotValuePanel listingId={l.id} />
          {l.saleContact && (
            <Card className="p-4" data-testid="sale-contact">
              <h2 className="font-bold">{l.saleContact.role === 'buyer' ? 'Sold to' : 'Bought from'}</h2>
              <p className="mt-1 font-semibold">{l.saleContact.companyName}</p>
              <p className="text-sm">
                {l.saleContact.name} ·{' '}
                <a className="underline" href={`mailto:${l.saleContact.email}`}>
                  {l.saleContact.email}
                </a>
              </p>
            </Card>
          )}
          {/* A dealer never offers on their own tractor (docs/product/dealer-selling.md): no panel for them. */}
          {l.ownListing ? (
            <p
              className="rounded-md border border-border bg-muted p-3 text-sm font-semibold"
              data-testid="own-listing"
            >
              This is your listing. Offers on it appear in{' '}
              <Link className="underline" to="/my-listings">
                My Listings
              </Link>
              .
            </p>
          ) : (
            // The offer panel and dialog belong to the offers feature.
            <OfferPanel
              listing={{
                id: l.id,
                make: l.make,
                model: l.model,
                year: l.year,
                priceCents: l.priceCents,
                status: l.status,
              }}
            />
          )}
        </div>
        {/* The condition report under the gallery (on phones after the price and offer panel). */}
        <div className="lg:col-span-3">
          <ConditionReportSection listingId={l.id} revision={reportRevision} />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {(l.description || l.otherInfo) && (
          <Card className="p-5">
            <h2 className="text-xl font-bold">Additional Information</h2>
            {l.description && <p className="mt-3 whitespace-pre-line">{l.description}</p>}
            {l.otherInfo && <p className="mt-3 whitespace-pre-line text-muted-foreground">{l.otherInfo}</p>}
          </Card>
        )}
        {specs.length > 0 && (
          <Card className="p-5">
            <h2 className="text-xl font-bold">Technical Specifications</h2>
            <dl className="mt-3 divide-y divide-border">
              {specs.map(({ key: k, label }) => (
                <div key={k} className="flex justify-between gap-4 py-2">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right font-semibold">
                    {specValue(k, l.specs[k] as string | number | boolean)}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
        )}
      </div>
      <OfferHistory listingId={l.id} />
    </Page>
  );
}
