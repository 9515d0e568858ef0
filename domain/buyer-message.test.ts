import { describe, expect, it } from 'vitest';
import { CONTACT_HIDDEN, maskContactDetails } from './buyer-message';

const H = CONTACT_HIDDEN;

describe('maskContactDetails', () => {
  it.each([
    ['Mail me at bob@deere-farm.com please', `Mail me at ${H} please`],
    ['bob (at) farm (dot) com', H],
    ['write bob at farm dot com today', `write ${H} today`],
    ['Call 515-555-0142', `Call ${H}`],
    ['Call (515) 555 0142 or +1 515.555.0142', `Call ${H} or ${H}`],
    ['cell 5155550142.', `cell ${H}.`],
    ['local 555-0142', `local ${H}`],
    ['see https://example.com/x?y=1 now', `see ${H} now`],
    ['see www.boone-ag.net', `see ${H}`],
    ['see boone-ag.com/stock', `see ${H}`],
  ])('hides %j', (input, expected) => {
    expect(maskContactDetails(input)).toBe(expected);
  });

  it.each([
    'Would you take $48,500 for the 2019 6155R with 4,250 hours?',
    'Can pick up at Ames on 12/05; tires at 70%.',
    'Serial 1RW6155RKKD123456 looks fine',
    'Offer 105000 cash',
  ])('keeps an ordinary message %j', (input) => {
    expect(maskContactDetails(input)).toBe(input);
  });
});
