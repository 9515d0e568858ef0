import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WANT_LIST_TEXT } from '../../../../domain/want-lists.js';
import { dealershipMembers, inquiryMatches, users } from '../../db/schema.js';
import { emit } from '../../lib/domain-events.js';
import { insertListing } from '../../test/fixtures/offers.js';
import {
  createTestApp,
  createUser,
  deliverEvents,
  mailsTo,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';
import { wantListsCountForFamily } from './index.js';

// docs/product/want-lists.md
describe('want-lists', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let other: TestUser;
  let asAdmin: TestClient;
  let asDealer: TestClient;
  let asOther: TestClient;

  const deere = {
    make: 'John Deere',
    modelWords: '6145R',
    yearMin: 2012,
    yearMax: 2018,
    maxHours: 6000,
    maxPriceCents: 90_000_00,
    maxDistanceMiles: null,
    states: [],
    notes: 'For a customer in Story County',
  };
  const farmerForm = {
    make: 'John Deere',
    model: '6145R',
    year: 2015,
    hours: 4100,
    location: 'Ames, IA',
    email: 'farmer.jones@example.com',
    description: 'Call Bob Jones at 515-555-0199',
  };
  const submitInquiry = async (body: Record<string, unknown> = farmerForm) => {
    const res = await new TestClient(t.app).post('/api/inquiries', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const publish = async (listingId: string) => {
    await emit(t.app.ctx.db, 'listing.published', { listingId });
    await deliverEvents(t.app);
  };
  const mails = async (u: TestUser, template: string) =>
    (await mailsTo(t, u.email)).filter((m) => m.template === template);

  beforeEach(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved' });
    other = await createUser(t.app, { status: 'approved' });
    asAdmin = await TestClient.as(t.app, admin);
    asDealer = await TestClient.as(t.app, dealer);
    asOther = await TestClient.as(t.app, other);
  });
  afterEach(() => t?.close());

  it('creates, lists, edits and deletes a want-list; another dealership gets 404 and sees nothing', async () => {
    const created = await asDealer.post('/api/want-lists', deere);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ ...deere, createdByName: dealer.name });

    const list = (await asDealer.get('/api/want-lists')).json();
    expect(list.canEdit).toBe(true);
    expect(list.items.map((w: { id: string }) => w.id)).toEqual([id]);
    expect((await asOther.get('/api/want-lists')).json().items).toEqual([]);

    expect((await asOther.put(`/api/want-lists/${id}`, deere)).statusCode).toBe(404);
    expect((await asOther.delete(`/api/want-lists/${id}`)).statusCode).toBe(404);

    const edited = await asDealer.put(`/api/want-lists/${id}`, {
      ...deere,
      maxHours: 5000,
      states: ['IA', 'MN'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ maxHours: 5000, states: ['IA', 'MN'] });

    expect((await asDealer.delete(`/api/want-lists/${id}`)).statusCode).toBe(204);
    expect((await asDealer.get('/api/want-lists')).json().items).toEqual([]);
    expect((await asDealer.delete(`/api/want-lists/${id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ make: '' }, 'make', 'Enter a make.'],
    [{ yearMin: 2018, yearMax: 2010 }, 'yearMax', 'The first year must not be after the last.'],
    [{ states: ['Iowa'] }, 'states.0', 'Use two-letter state codes.'],
  ])('refuses %o with a field message', async (patch, field, message) => {
    const res = await asDealer.post('/api/want-lists', { ...deere, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('counts the lists asking for a make and model family for the market page, to dealers and admins only', async () => {
    for (const [c, make, modelWords] of [
      [asDealer, 'John Deere', '6R 6145R'],
      [asOther, 'john deere', ''],
      [asOther, 'John Deere', '8R'],
      [asDealer, 'Case IH', '6R'],
    ] as const)
      expect((await c.post('/api/want-lists', { make, modelWords })).statusCode).toBe(201);
    const actor = (u: TestUser) => ({ userId: u.id, email: u.email, name: u.name, status: u.status });
    expect(await wantListsCountForFamily(t.app.ctx, actor(admin), 'JOHN DEERE', '6r')).toBe(2);
    expect(await wantListsCountForFamily(t.app.ctx, actor(dealer), 'John Deere', '8R')).toBe(2);
    expect(await wantListsCountForFamily(t.app.ctx, actor(dealer), 'Fendt', '700 Vario')).toBe(0);
    const pendingUser = await createUser(t.app, { status: 'pending' });
    await expect(
      wantListsCountForFamily(t.app.ctx, actor(pendingUser), 'John Deere', '6R'),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it("shares the dealership's lists with its members; a viewer reads them but cannot change them", async () => {
    const id = (await asDealer.post('/api/want-lists', deere)).json().id;
    const [own] = await t.app.ctx.db
      .select({ dealershipId: dealershipMembers.dealershipId })
      .from(dealershipMembers)
      .where(eq(dealershipMembers.userId, dealer.id));
    const buyer = await createUser(t.app, { status: 'approved' });
    const viewer = await createUser(t.app, { status: 'approved' });
    await t.app.ctx.db.insert(dealershipMembers).values([
      { userId: buyer.id, dealershipId: own.dealershipId, role: 'buyer' },
      { userId: viewer.id, dealershipId: own.dealershipId, role: 'viewer' },
    ]);
    const asBuyer = await TestClient.as(t.app, buyer);
    const asViewer = await TestClient.as(t.app, viewer);
    expect((await asBuyer.put(`/api/want-lists/${id}`, { ...deere, notes: 'Team' })).statusCode).toBe(200);
    const seen = (await asViewer.get('/api/want-lists')).json();
    expect(seen).toMatchObject({ canEdit: false, items: [{ id, notes: 'Team' }] });
    const refused = await asViewer.post('/api/want-lists', deere);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(WANT_LIST_TEXT.viewerCannotEdit);
  });

  it('turns a saved search into a want-list and a want-list into a saved search', async () => {
    const search = await asDealer.post('/api/saved-searches', {
      name: 'Deere 6R in Iowa',
      filters: { brand: 'John Deere', q: '6R', yearMin: 2014, hoursMax: 5000, state: 'Iowa' },
      alert: 'off',
    });
    const made = await asDealer.post(`/api/want-lists/from-saved-search/${search.json().id}`);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      make: 'John Deere',
      modelWords: '6R',
      yearMin: 2014,
      maxHours: 5000,
      states: ['IA'],
    });
    expect((await asOther.post(`/api/want-lists/from-saved-search/${search.json().id}`)).statusCode).toBe(
      404,
    );

    const back = await asDealer.post(`/api/want-lists/${made.json().id}/saved-search`);
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().filters).toMatchObject({
      brand: 'John Deere',
      q: '6R',
      yearMin: 2014,
      hoursMax: 5000,
      state: 'Iowa',
    });

    const noMake = await asDealer.post('/api/saved-searches', {
      name: 'Cheap',
      filters: { priceMax: 10_000_00 },
      alert: 'off',
    });
    const refused = await asDealer.post(`/api/want-lists/from-saved-search/${noMake.json().id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.make).toBe(WANT_LIST_TEXT.noMake);
  });

  it('alerts the dealer once when a matching listing goes live, not for one that does not match', async () => {
    await asDealer.post('/api/want-lists', {
      ...deere,
      modelWords: '6155R',
      yearMin: 2015,
      yearMax: null,
      maxPriceCents: null,
    });
    const matching = await insertListing(t.app, admin.id, { make: 'John Deere', model: '6155R' });
    const other6 = await insertListing(t.app, admin.id, { make: 'John Deere', model: '8R 370' });
    await publish(matching);
    await publish(matching);
    await publish(other6);
    const sent = await mails(dealer, 'want-list-listing-alert');
    expect(sent).toHaveLength(1);
    expect((sent[0].payload as { listing: { id: string } }).listing.id).toBe(matching);
    expect(await mails(other, 'want-list-listing-alert')).toEqual([]);
  });

  it('matches a farmer inquiry, notifies without the farmer details, records the answers for the admin', async () => {
    const wl = (await asDealer.post('/api/want-lists', deere)).json().id;
    await asOther.post('/api/want-lists', { ...deere, make: 'Kubota', modelWords: '' });
    const inquiryId = await submitInquiry();
    await deliverEvents(t.app);

    const [mail] = await mails(dealer, 'want-list-inquiry-match');
    expect(mail).toBeDefined();
    const rendered = renderTemplate(mail.template, mail.payload as Record<string, unknown>, {
      publicUrl: t.app.ctx.config.publicUrl,
      brand: t.app.ctx.config.brand,
    });
    const everything = JSON.stringify([mail.payload, rendered]);
    expect(everything).toContain('A farmer near Ames, IA has a 2015 John Deere 6145R, 4,100 h. Interested?');
    for (const secret of ['farmer.jones', 'Bob', '515-555-0199']) expect(everything).not.toContain(secret);
    expect(await mails(other, 'want-list-inquiry-match')).toEqual([]);

    const matches = (await asDealer.get('/api/want-lists/matches')).json().items;
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({
      notice: 'A farmer near Ames, IA has a 2015 John Deere 6145R, 4,100 h. Interested?',
      wantListId: wl,
      answer: null,
    });
    expect(JSON.stringify(matches)).not.toContain('farmer.jones');
    expect((await asOther.get('/api/want-lists/matches')).json().items).toEqual([]);

    const matchId = matches[0].id;
    expect(
      (await asOther.post(`/api/want-lists/matches/${matchId}/answer`, { answer: 'not_for_me' })).statusCode,
    ).toBe(404);
    const noAmount = await asDealer.post(`/api/want-lists/matches/${matchId}/answer`, {
      answer: 'interested',
    });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().error.fields.maxPriceCents).toBe(WANT_LIST_TEXT.amountRequired);
    const tooMuch = await asDealer.post(`/api/want-lists/matches/${matchId}/answer`, {
      answer: 'interested',
      maxPriceCents: 10_000_000_01,
    });
    expect(tooMuch.statusCode).toBe(400);
    const answered = await asDealer.post(`/api/want-lists/matches/${matchId}/answer`, {
      answer: 'interested',
      maxPriceCents: 30_000_00,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ answer: 'interested', maxPriceCents: 30_000_00 });

    const forAdmin = await asAdmin.get(`/api/admin/inquiries/${inquiryId}/matches`);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json().items).toEqual([
      expect.objectContaining({
        dealerName: dealer.name,
        wants: 'John Deere 6145R, 2012–2018, up to 6,000 h',
        wantListMaxPriceCents: 90_000_00,
        answer: 'interested',
        maxPriceCents: 30_000_00,
      }),
    ]);
    expect((await asDealer.get(`/api/admin/inquiries/${inquiryId}/matches`)).statusCode).toBe(403);
    expect(
      (await asAdmin.get('/api/admin/inquiries/00000000-0000-4000-8000-000000000000/matches')).statusCode,
    ).toBe(404);
  });

  it('matches an inquiry by distance from the yard ZIP, and not a farmer too far away', async () => {
    await t.app.ctx.db.update(users).set({ addressZip: '50010' }).where(eq(users.id, dealer.id));
    await asDealer.post('/api/want-lists', { ...deere, maxDistanceMiles: 100 });
    const near = await submitInquiry({ ...farmerForm, location: '50011' });
    const far = await submitInquiry({ ...farmerForm, location: '90210' });
    await deliverEvents(t.app);
    const rows = await t.app.ctx.db.select().from(inquiryMatches);
    expect(rows.map((r) => r.inquiryId)).toEqual([near]);
    expect(rows[0].distanceMiles).toBeLessThan(10);
    expect(rows.map((r) => r.inquiryId)).not.toContain(far);
  });

  describe('first look', () => {
    async function interestedAt(client: TestClient, cents: number) {
      const matchId = (await client.get('/api/want-lists/matches')).json().items[0].id;
      const res = await client.post(`/api/want-lists/matches/${matchId}/answer`, {
        answer: 'interested',
        maxPriceCents: cents,
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    it('shows the drafted listing only to dealers who would pay the accepted amount until the window ends, then alerts the others once', async () => {
      const third = await createUser(t.app, { status: 'approved' });
      const asThird = await TestClient.as(t.app, third);
      await asDealer.post('/api/want-lists', { ...deere, yearMax: null });
      await asOther.post('/api/want-lists', { ...deere, yearMax: null });
      await asThird.post('/api/saved-searches', {
        name: 'Deere',
        filters: { brand: 'John Deere' },
        alert: 'instant',
      });
      const inquiryId = await submitInquiry();
      await deliverEvents(t.app);
      await interestedAt(asDealer, 30_000_00);
      await interestedAt(asOther, 25_000_00);

      const listingId = await insertListing(t.app, admin.id, {
        make: 'John Deere',
        model: '6145R',
        status: 'inactive',
      });
      // The inquiries module states it when the farmer accepts; here through the same event mechanism.
      await emit(t.app.ctx.db, 'inquiry.listing-drafted', { inquiryId, listingId, acceptedCents: 27_500_00 });
      await deliverEvents(t.app);
      await t.app.ctx.db.execute(
        `update tractor_listings set status = 'active' where id = '${listingId}'` as never,
      );
      await publish(listingId);

      expect((await asDealer.get(`/api/listings/${listingId}`)).statusCode).toBe(200);
      expect((await asOther.get(`/api/listings/${listingId}`)).statusCode).toBe(404);
      expect((await new TestClient(t.app).get(`/api/listings/${listingId}`)).statusCode).toBe(404);
      const ids = async (c: TestClient) =>
        (await c.get('/api/listings')).json().items.map((i: { id: string }) => i.id);
      expect(await ids(asOther)).not.toContain(listingId);
      const offer = await asOther.post('/api/offers', { listingId, offerType: 'offer', amount: '40000' });
      expect(offer.statusCode).toBe(404);
      expect(await mails(dealer, 'want-list-listing-alert')).toHaveLength(1);
      expect(await mails(other, 'want-list-listing-alert')).toEqual([]);
      expect((await mailsTo(t, third.email)).filter((m) => m.template === 'saved-search-alert')).toEqual([]);
      expect((await asAdmin.get(`/api/listings/${listingId}`)).statusCode).toBe(200);

      // Not a moment early: just before the end nobody outside is alerted.
      t.clock.advance(t.app.ctx.config.firstLookHours * 3600_000 - 60_000);
      await deliverEvents(t.app);
      expect(await mails(other, 'want-list-listing-alert')).toEqual([]);
      t.clock.advance(2 * 60_000);
      await deliverEvents(t.app);
      await deliverEvents(t.app);
      // The window is over: the dealers it kept out hear of the tractor now, once; those inside not again.
      expect(await mails(other, 'want-list-listing-alert')).toHaveLength(1);
      expect(await mails(dealer, 'want-list-listing-alert')).toHaveLength(1);
      expect((await mailsTo(t, third.email)).filter((m) => m.template === 'saved-search-alert')).toHaveLength(
        1,
      );
      expect((await asOther.get(`/api/listings/${listingId}`)).statusCode).toBe(200);
      expect(await ids(asOther)).toContain(listingId);
      const late = await asOther.post('/api/offers', { listingId, offerType: 'offer', amount: '40000' });
      expect(late.statusCode, late.body).toBe(201);
    });

    it('alerts the dealer with the first look of a tractor located "Ames, IA" (e-mail and live) and shows it in their inventory with its end', async () => {
      const dealerMade = await asDealer.post('/api/want-lists', { ...deere, yearMax: null, states: ['IA'] });
      expect(dealerMade.statusCode, dealerMade.body).toBe(201);
      await asOther.post('/api/want-lists', { ...deere, yearMax: null, states: ['IA'] });
      const inquiryId = await submitInquiry();
      await deliverEvents(t.app);
      await interestedAt(asDealer, 30_000_00);

      const listingId = await insertListing(t.app, admin.id, {
        make: 'John Deere',
        model: '6145R',
        status: 'inactive',
        location: 'Ames, IA',
      });
      await emit(t.app.ctx.db, 'inquiry.listing-drafted', { inquiryId, listingId, acceptedCents: 27_500_00 });
      await deliverEvents(t.app);
      const heard: string[] = [];
      const stop = await t.database.listen('fieldlot_events', (p) => heard.push(p));
      await t.app.ctx.db.execute(
        `update tractor_listings set status = 'active' where id = '${listingId}'` as never,
      );
      await publish(listingId);

      const alerts = await mails(dealer, 'want-list-listing-alert');
      expect(alerts).toHaveLength(1);
      expect(alerts[0].payload).toMatchObject({ listing: { id: listingId, location: 'Ames, IA' } });
      await expect
        .poll(() => heard.map((p) => JSON.parse(p)).filter((e) => e.type === 'wantList.listing'))
        .toEqual([
          expect.objectContaining({ audience: [dealer.id], data: expect.objectContaining({ listingId }) }),
        ]);
      await stop();
      expect(await mails(other, 'want-list-listing-alert')).toEqual([]);

      // The inventory leaves it out; the first-look list above it has it, for the dealer with the first look only.
      const ids = async (c: TestClient, path: string) =>
        (await c.get(path)).json().items.map((i: { id: string }) => i.id);
      expect(await ids(asDealer, '/api/listings')).not.toContain(listingId);
      const held = (await asDealer.get('/api/listings/first-look?brand=John%20Deere')).json().items;
      const ends = t.app.ctx.clock.now().getTime() + t.app.ctx.config.firstLookHours * 3600_000;
      expect(held).toEqual([
        expect.objectContaining({ id: listingId, location: 'Ames, IA', priceCents: 48_500_00 }),
      ]);
      // The window started at publication, moments ago (the test clock runs).
      expect(Math.abs(Date.parse(held[0].firstLookEndsAt) - ends)).toBeLessThan(10_000);
      expect(await ids(asDealer, '/api/listings/first-look?brand=Fendt')).toEqual([]);
      expect(await ids(asOther, '/api/listings/first-look')).toEqual([]);
      expect(await ids(asAdmin, '/api/listings/first-look')).toEqual([]);
      expect((await new TestClient(t.app).get('/api/listings/first-look')).statusCode).toBe(401);

      // At the end the others hear of it (the state read the same way), and the first-look list is empty.
      t.clock.advance(t.app.ctx.config.firstLookHours * 3600_000 + 60_000);
      await deliverEvents(t.app);
      await deliverEvents(t.app);
      expect(await mails(other, 'want-list-listing-alert')).toHaveLength(1);
      expect(await mails(dealer, 'want-list-listing-alert')).toHaveLength(1);
      expect(await ids(asDealer, '/api/listings/first-look')).toEqual([]);
      expect(await ids(asDealer, '/api/listings')).toContain(listingId);
    });
  });
});
