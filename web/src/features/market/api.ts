import type { ImportSource } from '@domain/sale-import';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function useAdminMarket() {
  return useQuery({
    queryKey: ['admin', 'market'],
    queryFn: ({ signal }) => api.GET('/api/admin/market', { signal }),
  });
}

/** FieldLot Value of a listing's tractor (dealers and admins; docs/product/fieldlot-value.md). */
export function useListingValue(listingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['market', 'value', 'listing', listingId],
    queryFn: ({ signal }) =>
      api.GET('/api/market/listings/{listingId}/value', { params: { path: { listingId } }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** A tractor described by hand: what `GET /api/market/value` takes. */
export interface ValueLookup {
  make: string;
  model: string;
  year: number;
  hours: number;
  grade?: number;
  state?: string;
  /** A front loader with the tractor. */
  loader?: 'yes' | 'no';
  askingCents?: number;
}

/** FieldLot Value of a tractor described by hand (listing form, the admin's inquiry and review queue). */
export function useValueQuery(query: ValueLookup | null) {
  return useQuery({
    queryKey: ['market', 'value', query],
    queryFn: ({ signal }) =>
      api.GET('/api/market/value', {
        params: { query: query as ValueLookup },
        signal,
      }),
    enabled: query !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useMarketIndex() {
  return useQuery({
    queryKey: ['market', 'index'],
    queryFn: ({ signal }) => api.GET('/api/market', { signal }),
    staleTime: 60_000,
  });
}

export function useMarketFamily(make: string, family: string) {
  return useQuery({
    queryKey: ['market', 'family', make.toLowerCase(), family.toLowerCase()],
    queryFn: ({ signal }) =>
      api.GET('/api/market/{make}/{family}', { params: { path: { make, family } }, signal }),
    staleTime: 60_000,
  });
}

/** Sends a sale file as text/csv (docs/product/sale-imports.md): the preview writes nothing. */
export function previewSaleFile(text: string, source: ImportSource) {
  return api.POST('/api/admin/market/sale-imports/preview', {
    params: { query: { source } },
    body: text,
    bodySerializer: (b: string) => b,
    headers: { 'content-type': 'text/csv' },
  });
}

/** Imports the file's good rows; `importId` lets the progress bar ask how far it has gone. */
export function importSaleFile(text: string, source: ImportSource, importId: string) {
  return api.POST('/api/admin/market/sale-imports', {
    params: { query: { source, importId } },
    body: text,
    bodySerializer: (b: string) => b,
    headers: { 'content-type': 'text/csv' },
  });
}

export function saleImportProgress(importId: string) {
  return api.GET('/api/admin/market/sale-imports/{importId}/progress', { params: { path: { importId } } });
}
