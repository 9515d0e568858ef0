import { BadgeDollarSign, Clock, Truck } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { SellForm } from '@/features/inquiries/components/sell-form';
import { PageTitle } from '@/features/site';

const PROMISES = [
  { icon: Clock, text: 'An offer by e-mail, usually within one business day' },
  { icon: BadgeDollarSign, text: 'Cash offers from dealers across the US' },
  { icon: Truck, text: 'We arrange pick-up and trucking' },
];

/** docs/product/selling.md#sell-form (/sell-your-tractor). */
function Screen() {
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl">
            Get a quick offer for your tractor
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-brand-100">
            Tell us what you have and where it is. Our buyers send you an offer, with no obligation to sell.
          </p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-3">
            {PROMISES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-2 text-brand-100">
                <Icon className="mt-0.5 size-5 shrink-0 text-gold-300" aria-hidden="true" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:-mt-6">
        <Card>
          <CardContent className="p-5 pt-5 sm:p-8">
            <SellForm />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Sell Your Tractor" />
      <Screen />
    </>
  );
}
