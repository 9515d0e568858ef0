import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { insertListing, mailsTo } from '../../test/fixtures/offers.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';
import { ADMIN_OFFER_NOTICE, OFFER_UPDATE } from './offers.mail.js';

/**
 * What a buyer does on their own reaches admins (offers.md#admin-notices), and the counter buyer's e-mail
 * (decision 0011).
 */
describe('offers: admins hear what buyers do', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let asDealer: TestClient;
  let asAdmin: TestClient;
  const env = { publicUrl: 'https://fieldlot.example', brand: testConfig().brand };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved', companyName: 'Prairie Ag', name: 'Dana Diaz' });
    asDealer = await TestClient.as(t.app, dealer);
    asAdmin = await TestClient.as(t.app, admin);
  });
  afterAll(() => t.close());

  const offer = async (
    listingId: string,
    offerType: 'offer' | 'buy_now',
    amount?: string,
    askingCents?: number,
  ) => {
    const res = await asDealer.post('/api/offers', { listingId, offerType, amount, askingCents });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().offer.id as string;
  };
  const needAction = async () => (await asAdmin.get('/api/admin/stats')).json().offersNeedingAction;

  it('accepting a counter mails every admin a binding-sale notice and the buyer a purchase confirmation', async () => {
    const listingId = await insertListing(t.app, admin.id, { priceCents: 100_000_00, model: '8R 410' });
    const id = await offer(listingId, 'offer', '90000');
    const counter = await asAdmin.post(`/api/admin/offers/${id}/counter`, { amount: '92,900', message: '' });
    expect(counter.statusCode).toBe(200);
    expect((await asDealer.post(`/api/offers/${id}/accept-counter`)).statusCode).toBe(200);

    const notices = await mailsTo(t.app, admin.email, 'notify-admin-offer-notice');
    const notice = notices.find((m) => (m.payload as { offerId: string }).offerId === id);
    expect(notice?.payload).toMatchObject({
      kind: 'counter_accepted',
      amountCents: 92_900_00,
      buyerName: 'Dana Diaz',
      buyerCompany: 'Prairie Ag',
    });
    const adminMail = renderTemplate(ADMIN_OFFER_NOTICE, notice?.payload as never, env);
    expect(adminMail.subject).toBe(
      'Sold: Dana Diaz accepted the counter-offer on 2019 John Deere 8R 410 at $92,900',
    );

    const toBuyer = (await mailsTo(t.app, dealer.email, 'notify-offer-update')).find(
      (m) => (m.payload as { status: string; offerId: string }).status === 'accepted',
    );
    expect(toBuyer?.payload).toMatchObject({ viaCounter: true, amountCents: 92_900_00 });
    const buyerMail = renderTemplate(OFFER_UPDATE, toBuyer?.payload as never, env);
    expect(buyerMail.text).toContain(
      "You accepted FieldLot's counter-offer of $92,900 on 2019 John Deere 8R 410. Your purchase is confirmed.",
    );
    expect(buyerMail.text).not.toContain('has been accepted');
    expect(buyerMail.subject).toBe('Purchase confirmed: 2019 John Deere 8R 410 at $92,900');
  });

  it('withdrawing mails every admin; an admin accepting sends no buyer notice to admins', async () => {
    const listingId = await insertListing(t.app, admin.id, { priceCents: 50_000_00 });
    const id = await offer(listingId, 'offer', '45000');
    const res = await asDealer.post(`/api/offers/${id}/withdraw`, { expectedStatus: 'pending' });
    expect(res.statusCode).toBe(200);
    const notices = await mailsTo(t.app, admin.email, 'notify-admin-offer-notice');
    const withdrawn = notices.find((m) => (m.payload as { offerId: string }).offerId === id);
    expect(withdrawn?.payload).toMatchObject({ kind: 'withdrawn', amountCents: 45_000_00 });

    const other = await offer(await insertListing(t.app, admin.id), 'offer', '40000');
    await asAdmin.post(`/api/admin/offers/${other}/accept`, {});
    const after = await mailsTo(t.app, admin.email, 'notify-admin-offer-notice');
    expect(after.some((m) => (m.payload as { offerId: string }).offerId === other)).toBe(false);
  });

  it('a Buy Now is a sale at once: every admin is mailed the sale, and nothing needs action', async () => {
    const before = await needAction();
    const listingId = await insertListing(t.app, admin.id, { priceCents: 62_500_00 });
    const id = await offer(listingId, 'buy_now', undefined, 62_500_00);
    const mails = await mailsTo(t.app, admin.email, 'notify-admin-offer-notice');
    expect(mails.find((m) => (m.payload as { offerId: string }).offerId === id)?.payload).toMatchObject({
      kind: 'bought_now',
      offerType: 'buy_now',
      amountCents: 62_500_00,
    });
    expect(await needAction()).toBe(before);
    const pending = await offer(await insertListing(t.app, admin.id), 'offer', '30000');
    expect(await needAction()).toBe(before + 1);
    await asAdmin.post(`/api/admin/offers/${pending}/reject`, {});
    expect(await needAction()).toBe(before);
  });
});
