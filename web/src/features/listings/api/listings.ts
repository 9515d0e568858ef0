import type { FirstLookCard, InventoryPage, ListingCard, ListingDetail } from '@domain/listing-schemas';
import type { ListingFilters } from '@domain/listing-search';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

// The shapes come from domain/ (the server's routes declare the same schemas).
export type { CardImage, ListingImage } from '@domain/listing-schemas';
export type { InventoryPage, ListingDetail, ListingFilters };
export type ListingCardData = ListingCard;

export const listingKeys = {
  all: ['listings'] as const,
  inventory: (scope: 'dealer' | 'public', f: ListingFilters) => ['listings', 'inventory', scope, f] as const,
  firstLook: (f: ListingFilters) => ['listings', 'first-look', f] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
  admin: (f: { q?: string; status?: string }) => ['listings', 'admin', f] as const,
};

function filterQuery({ condition, ...rest }: ListingFilters, cursor?: string) {
  // The URL's state is any string here; the server answers 400 for one it does not know.
  return { ...rest, state: rest.state as never, condition: condition?.join(','), cursor };
}

/** The inventory, 24 cards a page; the count and brands come with the first page. */
export function useInventory(filters: ListingFilters, scope: 'dealer' | 'public' = 'dealer') {
  return useInfiniteQuery({
    queryKey: listingKeys.inventory(scope, filters),
    queryFn: ({ pageParam, signal }): Promise<InventoryPage> => {
      const init = { params: { query: filterQuery(filters, pageParam) }, signal };
      if (scope === 'dealer') return api.GET('/api/listings', init);
      // Price sorts are the dealers' (the public cards carry no price); the server refuses them here.
      const query = { ...init.params.query, sort: init.params.query.sort as never };
      return api.GET('/api/listings/public', { ...init, params: { query } });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}

/**
 * The tractors whose first look the dealer's dealership holds, matching the same filters: shown above the
 * inventory, which leaves them out while the window runs (docs/product/want-lists.md#first-look). Dealers only.
 */
export function useFirstLookCards(filters: ListingFilters, enabled: boolean) {
  return useQuery({
    queryKey: listingKeys.firstLook(filters),
    queryFn: ({ signal }): Promise<{ items: FirstLookCard[] }> =>
      api.GET('/api/listings/first-look', { params: { query: filterQuery(filters) }, signal }),
    enabled,
    placeholderData: (prev) => prev,
  });
}

export function useListing(id: string | undefined) {
  return useQuery({
    queryKey: listingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.GET('/api/listings/{id}', { params: { path: { id: id ?? '' } }, signal }),
    enabled: Boolean(id),
    retry: (count, err) =>
      (err as { status?: number }).status !== 404 && (err as { status?: number }).status !== 400 && count < 2,
  });
}
