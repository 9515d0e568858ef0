import { describe, expect, it } from 'vitest';
import { hoursCorrectedText, meterDiffers, meterMismatchMessage } from './hours-check.js';

describe('meterDiffers', () => {
  it('flags listed 2,900 h against a meter of 4,321 h', () => {
    expect(meterDiffers(2900, 4321)).toBe(true);
    expect(meterDiffers(4321, 2900)).toBe(true);
  });
  it('passes a difference within 5% of a large tractor', () => {
    expect(meterDiffers(4000, 4200)).toBe(false);
    expect(meterDiffers(4000, 4201)).toBe(true);
  });
  it('passes a difference of at most 100 h on a small tractor, even above 5%', () => {
    expect(meterDiffers(300, 400)).toBe(false);
    expect(meterDiffers(300, 401)).toBe(true);
    expect(meterDiffers(0, 100)).toBe(false);
  });
  it('passes equal readings', () => {
    expect(meterDiffers(2900, 2900)).toBe(false);
  });
});

describe('texts', () => {
  it('formats the refusal and the notice with thousands separators', () => {
    expect(meterMismatchMessage(2900, 4321)).toBe(
      "The meter reads 4,321 h but the listing says 2,900 h: confirm the meter reading to correct the listing's hours",
    );
    expect(hoursCorrectedText(2900, 4321)).toBe('Hours corrected from 2,900 to 4,321 at inspection');
  });
});

describe('one condition scale', () => {
  it("a published report's grade decides the condition word; the seller's word counts without one", async () => {
    const { sellerDescriptionText, shownCondition } = await import('./condition-grades.js');
    expect(shownCondition(4.9, 'Very Good')).toBe('Excellent');
    expect(shownCondition(null, 'Very Good')).toBe('Very Good');
    expect(sellerDescriptionText('Very Good')).toBe("Seller's description: Very Good");
  });
});
