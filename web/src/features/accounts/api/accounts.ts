import type {
  AccountProfile,
  ApplicationsAnswer,
  ApplyBody,
  BrandPreference,
  BrandsResponse,
  ChangeStatusResponse,
  MessageResponse,
  StatusAction,
  UpdateProfileBody,
} from '@domain/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, patch, post } from '@/lib/api';

export const applyRequest = (body: ApplyBody) => post<MessageResponse>('/api/users/apply', body);

const accountKey = ['account', 'me'] as const;
const brandsKey = ['account', 'brands'] as const;
export const applicationsKey = ['admin', 'users'] as const;

export const useMyAccount = () =>
  useQuery({ queryKey: accountKey, queryFn: () => get<AccountProfile>('/api/users/me') });

export function useUpdateMyAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => patch<AccountProfile>('/api/users/me', body),
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
    queryFn: () => get<BrandsResponse>('/api/users/me/brands').then((r) => r.brands),
  });

export function useAddBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (brandName: string) => post<BrandsResponse>('/api/users/me/brands', { brandName }),
    onSuccess: (data) => qc.setQueryData(brandsKey, data.brands),
  });
}

export function useRemoveBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (brandName: string) => del<void>(`/api/users/me/brands/${encodeURIComponent(brandName)}`),
    onSuccess: (_d, brandName) =>
      qc.setQueryData<BrandPreference[]>(brandsKey, (old) => old?.filter((b) => b.brandName !== brandName)),
  });
}

export const useApplications = () =>
  useQuery({ queryKey: applicationsKey, queryFn: () => get<ApplicationsAnswer>('/api/admin/users') });

export function useChangeStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; status: StatusAction }) =>
      patch<ChangeStatusResponse>(`/api/admin/users/${v.userId}/status`, { status: v.status }),
    onSettled: () => qc.invalidateQueries({ queryKey: applicationsKey }),
  });
}
