import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './routes.js';
import { findUncleanText, isCleanText, MAX_NESTING, nestsDeeperThan } from './text.js';

describe('clean text', () => {
  it('refuses NUL, controls and broken UTF-16; tab and newline only in multi-line text', () => {
    expect(isCleanText('John Deere 6155R — 4 250 h, “very good”')).toBe(true);
    expect(isCleanText('emoji 🚜 pairs are fine')).toBe(true);
    for (const bad of ['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\ud800', 'x\udc00'])
      expect(isCleanText(bad, true)).toBe(false);
    expect(isCleanText('line\nbreak')).toBe(false);
    expect(isCleanText('line\r\nbreak\tand tab', true)).toBe(true);
  });

  it('names the first bad field, multi-line fields by their key, keys included', () => {
    expect(findUncleanText({ make: 'Kubota', model: 'M7\u0000' })).toBe('model');
    expect(findUncleanText({ description: 'two\nlines', message: 'a\tb' })).toBeNull();
    expect(findUncleanText({ title: 'two\nlines' })).toBe('title');
    expect(findUncleanText({ brands: ['Fendt', 'Clа\u0000as'] })).toBe('brands.1');
    expect(findUncleanText({ 'k\u0000': 'v' })).toBe('_');
    expect(findUncleanText('\ud800')).toBe('_');
  });
});

describe('safeRedirectPath', () => {
  it('accepts only a path of this site', () => {
    expect(safeRedirectPath('/my-offers')).toBe('/my-offers');
    expect(safeRedirectPath('/tractor/abc?tab=1#photos')).toBe('/tractor/abc?tab=1#photos');
    for (const bad of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '//evil.example',
      '///evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      null,
      undefined,
    ])
      expect(safeRedirectPath(bad)).toBeNull();
  });
});

describe('nesting depth', () => {
  const nested = (depth: number): unknown => {
    let v: unknown = 'x';
    for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
    return v;
  };

  it('allows MAX_NESTING levels and refuses one more', () => {
    expect(nestsDeeperThan(nested(MAX_NESTING))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_NESTING + 1))).toBe(true);
    expect(nestsDeeperThan('text')).toBe(false);
    expect(nestsDeeperThan(null)).toBe(false);
  });

  it('walks 20,000 levels without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    expect(nestsDeeperThan(deep)).toBe(true);
    expect(findUncleanText(deep)).toBeNull();
    expect(findUncleanText(nested(20_000))).toBeNull();
  });
});
