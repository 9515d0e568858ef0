import { tractorName } from '@domain/listings';
import { Clock, Lock, MapPin, Tractor } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AsIsBadge, GradeBadge } from '@/features/inspections';
import { formatDollars, formatHours } from '@/lib/format';
import type { ListingCardData } from '../api/listings';
import { Heart } from './dealer-tools';
import { HoursNotice, ShownConditionBadge } from './shown-condition';

const SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

export function ListingImageBox({
  image,
  alt,
  eager,
  first,
}: {
  image: ListingCardData['image'];
  alt: string;
  eager?: boolean;
  /** The page's first picture, its largest on a phone as it paints (decision 0058). */
  first?: boolean;
}) {
  if (!image)
    return (
      <div className="flex aspect-[4/3] items-center justify-center bg-muted text-muted-foreground">
        <Tractor className="size-14" aria-hidden="true" />
        <span className="sr-only">No photo yet</span>
      </div>
    );
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={SIZES}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
      className="aspect-[4/3] w-full bg-muted object-cover"
    />
  );
}

/** An inventory card. Signed-out visitors get the variant without a price (the server sends none). */
export function ListingCard({
  listing,
  eager,
  first,
  badge,
}: {
  listing: ListingCardData;
  eager?: boolean;
  first?: boolean;
  /** A line above the title: "First look: 2 days left" (docs/product/want-lists.md#first-look). */
  badge?: string | null;
}) {
  const title = `${listing.make} ${listing.model}`;
  const href = `/tractor/${listing.id}`;
  return (
    <Card className="flex flex-col overflow-hidden">
      <div className="relative">
        <ListingImageBox image={listing.image} alt={tractorName(listing)} eager={eager} first={first} />
        <ShownConditionBadge
          grade={listing.grade}
          condition={listing.condition}
          className="absolute left-3 top-3 shadow-sm"
        />
        <GradeBadge grade={listing.grade} className="absolute right-3 top-3 shadow-sm" />
        {listing.asIs && <AsIsBadge className="absolute right-3 top-3 shadow-sm" />}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          {badge && (
            <p className="mb-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
              <Clock className="size-3.5" aria-hidden="true" />
              {badge}
            </p>
          )}
          <div className="flex items-start justify-between gap-2">
            <h3 className="text-lg font-bold leading-tight">{title}</h3>
            {listing.priceCents !== null && (
              <Heart listingId={listing.id} tractor={tractorName(listing)} className="-mr-1 -mt-1" />
            )}
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            <span className="font-semibold text-foreground">{listing.year}</span>
            <span aria-hidden="true"> · </span>
            <span className="tabular-nums">{formatHours(listing.hours)}</span>
          </p>
          <HoursNotice notice={listing.hoursNotice} className="mt-1" />
          <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {listing.location}
          </p>
        </div>
        <div className="mt-auto flex items-end justify-between gap-3">
          {listing.priceCents === null ? (
            <p className="text-sm">
              <span className="block font-semibold">Price Available</span>
              <span className="flex items-center gap-1 text-muted-foreground">
                <Lock className="size-3.5" aria-hidden="true" /> Dealer Login Required
              </span>
            </p>
          ) : (
            <p className="text-2xl font-extrabold tabular-nums text-brand-800">
              {formatDollars(listing.priceCents)}
            </p>
          )}
          <Button asChild size="sm">
            <Link to={href} aria-label={`View Details: ${tractorName(listing)}`}>
              View Details
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function ListingCardSkeleton() {
  return (
    <Card className="overflow-hidden">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <div className="flex justify-between pt-2">
          <Skeleton className="h-7 w-24" />
          <Skeleton className="h-9 w-28" />
        </div>
      </div>
    </Card>
  );
}

export const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3';
