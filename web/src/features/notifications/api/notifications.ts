import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

export interface SendResult {
  emailsSent: number;
  message?: string;
}

export function useSendBrandNotifications() {
  return useMutation({
    mutationFn: (brand: string) => api.POST('/api/admin/notifications/brand', { body: { brand } }),
  });
}

export function useSendDailyNotifications() {
  return useMutation({ mutationFn: () => api.POST('/api/admin/notifications/daily') });
}

export function useUnsubscribeCheck(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) =>
      api.GET('/api/notifications/unsubscribe', { params: { query: { token } }, signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => api.POST('/api/notifications/unsubscribe', { body: { token } }),
  });
}
