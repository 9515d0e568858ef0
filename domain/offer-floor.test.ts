import { describe, expect, it } from 'vitest';
import { formatDollars } from './money';
import {
  FLOOR_PROBE_DECLINES,
  nextOfferMinimumCents,
  offerPaceProblem,
  offerStepCents,
  offerStepText,
  TOO_MANY_OFFERS_TEXT,
} from './offer-floor';

describe('offers that cannot probe a floor (decision 0039)', () => {
  it('steps 2% of the asking price in whole dollars, at least $500', () => {
    expect(offerStepCents(120_000_00)).toBe(2_400_00);
    expect(offerStepCents(10_000_00)).toBe(500_00);
    expect(offerStepCents(48_555_00)).toBe(972_00);
    expect(nextOfferMinimumCents(102_000_00, 120_000_00)).toBe(104_400_00);
  });

  it('says what the next offer must be, in money', () => {
    expect(offerStepText(102_000_00, 120_000_00)).toBe(
      `Your new offer must be at least ${formatDollars(104_400_00)}: your last offer of $102,000 plus $2,400.`,
    );
  });

  it('refuses after 3 declined offers whatever the amount, and below the step after one', () => {
    const declined = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ amountCents: 100_000_00 - i * 100 }));
    expect(offerPaceProblem(50_000_00, 120_000_00, [])).toBeNull();
    expect(offerPaceProblem(119_000_00, 120_000_00, declined(FLOOR_PROBE_DECLINES))).toBe(
      TOO_MANY_OFFERS_TEXT,
    );
    expect(offerPaceProblem(102_399_00, 120_000_00, declined(1))).toBe(offerStepText(100_000_00, 120_000_00));
    expect(offerPaceProblem(102_400_00, 120_000_00, declined(2))).toBeNull();
  });
});
