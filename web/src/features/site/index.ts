// The site feature's public file: other features import only this (the layout still imports use-site.ts).
import { DEFAULT_SITE, type SiteConfig } from '@domain/site';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Operator-configured brand facts (name, support e-mail, phone, office, copyright year). */
export function useSite(): SiteConfig {
  const { data } = useQuery({
    queryKey: ['site'],
    queryFn: () => api.GET('/api/site'),
    staleTime: Infinity,
  });
  return data ?? DEFAULT_SITE;
}
