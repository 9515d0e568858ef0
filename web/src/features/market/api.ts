import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function useAdminMarket() {
  return useQuery({
    queryKey: ['admin', 'market'],
    queryFn: ({ signal }) => api.GET('/api/admin/market', { signal }),
  });
}
