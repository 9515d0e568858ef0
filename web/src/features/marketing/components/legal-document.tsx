import type * as React from 'react';
import { Page } from '@/components/layout/app-layout';

export interface LegalSection {
  id: string;
  title: string;
  body: React.ReactNode;
}

/** A long-form legal page: title, a table of contents, then numbered sections a reader can link to. */
export function LegalDocument({
  title,
  documentTitle,
  updated,
  intro,
  sections,
}: {
  title: string;
  documentTitle: string;
  updated: string;
  intro: React.ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Page className="lg:grid lg:grid-cols-[16rem_1fr] lg:gap-10">
      <title>{documentTitle}</title>
      <header className="lg:col-span-2">
        <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">{title}</h1>
        <p className="mt-2 text-sm font-semibold text-muted-foreground">Last updated: {updated}</p>
      </header>
      <nav
        aria-labelledby="toc-heading"
        className="mt-6 self-start rounded-lg border border-border bg-card p-5 lg:sticky lg:top-24"
      >
        <h2 id="toc-heading" className="text-sm font-bold tracking-wider text-brand-900 uppercase">
          Contents
        </h2>
        <ol className="mt-3 space-y-1.5 text-sm">
          {sections.map((s, i) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-brand-700 underline-offset-4 hover:underline">
                {i + 1}. {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <article className="mt-6 max-w-3xl text-gray-800 [&_li]:mt-1.5 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
        <div className="text-lg">{intro}</div>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} className="mt-10 scroll-mt-24">
            <h2 id={`${s.id}-h`} className="text-2xl font-bold text-brand-900">
              {i + 1}. {s.title}
            </h2>
            {s.body}
          </section>
        ))}
      </article>
    </Page>
  );
}
