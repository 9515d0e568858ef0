import type { ListingBody } from '@domain/listing-schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';
import { listingKeys } from './listings';

export type { MyListing, MyListingDetail, MyListings } from '@domain/dealer-listings-api';

/** docs/product/dealer-selling.md: the dealer's own listings (under 'listings': refreshed with every listing change). */
export const myListingKeys = {
  all: ['listings', 'mine'] as const,
  one: (id: string) => ['listings', 'mine', id] as const,
};

export function useMyListings() {
  return useQuery({
    queryKey: myListingKeys.all,
    queryFn: ({ signal }) => api.GET('/api/my-listings', { signal }),
  });
}

export function useMyListing(id: string | undefined) {
  return useQuery({
    queryKey: myListingKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.GET('/api/my-listings/{id}', { params: { path: { id: id ?? '' } }, signal }),
    enabled: Boolean(id),
  });
}

export function useMyListingMutations() {
  const qc = useQueryClient();
  const onSettled = () => qc.invalidateQueries({ queryKey: listingKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: ListingBody) => api.POST('/api/listings', { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ListingBody }) =>
        api.PATCH('/api/my-listings/{id}', { params: { path: { id } }, body }),
      onSettled,
    }),
    step: useMutation({
      mutationFn: ({ id, action }: { id: string; action: 'submit' | 'withdraw' }) =>
        api.POST(`/api/my-listings/{id}/${action}`, { params: { path: { id } } }),
      onSettled,
    }),
  };
}
