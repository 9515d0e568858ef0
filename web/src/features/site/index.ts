// The site feature's public file: other features import only this (the layout still imports use-site.ts).
import { DEFAULT_SITE, type SiteConfig } from '@domain/site';
import { useQuery } from '@tanstack/react-query';
import { createElement } from 'react';
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

/**
 * The browser tab's title: what the page is, then the site's name (WCAG 2.4.2, docs/accessibility.md). One string,
 * never several text nodes: the server moves a page's rendered `<title>` into the document's head whole.
 */
export function PageTitle({ title }: { title: string }) {
  const site = useSite();
  return createElement('title', null, `${title} | ${site.name}`);
}
