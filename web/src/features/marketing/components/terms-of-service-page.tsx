import { Link } from 'react-router';
import { useSite } from '@/features/site';
import { LegalDocument, type LegalSection } from './legal-document';

/** docs/product/public-site.md#legal-pages: the terms, in US dollars, plus the buyer fee and the inspection guarantee. */
export function TermsOfServicePage() {
  const site = useSite();
  const n = site.name;
  const sections: LegalSection[] = [
    {
      id: 'agreement',
      title: 'The agreement',
      body: (
        <p>
          These terms are an agreement between {n} ("we", "us") and the dealership or person using the {n}{' '}
          marketplace ("you"). By applying for an account, making an offer, listing a tractor or asking for an
          offer on one, you accept them. If you act for a business, you confirm that you may bind it.
        </p>
      ),
    },
    {
      id: 'accounts',
      title: 'Dealer accounts',
      body: (
        <ul>
          <li>
            The marketplace is for approved dealers only. We review each application and may approve or refuse
            it at our discretion; we aim to reply within 24-48 hours.
          </li>
          <li>
            Keep your password to yourself. You are responsible for what is done through your account, and you
            must tell us at once if you believe someone else has used it.
          </li>
          <li>The information you give us about you and your dealership must be true and kept up to date.</li>
        </ul>
      ),
    },
    {
      id: 'listings',
      title: 'Listings and condition reports',
      body: (
        <p>
          Each tractor is listed with its specifications and a condition report based on our 110-point
          inspection. We describe tractors carefully, but a used machine is sold as it is, with the wear the
          condition report describes. Photos illustrate the machine and do not replace the report.
        </p>
      ),
    },
    {
      id: 'offers',
      title: 'Offers, bids and acceptance',
      body: (
        <ul>
          <li>
            An offer (bid) or buy-now request is an offer to buy the tractor at that amount plus the buyer
            fee. Making one costs nothing and commits you to nothing until it is accepted.
          </li>
          <li>
            A seller may accept a bid until 6pm CET (Central European Time) on the third working day after the
            auction ends. A bid accepted by then is a binding sale for both buyer and seller.
          </li>
          <li>
            We may make a counter offer on the seller's behalf. A counter offer binds only once you accept it.
          </li>
        </ul>
      ),
    },
    {
      id: 'fees',
      title: 'Fees',
      body: (
        <ul>
          <li>
            <strong>Buyer fee:</strong> $500 plus 5% of the accepted amount, shown next to every offer and
            counter offer before you commit, and invoiced with the purchase price. For example, on a $40,000
            tractor the buyer fee is $2,500.
          </li>
          <li>
            <strong>Seller cancellation fee:</strong> $250 if a seller cancels or abandons a transaction after
            accepting a bid or after receiving a bid that meets the reserve price.
          </li>
          <li>
            <strong>Buyer non-payment fee:</strong> $500 if a buyer does not pay for a tractor whose bid was
            accepted, in addition to any loss we or the seller can show.
          </li>
        </ul>
      ),
    },
    {
      id: 'payment-collection',
      title: 'Payment, collection and hand-over',
      body: (
        <ul>
          <li>The buyer pays the full invoice within 3 business days of the invoice date.</li>
          <li>
            The buyer, or the trucking company we arrange, collects the tractor within 7 business days of
            payment.
          </li>
          <li>
            The seller keeps the tractor available, in the condition reported, for at least 20 business days
            after the sale is agreed.
          </li>
          <li>The tractor is handed over within one month of the auction.</li>
          <li>
            Ownership passes to the buyer when we have received payment in full; risk passes when the tractor
            is collected. We handle the title transfer.
          </li>
        </ul>
      ),
    },
    {
      id: 'inspection-guarantee',
      title: 'Inspection guarantee',
      body: (
        <p>
          Every tractor is inspected before sale. If, having read the condition report, the buyer is unhappy
          with the tractor's condition, the buyer may cancel the purchase by telling their account manager in
          writing before the tractor is collected. We then refund anything paid for that tractor, and no
          non-payment fee applies.
        </p>
      ),
    },
    {
      id: 'conduct',
      title: 'Fair use',
      body: (
        <ul>
          <li>Do not go around the marketplace to buy a listed tractor directly from its seller.</li>
          <li>
            Do not make offers you do not mean to honor, or list tractors you do not own or may not sell.
          </li>
          <li>
            Do not copy the inventory or prices, share your account, or try to break or overload the website.
          </li>
        </ul>
      ),
    },
    {
      id: 'liability',
      title: 'Liability',
      body: (
        <p>
          Our total liability to you for all claims arising in connection with the marketplace is limited to
          the fees you paid us in the 12 months before the event giving rise to the claim. We are not liable
          for loss of profit, business or goodwill, or for indirect loss. Nothing in these terms limits
          liability that cannot be limited by law, including for fraud.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Termination',
      body: (
        <p>
          Either of us may end this agreement by giving one month's written notice. We may suspend an account
          at once for a serious breach, such as non-payment or fraud. Deals agreed before the end of the
          agreement must still be completed, and fees already due remain payable.
        </p>
      ),
    },
    {
      id: 'law',
      title: 'Governing law',
      body: (
        <p>
          These terms are governed by the laws of the State of Delaware, United States. The state and federal
          courts located in Delaware have exclusive jurisdiction over any dispute about them.
        </p>
      ),
    },
    {
      id: 'changes-contact',
      title: 'Changes and contact',
      body: (
        <p>
          We may change these terms by publishing a new version on this page and e-mailing approved dealers at
          least 30 days before it takes effect. Questions:{' '}
          <a className="font-semibold text-brand-700 underline" href={`mailto:${site.supportEmail}`}>
            {site.supportEmail}
          </a>
          , {n}, {site.officeAddress}. How we handle personal information is described in our{' '}
          <Link className="font-semibold text-brand-700 underline" to="/privacy-policy">
            Privacy Policy
          </Link>
          .
        </p>
      ),
    },
  ];
  return (
    <LegalDocument
      title="Terms of Service"
      documentTitle={`Terms of Service | ${site.name}`}
      updated="November 22, 2026"
      intro={
        <p>
          Please read these terms before you use {n}. All amounts are in US dollars. The key numbers in short:
          buyer fee $500 + 5%, payment within 3 business days of invoice, collection within 7 business days.
        </p>
      }
      sections={sections}
    />
  );
}
