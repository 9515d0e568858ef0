import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { layout } from './templates.js';

const env = { publicUrl: 'http://localhost:3000', brand: testConfig().brand };
const evil = '<script>alert("x")</script> & Sons';

describe('company e-mail layout (React Email)', () => {
  it('escapes every value exactly once', () => {
    const { html, text } = layout(
      {
        title: evil,
        paragraphs: [`Offer from ${evil}`],
        facts: [[evil, evil]],
        cta: { label: evil, url: 'http://localhost:3000/my-offers?a=1&b=2' },
        unsubscribeUrl: 'http://localhost:3000/unsubscribe?token=t&x=1',
      },
      env,
    );
    expect(html).not.toContain('<script>');
    // React writes " as &quot; in text too; escaped once means no "&amp;lt;" or "&amp;amp;".
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
    expect(html).not.toContain('&amp;lt;');
    expect(html).not.toContain('&amp;amp;');
    expect(html.split('&lt;script&gt;').length - 1).toBe(6); // <title>, h1, paragraph, fact label and value, button
    expect(html).toContain('href="http://localhost:3000/my-offers?a=1&amp;b=2"');
    expect(html).toContain('href="http://localhost:3000/unsubscribe?token=t&amp;x=1"');
    // The plain-text part is not HTML: no escaping at all.
    expect(text).toContain(`Offer from ${evil}`);
    expect(text).not.toContain('&lt;');
  });

  it('keeps the look: brand colours, logo and name, button, footer with address, support and unsubscribe', () => {
    const { html } = layout(
      {
        title: 'Hello',
        paragraphs: ['One'],
        cta: { label: 'Open', url: 'http://localhost:3000/x' },
        unsubscribeUrl: 'http://localhost:3000/u',
      },
      env,
    );
    expect(html.startsWith('<!doctype html><html')).toBe(true);
    expect(html).toContain('background:#14532d');
    expect(html).toContain('color:#f5b82e');
    expect(html).toContain(env.brand.name);
    expect(html).toContain(env.brand.officeAddress);
    expect(html).toContain(env.brand.supportEmail);
    expect(html).toContain('Unsubscribe from these e-mails');
    expect(html).toMatch(/<a href="http:\/\/localhost:3000\/x"[^>]*>.*Open/);
    expect(layout({ title: 'Hi', paragraphs: [] }, env).html).not.toContain('Unsubscribe');
  });
});
