import { describe, expect, it } from 'vitest';
import {
  canMoveInquiry,
  checkFarmerOffer,
  defaultOfferValidUntil,
  FARMER_OFFER_TOKEN_RE,
  farmerOfferState,
  formatOfferDate,
} from './farmer-offers';
import { checkPhone } from './inquiries';

const now = new Date('2026-11-25T12:00:00Z');

describe('checkFarmerOffer', () => {
  it('accepts a good offer and defaults the expiry to 7 days', () => {
    const r = checkFarmerOffer({ amount: '18,500', pickup: 'We collect at your farm' }, now);
    expect(r).toMatchObject({ ok: true, amountCents: 1_850_000 });
    if (r.ok) expect(r.validUntil.toISOString()).toBe('2026-12-02T12:00:00.000Z');
  });
  it('refuses $0, over $10,000,000 and a past expiry with field messages', () => {
    expect(checkFarmerOffer({ amount: 0, pickup: 'x' }, now)).toEqual({
      ok: false,
      fields: { amount: 'The offer must be more than $0' },
    });
    expect(checkFarmerOffer({ amount: '10,000,001', pickup: 'x' }, now)).toMatchObject({
      ok: false,
      fields: { amount: 'The offer cannot be over $10,000,000' },
    });
    expect(checkFarmerOffer({ amount: '10,000,000', pickup: 'x' }, now).ok).toBe(true);
    expect(
      checkFarmerOffer({ amount: 500, pickup: 'x', validUntil: '2026-11-24T12:00:00Z' }, now),
    ).toMatchObject({ ok: false, fields: { validUntil: 'The offer must be valid until a future date' } });
    expect(checkFarmerOffer({ amount: 'abc', pickup: ' ' }, now)).toMatchObject({
      ok: false,
      fields: { amount: expect.any(String), pickup: 'Say how pickup works' },
    });
  });
});

describe('inquiry statuses', () => {
  it('keeps the seed path and adds the offer path with reopen', () => {
    expect(canMoveInquiry('pending', 'contacted')).toBe(true);
    expect(canMoveInquiry('contacted', 'closed')).toBe(true);
    expect(canMoveInquiry('closed', 'pending')).toBe(true);
    expect(canMoveInquiry('contacted', 'offer_sent')).toBe(true);
    expect(canMoveInquiry('offer_sent', 'offer_sent')).toBe(true);
    expect(canMoveInquiry('offer_sent', 'offer_accepted')).toBe(true);
    expect(canMoveInquiry('offer_accepted', 'offer_sent')).toBe(false);
    expect(canMoveInquiry('pending', 'offer_accepted')).toBe(false);
  });
});

describe('farmerOfferState', () => {
  it('is open, expired, answered or replaced', () => {
    const validUntil = defaultOfferValidUntil(now);
    expect(farmerOfferState({ status: 'sent', validUntil }, now)).toBe('open');
    expect(farmerOfferState({ status: 'sent', validUntil: now }, now)).toBe('expired');
    expect(farmerOfferState({ status: 'accepted', validUntil }, now)).toBe('answered');
    expect(farmerOfferState({ status: 'superseded', validUntil }, now)).toBe('replaced');
  });
});

describe('the farmer offer link and the sell form phone', () => {
  it('takes only a 43-character base64url token', () => {
    expect(FARMER_OFFER_TOKEN_RE.test('a'.repeat(43))).toBe(true);
    expect(FARMER_OFFER_TOKEN_RE.test('a'.repeat(42))).toBe(false);
    expect(FARMER_OFFER_TOKEN_RE.test(`${'a'.repeat(42)}/`)).toBe(false);
  });

  it('keeps an optional phone of 7 to 20 digits with the usual separators', () => {
    expect(checkPhone('')).toEqual({ ok: true, phone: null });
    expect(checkPhone(' (515) 555-0142 ')).toEqual({ ok: true, phone: '(515) 555-0142' });
    expect(checkPhone('+1 515 555 0142').ok).toBe(true);
    expect(checkPhone('555').ok).toBe(false);
    expect(checkPhone('call me maybe').ok).toBe(false);
  });

  it('writes the offer date in words, in UTC', () => {
    expect(formatOfferDate('2026-12-03T23:59:59Z')).toBe('December 3, 2026');
  });
});
