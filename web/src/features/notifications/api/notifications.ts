import { useMutation, useQuery } from '@tanstack/react-query';
import { get, post } from '@/lib/api';

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
