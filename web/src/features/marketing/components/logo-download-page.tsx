import { Download } from 'lucide-react';
import { Page } from '@/components/layout/app-layout';
import { useSite } from '@/features/site';

const VERSIONS = [
  {
    title: 'For light backgrounds',
    preview: '/fieldlot-logo.svg',
    ground: 'bg-white',
    files: [
      { href: '/fieldlot-logo.svg', label: 'SVG (vector)' },
      { href: '/fieldlot-logo.png', label: 'PNG (960 × 256)' },
    ],
  },
  {
    title: 'For dark backgrounds',
    preview: '/fieldlot-logo-dark.svg',
    ground: 'bg-brand-900',
    files: [
      { href: '/fieldlot-logo-dark.svg', label: 'SVG (vector)' },
      { href: '/fieldlot-logo-dark.png', label: 'PNG (960 × 256)' },
    ],
  },
];

/** docs/product/public-site.md#logo-download: shows the logo and how to save it; real SVG and PNG files live in web/public. */
export function LogoDownloadPage() {
  const site = useSite();
  return (
    <Page>
      <title>{`Logo Download | ${site.name}`}</title>
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">{site.name} logo</h1>
      <p className="mt-3 max-w-2xl text-lg text-gray-700">
        Dealers and partners may use our logo to show that they buy and sell on {site.name}, for example on
        their website or in their showroom.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {VERSIONS.map((v) => (
          <section
            key={v.title}
            className="overflow-hidden rounded-lg border border-border bg-card shadow-sm"
          >
            <div className={`flex h-48 items-center justify-center p-8 ${v.ground}`}>
              <img
                src={v.preview}
                alt={`${site.name} logo, ${v.title.toLowerCase()}`}
                className="max-h-24 w-auto"
              />
            </div>
            <div className="border-t border-border p-5">
              <h2 className="text-lg font-bold text-brand-900">{v.title}</h2>
              <ul className="mt-3 flex flex-wrap gap-3">
                {v.files.map((f) => (
                  <li key={f.href}>
                    <a
                      href={f.href}
                      download
                      className="inline-flex h-11 items-center gap-2 rounded-md border border-border bg-card px-4 text-sm font-semibold text-brand-800 hover:bg-muted"
                    >
                      <Download className="size-4" aria-hidden="true" /> Download {f.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ))}
      </div>
      <section aria-labelledby="how-to-save" className="mt-10 max-w-3xl">
        <h2 id="how-to-save" className="text-2xl font-bold text-brand-900">
          How to save the logo
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-gray-800">
          <li>
            Click a <strong>Download</strong> button above. The file is saved to your Downloads folder.
          </li>
          <li>
            On a phone or tablet, press and hold the logo image, then choose <strong>Save image</strong> (or{' '}
            <strong>Add to Photos</strong>).
          </li>
          <li>
            On a computer you can also right-click the logo image and choose <strong>Save image as…</strong>.
          </li>
          <li>
            Use the <strong>SVG</strong> file for print and signs (it stays sharp at any size) and the{' '}
            <strong>PNG</strong> file for e-mail, documents and social media.
          </li>
        </ol>
        <h2 className="mt-8 text-2xl font-bold text-brand-900">Using the logo</h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-gray-800">
          <li>Leave clear space around the logo at least as wide as the tractor wheel.</li>
          <li>Do not stretch, recolor or add effects to it.</li>
          <li>Use the dark-background version on photos and dark colors.</li>
        </ul>
      </section>
    </Page>
  );
}
