import {
  ArrowRight,
  ClipboardCheck,
  DollarSign,
  Headset,
  ShieldCheck,
  Smartphone,
  Truck,
} from 'lucide-react';
import { Link } from 'react-router';
import { linkButton } from '@/components/layout/link-styles';
import { useSite } from '@/features/site';

// docs/product/public-site.md#dealer-benefits: the six marketing claims of the dealer-benefits page.
const BENEFITS = [
  {
    icon: ShieldCheck,
    title: 'Vetted dealers only',
    text: 'Every member is a dealer we have checked and approved by hand. You trade with businesses, not tyre-kickers.',
  },
  {
    icon: Headset,
    title: 'A dedicated account manager',
    text: 'One person who knows your business handles your offers, paperwork and questions from first bid to delivery.',
  },
  {
    icon: Truck,
    title: 'Trucking across the US',
    text: 'We arrange transport from the seller’s yard to yours, anywhere in the United States.',
  },
  {
    icon: DollarSign,
    title: 'Dealer (wholesale) prices',
    text: 'Inventory priced for resale, with margin left for you. One flat buyer fee, shown up front on every offer.',
  },
  {
    icon: ClipboardCheck,
    title: 'Pre-purchase inspection',
    text: 'A 110-point inspection and condition report before you pay; under the inspection guarantee a buyer may cancel a purchase if unhappy with the condition report.',
  },
  {
    icon: Smartphone,
    title: 'Offers from any device',
    text: 'Browse, make offers and accept counter offers from your phone in the yard or your desk in the office.',
  },
];

// docs/product/public-site.md#dealer-benefits: the four steps of How It Works.
const STEPS = [
  {
    title: 'Sign up free',
    text: 'Apply in two minutes. Once your dealership is approved, browse the full inventory with prices.',
  },
  {
    title: 'Offer and negotiate',
    text: 'Make an offer or buy now, with no commitment. The tractor is inspected before anything is final.',
  },
  {
    title: 'We handle the logistics',
    text: 'Your account manager arranges trucking, payment and the title transfer.',
  },
  {
    title: 'Delivered to you',
    text: 'The tractor arrives at the location you choose, ready for your lot.',
  },
];

export function DealerBenefitsPage() {
  const site = useSite();
  return (
    <>
      <title>{`Dealer Benefits | ${site.name}`}</title>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <p className="text-sm font-bold tracking-wider text-gold-300 uppercase">Dealer benefits</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Why Trade on {site.name}?
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            A wholesale marketplace built for the way tractor dealers buy and sell: inspected machines, fair
            prices and the logistics taken care of.
          </p>
        </div>
      </section>

      <section aria-labelledby="benefits" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="benefits" className="sr-only">
          Benefits
        </h2>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((b) => (
            <li key={b.title} className="rounded-lg border border-border bg-card p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <b.icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-brand-900">{b.title}</h3>
              <p className="mt-2 text-gray-700">{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-it-works" className="border-y border-border bg-card">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="how-it-works" className="text-3xl font-extrabold tracking-tight text-brand-900">
            How It Works
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((s, i) => (
              <li key={s.title} className="relative">
                <span
                  className="flex size-11 items-center justify-center rounded-full bg-accent text-lg font-extrabold text-accent-foreground"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-3 text-lg font-bold text-brand-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {s.title}
                </h3>
                <p className="mt-1 text-gray-700">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="join" className="mx-auto max-w-7xl px-4 pt-12">
        <div className="rounded-xl bg-brand-800 px-6 py-10 text-center text-white sm:px-12">
          <h2 id="join" className="text-3xl font-extrabold tracking-tight">
            Ready to grow your inventory?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-100">
            Join the dealers who buy and sell on {site.name}. Applications are free and answered within 24-48
            hours.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/apply" className={linkButton.gold}>
              Join Dealer Network <ArrowRight aria-hidden="true" />
            </Link>
            <Link to="/contact" className={linkButton.ghostLight}>
              Talk to an Advisor
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
