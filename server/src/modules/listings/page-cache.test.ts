import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.js';

describe('PageCache', () => {
  it('answers within the TTL, forgets after it, on clear, and keeps at most `max` entries', () => {
    const cache = new PageCache<number>(1000, 2);
    cache.set('a', 1, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe(3);
    cache.clear();
    expect(cache.get('c', 1)).toBeUndefined();
    const off = new PageCache<number>(0);
    off.set('a', 1, 0);
    expect(off.get('a', 0)).toBeUndefined();
  });
});
