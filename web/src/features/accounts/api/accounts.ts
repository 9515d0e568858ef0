import type { ListingBrand } from '@domain/brands';
import type { ApplyBody, BrandPreference, StatusAction, UpdateProfileBody } from '@domain/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

export const applyRequest = (body: ApplyBody) => api.POST('/api/users/apply', { body });

const accountKey = ['account', 'me'] as const;
const brandsKey = ['account', 'brands'] as const;
export const applicationsKey = ['admin', 'users'] as const;

export const useMyAccount = () => useQuery({ queryKey: accountKey, queryFn: () => api.GET('/api/users/me') });

export function useUpdateMyAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.PATCH('/api/users/me', { body }),
    onSuccess: (data) => {
      qc.setQueryData(accountKey, data);
      // The header and status page read the name from the session.
      void qc.invalidateQueries({ queryKey: ['session'] });
    },
  });
}

export const useMyBrands = () =>
  useQuery({
    queryKey: brandsKey,
    queryFn: () => api.GET('/api/users/me/brands').then((r) => r.brands),
  });

export function useAddBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (brandName: ListingBrand) => api.POST('/api/users/me/brands', { body: { brandName } }),
    onSuccess: (data) => qc.setQueryData(brandsKey, data.brands),
  });
}

export function useRemoveBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (brandName: ListingBrand) =>
      api.DELETE('/api/users/me/brands/{brandName}', { params: { path: { brandName } } }),
    onSuccess: (_d, brandName) =>
      qc.setQueryData<BrandPreference[]>(brandsKey, (old) => old?.filter((b) => b.brandName !== brandName)),
  });
}

export const useApplications = () =>
  useQuery({ queryKey: applicationsKey, queryFn: () => api.GET('/api/admin/users') });

export function useChangeStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; status: StatusAction }) =>
      api.PATCH('/api/admin/users/{userId}/status', {
        params: { path: { userId: v.userId } },
        body: { status: v.status },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: applicationsKey }),
  });
}
