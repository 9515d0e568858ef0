import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, patch, post } from '@/lib/api';

export interface SendResult {
  emailsSent: number;
  message?: string;
}

export function useSendBrandNotifications() {
  return useMutation({
    mutationFn: (brand: string) => post<SendResult>('/api/admin/notifications/brand', { brand }),
  });
}

export function useSendDailyNotifications() {
  return useMutation({ mutationFn: () => post<SendResult>('/api/admin/notifications/daily') });
}

const prefsKey = ['me', 'notifications'] as const;

export function useEmailNotifications() {
  return useQuery({
    queryKey: prefsKey,
    queryFn: ({ signal }) => get<{ emailNotifications: boolean }>('/api/me/notifications', signal),
    select: (d) => d.emailNotifications,
  });
}

export function useSetEmailNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      patch<{ emailNotifications: boolean }>('/api/me/notifications', { emailNotifications: on }),
    onSuccess: (data) => qc.setQueryData(prefsKey, data),
  });
}

export function useUnsubscribeCheck(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) =>
      get<{ valid: boolean }>(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => post<{ unsubscribed: true }>('/api/notifications/unsubscribe', { token }),
  });
}
