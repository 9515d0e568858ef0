import type { UserStatus } from '@domain/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, patch, post } from '@/lib/api';

export interface MyAccount {
  id: string;
  name: string;
  email: string;
  companyName: string;
  status: UserStatus;
  emailNotifications: boolean;
}
export interface BrandPreference {
  id: string;
  brandName: string;
}
export interface Application {
  id: string;
  name: string;
  email: string;
  companyName: string;
  desiredBrand1: string | null;
  status: UserStatus;
  createdAt: string;
  actions: Array<'approved' | 'rejected'>;
}
export interface ApplicationsAnswer {
  users: Application[];
  counts: { total: number; pending: number; rejected: number; approved: number; admins: number };
}

export const applyRequest = (body: {
  name: string;
  email: string;
  password: string;
  companyName: string;
  brands: string[];
}) => post<{ message: string }>('/api/users/apply', body);

const accountKey = ['account', 'me'] as const;
const brandsKey = ['account', 'brands'] as const;
export const applicationsKey = ['admin', 'users'] as const;

export const useMyAccount = () =>
  useQuery({ queryKey: accountKey, queryFn: () => get<MyAccount>('/api/users/me') });

export function useUpdateMyAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; companyName: string; emailNotifications?: boolean }) =>
      patch<MyAccount>('/api/users/me', body),
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
    queryFn: () => get<{ brands: BrandPreference[] }>('/api/users/me/brands').then((r) => r.brands),
  });

export function useAddBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (brandName: string) =>
      post<{ brands: BrandPreference[] }>('/api/users/me/brands', { brandName }),
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
    mutationFn: (v: { userId: string; status: 'approved' | 'rejected' }) =>
      patch<{ id: string; status: UserStatus }>(`/api/admin/users/${v.userId}/status`, { status: v.status }),
    onSettled: () => qc.invalidateQueries({ queryKey: applicationsKey }),
  });
}
