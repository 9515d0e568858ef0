import type { ListingSpecs, ListingStatus } from '@domain/listings';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { get, qs } from '@/lib/api';

export interface CardImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface ListingCardData {
  id: string;
  make: string;
  model: string;
  year: number;
  hours: number;
  location: string;
  condition: string;
  image: CardImage | null;
  /** null for signed-out visitors: the server never sends them a price. */
  priceCents: number | null;
  /** The condition report's grade (1.0 to 5.0); null until one is published. */
  grade: number | null;
  /** "Sold as-is, not inspected". */
  asIs: boolean;
}

export interface InventoryPage {
  items: ListingCardData[];
  /** All matches; only the first page carries it (later pages answer -1). */
  total: number;
  nextCursor: string | null;
  brands: string[];
}

export interface ListingImage extends CardImage {
  id: string;
  isPrimary: boolean;
}

export interface ListingDetail {
  id: string;
  make: string;
  model: string;
  year: number;
  hours: number;
  priceCents: number | null;
  location: string;
  condition: string;
  description: string;
  transmission: string | null;
  frontLoader: boolean;
  otherInfo: string | null;
  status: ListingStatus;
  createdAt: string;
  grade: number | null;
  /** An admin's reason for "Sold as-is, not inspected". */
  asIsReason: string | null;
  specs: ListingSpecs;
  images: ListingImage[];
}

/** Filters as the API takes them (prices in cents). */
export interface ListingFilters {
  q?: string;
  brand?: string;
  yearMin?: number;
  yearMax?: number;
  hoursMax?: number;
  priceMin?: number;
  priceMax?: number;
  condition?: string[];
  state?: string;
  /** "Grade at least" (1.0 to 5.0). */
  gradeMin?: number;
  sort?: string;
}

export const listingKeys = {
  all: ['listings'] as const,
  inventory: (scope: 'dealer' | 'public', f: ListingFilters) => ['listings', 'inventory', scope, f] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
  admin: (f: { q?: string; status?: string }) => ['listings', 'admin', f] as const,
};

function filterQuery({ condition, ...rest }: ListingFilters, cursor?: string) {
  return qs({ ...rest, condition: condition?.join(','), cursor });
}

/** The inventory, 24 cards a page; the count and brands come with the first page. */
export function useInventory(filters: ListingFilters, scope: 'dealer' | 'public' = 'dealer') {
  const path = scope === 'dealer' ? '/api/listings' : '/api/listings/public';
  return useInfiniteQuery({
    queryKey: listingKeys.inventory(scope, filters),
    queryFn: ({ pageParam, signal }) =>
      get<InventoryPage>(`${path}${filterQuery(filters, pageParam)}`, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}

export function useListing(id: string | undefined) {
  return useQuery({
    queryKey: listingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => get<ListingDetail>(`/api/listings/${id}`, signal),
    enabled: Boolean(id),
    retry: (count, err) =>
      (err as { status?: number }).status !== 404 && (err as { status?: number }).status !== 400 && count < 2,
  });
}
