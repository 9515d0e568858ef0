import { Link } from 'react-router';
import {
  ArrowRightIcon as ArrowRight,
  BadgeCheckIcon as BadgeCheck,
  ClockIcon as Clock,
  HandCoinsIcon as HandCoins,
  HandshakeIcon as Handshake,
  LandmarkIcon as Landmark,
  ShieldCheckIcon as ShieldCheck,
  ShoppingCartIcon as ShoppingCart,
  SproutIcon as Sprout,
  TractorIcon as Tractor,
  TruckIcon as Truck,
} from '@/components/layout/icons';
import { linkButton } from '@/components/layout/link-styles';
import { useSite } from '@/features/site';
import { InspectionCard } from './inspection-card';
import { TractorIllustration } from './tractor-illustration';

const FACTS = [
  { value: '40+', label: 'finance, rental and leasing companies supplying off-lease stock' },
  { value: '110-point', label: 'inspection with a condition report on every tractor' },
  { value: '24-48 hours', label: 'to hear back on your dealer application' },
  { value: 'Across the US', label: 'trucking arranged to the location you choose' },
];

const PILLARS = [
  {
    icon: ShoppingCart,
    title: 'Buying',
    lead: 'Wholesale stock, ready to retail',
    text: 'Search used tractors by make, model, hours and state, then make an offer or buy now at dealer (wholesale) prices, from the office or the yard.',
  },
  {
    icon: HandCoins,
    title: 'Selling',
    lead: 'Move trade-ins and aged units',
    text: 'Reach vetted dealers across the US instead of one local buyer. We handle the paperwork, title transfer and trucking.',
  },
  {
    icon: Handshake,
    title: 'Value',
    lead: 'One clear fee, no auction games',
    text: 'A flat buyer fee of $500 + 5% of the price, shown next to every offer, and a dedicated account manager from offer to delivery.',
  },
];

const SOURCES = [
  {
    icon: Tractor,
    title: 'Dealer trade-ins',
    text: 'Late-model trade-ins from franchise and independent dealers clearing their lots.',
  },
  {
    icon: Landmark,
    title: 'Off-lease inventory',
    text: 'Lease returns and fleet disposals from 40+ finance, rental and leasing companies.',
  },
  {
    icon: Sprout,
    title: 'Direct from farmers',
    text: 'Machines bought straight from the farm, with service history where the owner kept it.',
  },
];

