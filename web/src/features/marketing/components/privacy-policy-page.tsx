import { Link } from 'react-router';
import { useSite } from '@/features/site';
import { LegalDocument, type LegalSection } from './legal-document';

export function PrivacyPolicyPage() {
  const site = useSite();
  const email = (
    <a className="font-semibold text-brand-700 underline" href={`mailto:${site.supportEmail}`}>
      {site.supportEmail}
    </a>
  );
  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <p>
          {site.name} runs a members-only wholesale marketplace where approved tractor dealers buy and sell
          used tractors, and where owners can ask us for an offer on a tractor. {site.name},{' '}
          {site.officeAddress}, decides how the personal information described here is used. Questions about
          this policy go to {email}.
        </p>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'What we collect',
      body: (
        <>
          <p>We collect only what we need to run the marketplace:</p>
          <ul>
            <li>
              <strong>Dealer applications and accounts:</strong> your full name, e-mail address, company name,
              the tractor brands you are interested in, your account status and your password. We never store
              the password itself, only a salted one-way hash (argon2id) of it.
            </li>
            <li>
              <strong>Offers and purchases:</strong> the offers, buy-now requests and counter offers you make
              or receive, their amounts and messages, and the purchases that result.
            </li>
            <li>
              <strong>Listings:</strong> the tractors listed for sale, their specifications, photos, asking
              price and the state they are in.
            </li>
            <li>
              <strong>Sell-your-tractor inquiries:</strong> the make, model, year, hours, location and
              transmission of the tractor, and the e-mail address where you want our offer.
            </li>
            <li>
              <strong>Security records:</strong> for sign-ins, password resets and administrative actions we
              record the time, the account concerned, your IP address and your browser's user-agent string. We
              count recent attempts per e-mail address and per IP address to stop password guessing.
            </li>
            <li>
              <strong>E-mail delivery records:</strong> which message we sent to which address, and when, so
              that no message is lost or sent twice.
            </li>
          </ul>
          <p>
            We do not collect payment card numbers on this website, and we do not buy personal information
            from anyone.
          </p>
        </>
      ),
    },
    {
      id: 'why-we-use-it',
      title: 'Why we use it',
      body: (
        <ul>
          <li>To review dealer applications and decide whether to approve them.</li>
          <li>
            To run the marketplace: show listings to approved dealers, pass offers to sellers, send counter
            offers back, and arrange inspection, payment, title transfer and trucking for accepted deals.
          </li>
          <li>To answer sell-your-tractor inquiries with an offer.</li>
          <li>To send the e-mails described below.</li>
          <li>
            To keep accounts safe: detect and block password guessing, investigate misuse, and keep a record
            of security events.
          </li>
          <li>To meet our legal, tax and accounting obligations.</li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <>
          <p>
            We do not sell your personal information and we do not share it for advertising. We share it only
            with:
          </p>
          <ul>
            <li>
              the other side of an accepted deal, to the extent needed to complete it (for example the buyer's
              company name and delivery location for the seller's paperwork). Other dealers never see your
              offers;
            </li>
            <li>inspectors and trucking companies working for us on your tractor;</li>
            <li>
              service providers who host our servers and deliver our e-mail, under contracts that forbid any
              other use;
            </li>
            <li>authorities, when the law requires it.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>This website sets exactly two cookies, both strictly necessary:</p>
          <ul>
            <li>
              <strong>A session cookie</strong>, set when you sign in, that keeps you signed in. It holds a
              random identifier only, cannot be read by scripts, and stops working when you sign out or the
              session expires.
            </li>
            <li>
              <strong>An anti-forgery cookie</strong> holding a random token that proves a form was sent from
              our own pages, which protects your account against cross-site request forgery.
            </li>
          </ul>
          <p>
            We use no analytics, advertising or social-media cookies, no tracking pixels and no third-party
            scripts or fonts. Because both cookies are needed for the site to work, we do not ask for consent
            to them; blocking them will stop you from signing in.
          </p>
        </>
      ),
    },
    {
      id: 'email',
      title: 'E-mail',
      body: (
        <>
          <p>
            We send e-mail that belongs to what you asked us to do: the outcome of your application, sign-in
            and password-reset links, updates on your offers (for example a counter offer or an accepted
            offer), purchase details and our offer on a tractor you want to sell.
          </p>
          <p>
            Approved dealers can also receive alerts about new listings of their preferred brands and a daily
            summary of new listings. Every such e-mail has an unsubscribe link, and you can change your brands
            at any time in My Account.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <ul>
          <li>Dealer accounts: while the account is open, then 24 months after it is closed.</li>
          <li>Applications we reject: 24 months, so that we can answer questions about the decision.</li>
          <li>
            Offers, purchases and invoices: 7 years after the transaction, as tax and accounting law requires.
          </li>
          <li>Sell-your-tractor inquiries: 24 months after the inquiry is closed.</li>
          <li>Security records: 24 months.</li>
          <li>
            Sessions end at sign-out or expiry; e-mailed sign-in links expire after 15 minutes and reset links
            after one hour, and can be used only once.
          </li>
        </ul>
      ),
    },
    {
      id: 'security',
      title: 'How we protect it',
      body: (
        <p>
          Traffic to the site is encrypted. Passwords are stored only as argon2id hashes. Access to personal
          information is limited to the staff who need it, and administrative actions are recorded in an audit
          log that cannot be edited. No system is perfectly secure; if a breach affects you we will tell you
          as the law requires.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      body: (
        <>
          <p>
            You may ask us to show you the personal information we hold about you, to correct it, to delete
            it, or to give you a copy in a common format. You may stop marketing e-mail at any time. We will
            confirm your identity before acting and answer within 30 days (45 days where California law
            applies). Some records, such as invoices, we must keep for the periods above even if you ask us to
            delete them.
          </p>
          <p>
            California residents have the rights given by the California Consumer Privacy Act, including to
            know, delete and correct personal information and to opt out of its sale or sharing. We do not
            sell or share personal information, and we will not treat you differently for using your rights.
            Residents of Canada have the rights given by PIPEDA and provincial law.
          </p>
          <p>To use any of these rights, write to {email}.</p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <p>
          {site.name} is a service for businesses. It is not meant for anyone under 18, and we do not
          knowingly collect information about children.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          When we change this policy we will update the date at the top of this page. If a change matters to
          how we use your information, we will e-mail approved dealers before it takes effect. See also our{' '}
          <Link className="font-semibold text-brand-700 underline" to="/terms-of-service">
            Terms of Service
          </Link>
          .
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          {site.name}, {site.officeAddress}. E-mail {email} or call{' '}
          <a
            className="font-semibold text-brand-700 underline"
            href={`tel:${site.supportPhone.replace(/[^\d+]/g, '')}`}
          >
            {site.supportPhone}
          </a>
          .
        </p>
      ),
    },
  ];
  return (
    <LegalDocument
      title="Privacy Policy"
      documentTitle={`Privacy Policy | ${site.name}`}
      updated="November 22, 2026"
      intro={
        <p>
          This policy explains what personal information {site.name} collects when you use this website, why,
          how long we keep it and what you can ask of us. The short version: we collect what the marketplace
          needs, we do not sell it, and we do not track you.
        </p>
      }
      sections={sections}
    />
  );
}
