import { describe, expect, it } from 'vitest';
import { APPLICATION_BRANDS, LISTING_BRANDS, SELL_FORM_MAKES } from './brands';
import { canMoveInquiry } from './farmer-offers';
import { INQUIRY_NEXT } from './inquiries';
import { conditionTone, specFieldsOf, yearMax } from './listings';
import { isSpaRoute } from './routes';
import { allowedStatusActions, hasDealerRights, roleOf } from './users';

describe('brand lists (listings.md#a-listing)', () => {
  it('have the sizes the spec gives', () => {
    expect(LISTING_BRANDS).toHaveLength(20);
    expect(APPLICATION_BRANDS).toHaveLength(18);
    expect(SELL_FORM_MAKES).toEqual([
      'John Deere',
      'Case IH',
      'New Holland',
      'Massey Ferguson',
      'Kubota',
      'Fendt',
      'Other',
    ]);
  });
});

describe('user status and role (accounts.md#account-status)', () => {
  it('derives the role', () => {
    expect(roleOf('admin')).toBe('admin');
    expect(roleOf('approved')).toBe('dealer');
    expect(roleOf('pending')).toBe('user');
    expect(roleOf(null)).toBe('user');
    expect(hasDealerRights('admin')).toBe(true);
    expect(hasDealerRights('rejected')).toBe(false);
  });

  it('offers approve unless approved, reject unless rejected, nothing on admins', () => {
    expect(allowedStatusActions('pending')).toEqual(['approved', 'rejected']);
    expect(allowedStatusActions('approved')).toEqual(['rejected']);
    expect(allowedStatusActions('rejected')).toEqual(['approved']);
    expect(allowedStatusActions('admin')).toEqual([]);
  });
});

describe('sale inquiry status (selling.md#inquiry-status)', () => {
  it('keeps Mark Contacted, Mark Closed and Reopen, and refuses moves the machine does not have', () => {
    expect(INQUIRY_NEXT.pending.label).toBe('Mark Contacted');
    expect(INQUIRY_NEXT.offer_sent.label).toBe('Mark Closed');
    expect(INQUIRY_NEXT.closed.label).toBe('Reopen');
    expect(canMoveInquiry('pending', 'contacted')).toBe(true);
    expect(canMoveInquiry('contacted', 'closed')).toBe(true);
    expect(canMoveInquiry('closed', 'pending')).toBe(true);
    expect(canMoveInquiry('closed', 'contacted')).toBe(false);
    expect(canMoveInquiry('offer_accepted', 'offer_sent')).toBe(false);
  });
});

describe('listings', () => {
  it('colours conditions as the spec says', () => {
    expect(conditionTone('Excellent')).toBe('green');
    expect(conditionTone('Very Good')).toBe('blue');
    expect(conditionTone('Good')).toBe('yellow');
    expect(conditionTone('Fair')).toBe('orange');
    expect(conditionTone('Poor')).toBe('grey');
  });

  it('bounds the year at next year', () => {
    expect(yearMax(new Date('2026-11-22'))).toBe(2027);
  });
});

describe('SPA routes', () => {
  it('knows the spec routes and nothing else', () => {
    expect(isSpaRoute('/')).toBe(true);
    expect(isSpaRoute('/tractor/0b9c')).toBe(true);
    expect(isSpaRoute('/my-offers/')).toBe(true);
    expect(isSpaRoute('/tractor/')).toBe(false);
    expect(isSpaRoute('/tractor/a/b')).toBe(false);
    expect(isSpaRoute('/wp-admin')).toBe(false);
    for (const url of [
      '/inspect',
      '/inspect/0b9c',
      '/tractor/0b9c/report',
      '/team',
      '/team/join',
      '/my-listings/0b9c',
    ])
      expect(isSpaRoute(url), url).toBe(true);
    expect(isSpaRoute('/tractor/0b9c/report/x')).toBe(false);
    expect(isSpaRoute('/team/leave')).toBe(false);
  });
});

describe('listing specification fields', () => {
  it('split by kind in display order', () => {
    expect(specFieldsOf('int').map((f) => f.key)).toEqual([
      'engineHours',
      'buildYear',
      'numberOfRearRemotes',
    ]);
    expect(specFieldsOf('bool').map((f) => f.label)).toEqual(['Air brakes']);
  });
});