/** docs/product/public-site.md#landing-page: the visitor's landing page. */
export function LandingPage() {
  const site = useSite();
  return (
    <>
      <title>{`${site.name}: North American marketplace for tractor dealers`}</title>
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 pt-10 pb-6 lg:grid-cols-[1.05fr_1fr] lg:py-16">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-gold-300">
              <BadgeCheck className="size-4" /> Members-only wholesale for licensed dealers
            </p>
            <h1 className="mt-4 text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
              North American marketplace for tractor dealers
            </h1>
            <p className="mt-4 max-w-xl text-lg text-brand-100">
              Buy inspected used tractors at dealer prices and sell your trade-ins to a network of vetted
              dealers. {site.name} sources from dealer trade-ins, off-lease fleets and farmers, and delivers
              across the US.
            </p>
            <div className="mt-7 flex flex-wrap gap-3">
              <Link to="/apply" className={linkButton.gold}>
                Apply as a Dealer <ArrowRight />
              </Link>
              <Link to="/sell-your-tractor" className={linkButton.ghostLight}>
                Sell Your Tractor
              </Link>
            </div>
            <p className="mt-4 flex items-center gap-2 text-sm text-brand-100">
              <Clock className="size-4 shrink-0 text-gold-300" />
              Free to apply. We reply to every application within 24-48 hours.
            </p>
          </div>
          <TractorIllustration className="mx-auto w-full max-w-xl rounded-2xl bg-brand-800/50" />
        </div>
        <div className="border-t border-white/10 bg-brand-800/60">
          <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-4 px-4 py-5 lg:grid-cols-4">
            {FACTS.map((f) => (
              <div key={f.value}>
                <dt className="text-2xl font-extrabold text-gold-300">{f.value}</dt>
                <dd className="text-sm text-brand-100">{f.label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="pillars" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="pillars" className="text-3xl font-extrabold tracking-tight text-brand-900">
          Buy, sell and save on one dealer network
        </h2>
        <div className="mt-8 grid gap-5 md:grid-cols-3">
          {PILLARS.map((p) => (
            <div key={p.title} className="rounded-lg border border-border bg-card p-6 shadow-sm">
              <p.icon className="size-8 text-brand-700" />
              <h3 className="mt-3 text-sm font-bold tracking-wider text-gold-700 uppercase">{p.title}</h3>
              <p className="mt-1 text-xl font-bold text-brand-900">{p.lead}</p>
              <p className="mt-2 text-gray-700">{p.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="sourcing" className="border-y border-border bg-card">
        <div className="mx-auto max-w-7xl px-4 py-14">
          <h2 id="sourcing" className="text-3xl font-extrabold tracking-tight text-brand-900">
            Where our tractors come from
          </h2>
          <p className="mt-2 max-w-2xl text-gray-700">
            Fresh inventory every week from three channels most dealers cannot reach on their own.
          </p>
          <div className="mt-8 grid gap-5 md:grid-cols-3">
            {SOURCES.map((s) => (
              <div key={s.title} className="flex gap-4">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <s.icon className="size-6" />
                </span>
                <div>
                  <h3 className="text-lg font-bold text-brand-900">{s.title}</h3>
                  <p className="mt-1 text-gray-700">{s.text}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="inspection" className="mx-auto max-w-7xl px-4 py-14">
        <div className="grid items-start gap-8 lg:grid-cols-2">
          <div>
            <h2 id="inspection" className="text-3xl font-extrabold tracking-tight text-brand-900">
              110-point inspection on every tractor
            </h2>
            <p className="mt-3 text-gray-700">
              Before a tractor is listed, an inspector works through our 110-point inspection: engine,
              driveline, hydraulics, PTO, electrics, cab, tyres and frame. The condition report is on the
              listing, so you know what you are buying before you make an offer.
            </p>
            <div className="mt-6 rounded-lg border-2 border-gold-400 bg-gold-50 p-5">
              <h3 className="flex items-center gap-2 text-lg font-bold text-brand-900">
                <ShieldCheck className="size-6 text-brand-700" /> Inspection guarantee
              </h3>
              <p className="mt-2 text-gray-800">
                Under our inspection guarantee, a buyer may cancel a purchase if unhappy with the condition
                report, by telling their account manager in writing before the tractor is collected.
              </p>
            </div>
            <p className="mt-6 flex items-center gap-2 text-gray-700">
              <Truck className="size-5 shrink-0 text-brand-700" />
              Trucking across the US and title transfer handled by your account manager.
            </p>
          </div>
          <InspectionCard />
        </div>
      </section>

      <section aria-labelledby="apply-cta" className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 id="apply-cta" className="text-3xl font-extrabold tracking-tight">
              Ready to buy at dealer prices?
            </h2>
            <p className="mt-2 max-w-2xl text-brand-100">
              Apply as a dealer in two minutes. We check every application by hand and reply within 24-48
              hours; once approved, you can browse the full inventory and make offers.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/apply" className={linkButton.gold}>
              Apply as a Dealer <ArrowRight />
            </Link>
            <Link to="/dealer-benefits" className={linkButton.ghostLight}>
              Dealer Benefits
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="sell-cta" className="mx-auto max-w-7xl px-4 pt-14">
        <div className="flex flex-col gap-5 rounded-lg border border-border bg-card p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="sell-cta" className="text-2xl font-extrabold text-brand-900">
              Selling a tractor?
            </h2>
            <p className="mt-1 text-gray-700">
              Tell us the make, model, year and hours and get a quick cash offer by e-mail. Farmers and fleets
              welcome.
            </p>
          </div>
          <Link to="/sell-your-tractor" className={linkButton.primaryLg}>
            Get a Quick Offer <ArrowRight />
          </Link>
        </div>
      </section>
    </>
  );
}
