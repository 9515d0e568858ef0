import { describe, expect, it } from 'vitest';
import { confirmationTractorName, plausibleModel } from './inquiries.mail.js';

// docs/product/selling.md#inquiry-e-mails: the request e-mail names year, make and model, but only what looks
// like them; nothing a message could be written in reaches an address nobody proved (decision 0012).
describe('the sell-form confirmation names the tractor', () => {
  it('with year, make and model', () => {
    expect(confirmationTractorName({ make: 'Kubota', model: 'M7-172', year: 2019 })).toBe(
      '2019 Kubota M7-172',
    );
    expect(confirmationTractorName({ make: 'John Deere', model: ' 8R 340 ', year: 2021 })).toBe(
      '2021 John Deere 8R 340',
    );
    expect(confirmationTractorName({ make: 'New Holland', model: 'T7.270', year: 2018 })).toBe(
      '2018 New Holland T7.270',
    );
    expect(confirmationTractorName({ make: 'John Deere', model: '4440', year: 1981 })).toBe(
      '1981 John Deere 4440',
    );
    expect(confirmationTractorName({ make: 'Fendt', model: '724 Vario', year: null })).toBe(
      'Fendt 724 Vario',
    );
    expect(confirmationTractorName({ make: 'Other', model: null, year: null })).toBe('your tractor');
  });

  it('leaves out a model that could carry a message, an address or a phone number', () => {
    for (const bad of [
      'Click <a href="http://evil.example">here</a> to claim',
      'evil.example',
      'www.x1.io',
      'Call 555-0100',
      '5550100',
      'Win a prize now today',
      'claim',
      'a/b',
      'ThisModelNameIsFarTooLong1',
      '',
      null,
    ])
      expect(plausibleModel(bad), String(bad)).toBeNull();
    expect(confirmationTractorName({ make: 'Kubota', model: 'Call 555-0100', year: 2019 })).toBe(
      '2019 Kubota',
    );
  });
});
