import { ArrowRight, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { useSite } from '@/features/site';

/** "+1 (302) 555-0147" -> "+13025550147" for the tel: link. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** docs/product/public-site.md#contact: support e-mail, phone and the Dover, Delaware office, all from the operator's configuration. */
export function ContactPage() {
  const site = useSite();
  const channels = [
    {
      icon: Mail,
      title: 'Email support',
      value: site.supportEmail,
      href: `mailto:${site.supportEmail}`,
      note: 'Applications, offers, invoices and anything else. We answer within one business day.',
    },
    {
      icon: Phone,
      title: 'Call us',
      value: site.supportPhone,
      href: telHref(site.supportPhone),
      note: 'Monday to Friday, 8 am to 6 pm Eastern.',
    },
  ];
  return (
    <Page>
      <title>{`Contact | ${site.name}`}</title>
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Contact {site.name}</h1>
      <p className="mt-3 max-w-2xl text-lg text-gray-700">
        Questions about becoming a dealer, an offer, trucking or selling a tractor? Talk to a person who knows
        tractors.
      </p>
      <div className="mt-8 grid gap-5 md:grid-cols-3">
        {channels.map((c) => (
          <section key={c.title} className="rounded-lg border border-border bg-card p-6 shadow-sm">
            <c.icon className="size-7 text-brand-700" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-bold text-brand-900">{c.title}</h2>
            <a
              href={c.href}
              className="mt-1 block text-lg font-semibold break-all text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {c.value}
            </a>
            <p className="mt-2 text-sm text-gray-700">{c.note}</p>
          </section>
        ))}
        <section className="rounded-lg border border-border bg-card p-6 shadow-sm">
          <MapPin className="size-7 text-brand-700" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-bold text-brand-900">Office</h2>
          <address className="mt-1 text-lg font-semibold not-italic text-gray-900">
            {site.name}
            <br />
            {site.officeAddress}
          </address>
          <p className="mt-2 text-sm text-gray-700">
            Our head office in Dover, Delaware. Tractors are never delivered here; we truck them to you.
          </p>
        </section>
      </div>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Link
          to="/apply"
          className="group flex items-center justify-between rounded-lg border border-border bg-brand-50 p-5 font-semibold text-brand-900 hover:border-brand-600"
        >
          Want to buy wholesale? Apply as a dealer
          <ArrowRight className="size-5 transition-transform group-hover:translate-x-1" aria-hidden="true" />
        </Link>
        <Link
          to="/sell-your-tractor"
          className="group flex items-center justify-between rounded-lg border border-border bg-gold-50 p-5 font-semibold text-brand-900 hover:border-gold-500"
        >
          Have a tractor to sell? Get a quick offer
          <ArrowRight className="size-5 transition-transform group-hover:translate-x-1" aria-hidden="true" />
        </Link>
      </div>
    </Page>
  );
}
