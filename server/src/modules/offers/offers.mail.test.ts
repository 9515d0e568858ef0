import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { renderTemplate } from '../mail/index.js';
import { ADMIN_NEW_OFFER, ADMIN_OFFER_NOTICE, OFFER_UPDATE } from './offers.mail.js';

const config = testConfig({ publicUrl: 'https://fieldlot.example' });
const env = { publicUrl: config.publicUrl, brand: config.brand };
const base = {
  offerId: 'o-1',
  listingId: 'l-1',
  tractor: '2019 John Deere 6155R',
  offerType: 'offer',
  amountCents: 45_000_00,
  askingCents: 48_500_00,
  link: 'https://fieldlot.example/auth-redirect?token=t&listing=l-1',
};

describe('offer e-mails', () => {
  it('tells admins about a new offer with amount, fee and total', () => {
    const mail = renderTemplate(
      ADMIN_NEW_OFFER,
      {
        ...base,
        buyerName: 'Dana',
        buyerCompany: 'Whitfield Ag',
        buyerEmail: 'd@example.com',
        message: '<b>hi</b>',
      },
      env,
    );
    expect(mail.subject).toBe('New offer: 2019 John Deere 6155R at $45,000');
    expect(mail.text).toContain('Buyer fee ($500 + 5%): $2,750');
    expect(mail.text).toContain('Total with fee: $47,750');
    expect(mail.html).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>hi</b>');
  });

  it('tells the buyer about a counter with the counter amount, its fee and the plain listing link', () => {
    const mail = renderTemplate(
      OFFER_UPDATE,
      { ...base, status: 'countered', counterAmountCents: 47_000_00, counterMessage: 'Meet me at 47' },
      env,
    );
    expect(mail.subject).toBe('Counter offer on 2019 John Deere 6155R: $47,000');
    expect(mail.text).toContain('Counter offer: $47,000');
    expect(mail.text).toContain('Buyer fee ($500 + 5%): $2,850');
    expect(mail.text).toContain('Meet me at 47');
    // Even a payload queued with an old one-time sign-in link renders the plain page address (decision 0010).
    expect(mail.text).toContain('View the tractor: https://fieldlot.example/tractor/l-1');
    expect(mail.text).not.toContain('token');
  });

  it('congratulates on acceptance and explains an offer ended by another sale', () => {
    const accepted = renderTemplate(OFFER_UPDATE, { ...base, status: 'accepted' }, env);
    expect(accepted.text).toContain(
      'Congratulations! Your offer on 2019 John Deere 6155R has been accepted.',
    );
    // The one deal e-mail (docs/product/purchases.md#e-mails): accepted, the purchase and what to do next.
    const purchase = {
      number: 'FL-2026-000123',
      purchaseId: 'p-1',
      due: 'Dec 1, 2026',
      nextStep: 'Choose "I\'ll collect it" or "FieldLot delivers" to get your invoice',
    };
    const deal = renderTemplate(OFFER_UPDATE, { ...base, status: 'accepted', purchase }, env);
    expect(deal.subject).toBe('Offer accepted: 2019 John Deere 6155R');
    expect(deal.text).toContain('Congratulations! Your offer on 2019 John Deere 6155R has been accepted.');
    expect(deal.text).toContain(
      'Your purchase FL-2026-000123 is open. Choose "I\'ll collect it" or "FieldLot delivers" to get your invoice.',
    );
    expect(deal.text).toContain('Payment due: Dec 1, 2026');
    expect(deal.text).toContain('https://fieldlot.example/purchased-inventory');
    expect(deal.text).not.toContain('account manager will be in touch');
    const ended = renderTemplate(OFFER_UPDATE, { ...base, status: 'rejected', soldToAnother: true }, env);
    expect(ended.text).toContain('has been sold to another dealer');
  });

  it('tells the buyer and the admins that an offer or a counter expired (dealer-tools.md)', () => {
    const offer = renderTemplate(OFFER_UPDATE, { ...base, status: 'expired', ttlHours: 48 }, env);
    expect(offer.subject).toBe('Your offer on 2019 John Deere 6155R has expired');
    expect(offer.text).toContain(
      'Your offer on 2019 John Deere 6155R expired after 48 hours without an answer.',
    );
    expect(offer.text).toContain('You are welcome to make a new offer on the listing.');
    const counter = renderTemplate(
      OFFER_UPDATE,
      { ...base, status: 'expired', counterAmountCents: 46_000_00, ttlHours: 48 },
      env,
    );
    expect(counter.text).toContain(
      "FieldLot's counter offer of $46,000 on 2019 John Deere 6155R expired after 48 hours without an answer.",
    );
    const admin = renderTemplate(
      ADMIN_OFFER_NOTICE,
      {
        ...base,
        kind: 'expired',
        buyerName: 'Dana',
        buyerCompany: 'Whitfield Ag',
        buyerEmail: 'd@example.com',
      },
      env,
    );
    expect(admin.subject).toBe('Offer expired: 2019 John Deere 6155R ($45,000)');
    expect(admin.text).toContain(
      'The offer of $45,000 from Dana (Whitfield Ag) on 2019 John Deere 6155R expired',
    );
  });
});
