import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inquiryOffers } from '../../db/schema.js';
import { createTestApp, createUser, type TestApp, TestClient } from '../../test/test-app.js';

// decision 0045: a sent offer never changes or disappears; only its answer is written, once.
describe('inquiry_offers records', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  async function sentOffer(amountCents = 1_850_000) {
    const admin = await createUser(t.app, { status: 'admin' });
    const res = await new TestClient(t.app).post('/api/inquiries', {
      make: 'John Deere',
      model: '4440',
      year: '1981',
      hours: '9800',
      email: 'farmer@example.com',
    });
    expect(res.statusCode).toBe(201);
    const inquiryId = res.json().id as string;
    return t.app.ctx.db
      .insert(inquiryOffers)
      .values({
        inquiryId,
        amountCents,
        validUntil: new Date(Date.now() + 86_400_000),
        pickup: 'We collect at your farm',
        tokenHash: `hash-${amountCents}`,
        sentBy: admin.id,
      })
      .returning();
  }

  it('refuses deleting an offer or changing its amount, and lets the answer be written once', async () => {
    const [offer] = await sentOffer();
    const db = t.app.ctx.db;
    await expect(db.delete(inquiryOffers).where(eq(inquiryOffers.id, offer.id))).rejects.toThrow();
    await expect(
      db.update(inquiryOffers).set({ amountCents: 1 }).where(eq(inquiryOffers.id, offer.id)),
    ).rejects.toThrow();
    await db
      .update(inquiryOffers)
      .set({ status: 'accepted', answeredAt: new Date() })
      .where(eq(inquiryOffers.id, offer.id));
    await expect(
      db.update(inquiryOffers).set({ status: 'declined' }).where(eq(inquiryOffers.id, offer.id)),
    ).rejects.toThrow();
  });

  it('refuses $0 and over $10,000,000 in the database too', async () => {
    await expect(sentOffer(0)).rejects.toThrow();
    await expect(sentOffer(1_000_000_001)).rejects.toThrow();
  });
});
