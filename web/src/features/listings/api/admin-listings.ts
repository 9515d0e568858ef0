import type { AdminListingRow, ListingBody } from '@domain/listing-schemas';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiUrl, csrfToken } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';
import { listingKeys } from './listings';

export type { AdminListingRow, ListingBody };

export interface DeleteOutcome {
  outcome: 'deleted' | 'archived';
  offerCount: number;
  message: string;
}

export function useAdminListings(f: { q?: string; status?: string }) {
  return useInfiniteQuery({
    queryKey: listingKeys.admin(f),
    queryFn: ({ pageParam, signal }) =>
      api.GET('/api/admin/listings', {
        // The status filter is a select's value; the server refuses one it does not know.
        params: { query: { q: f.q, status: f.status as never, cursor: pageParam } },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}

/**
 * The farmer's town, state, ZIP and phone for a draft their accepted offer made (null for any other listing):
 * what "Use the farmer's yard: Ames, IA" fills in.
 */
export function useFarmerYard(id: string) {
  return useQuery({
    queryKey: [...listingKeys.detail(id), 'farmer-yard'],
    queryFn: async ({ signal }) => {
      try {
        return await api.GET('/api/admin/listings/{id}/farmer-yard', { params: { path: { id } }, signal });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });
}

/** Every listing query (inventory, detail, admin) is refreshed after a change. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: listingKeys.all });
}

/** Where a listing's pictures are managed: the admin's routes, or a dealer's own listing. */
export type ImageBase = '/api/admin/listings' | '/api/my-listings';

export function useListingMutations(base: ImageBase = '/api/admin/listings') {
  const invalidate = useInvalidate();
  const opts = { onSettled: invalidate };
  return {
    create: useMutation({
      mutationFn: (body: ListingBody) => api.POST('/api/listings', { body }),
      ...opts,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ListingBody }) =>
        api.PATCH('/api/admin/listings/{id}', { params: { path: { id } }, body }),
      ...opts,
    }),
    setStatus: useMutation({
      mutationFn: ({ id, status }: { id: string; status: 'active' | 'inactive' }) =>
        api.POST('/api/admin/listings/{id}/status', { params: { path: { id } }, body: { status } }),
      ...opts,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.DELETE('/api/admin/listings/{id}', { params: { path: { id } } }),
      ...opts,
    }),
    restore: useMutation({
      mutationFn: (id: string) => api.POST('/api/admin/listings/{id}/restore', { params: { path: { id } } }),
      ...opts,
    }),
    samples: useMutation({
      mutationFn: () => api.POST('/api/admin/listings/samples'),
      ...opts,
    }),
    reorder: useMutation({
      mutationFn: ({ id, imageIds }: { id: string; imageIds: string[] }) =>
        api.PUT(`${base}/{id}/images/order`, { params: { path: { id } }, body: { imageIds } }),
      ...opts,
    }),
    setPrimary: useMutation({
      mutationFn: ({ id, imageId }: { id: string; imageId: string }) =>
        api.POST(`${base}/{id}/images/{imageId}/primary`, { params: { path: { id, imageId } } }),
      ...opts,
    }),
    removeImage: useMutation({
      mutationFn: ({ id, imageId }: { id: string; imageId: string }) =>
        api.DELETE(`${base}/{id}/images/{imageId}`, { params: { path: { id, imageId } } }),
      ...opts,
    }),
    invalidate,
  };
}

/** The admin's review of a dealer's listing (docs/product/dealer-selling.md#admin-review). */
export function useReviewMutations() {
  const invalidate = useInvalidate();
  return {
    approve: useMutation({
      mutationFn: ({ id, asIsReason }: { id: string; asIsReason?: string }) =>
        api.POST('/api/admin/listings/{id}/approve', { params: { path: { id } }, body: { asIsReason } }),
      onSettled: invalidate,
    }),
    requestChanges: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api.POST('/api/admin/listings/{id}/request-changes', { params: { path: { id } }, body: { reason } }),
      onSettled: invalidate,
    }),
  };
}

/** One file per request through XMLHttpRequest, which reports upload progress (fetch does not). */
export function uploadImage(
  listingId: string,
  file: File,
  onProgress: (fraction: number) => void,
  base: ImageBase = '/api/admin/listings',
) {
  return new Promise<{ id: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`${base}/{id}/images`, { id: listingId }));
    xhr.setRequestHeader('x-csrf-token', csrfToken());
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: { id?: string; error?: { code: string; message: string } } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status === 201 && body?.id) resolve({ id: body.id });
      else
        reject(
          new ApiError(
            xhr.status,
            body?.error?.code ?? 'INTERNAL',
            body?.error?.message ?? 'Upload failed. Please try again.',
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error. Please check your connection.'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
