import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.js';

describe('PageCache', () => {
  it('answers within the TTL, forgets after it, on clear, and keeps at most `max` entries', () => {
    let now = 1; // lru-cache reads a start time of 0 as "no TTL"
    const cache = new PageCache<{ n: number }>(1000, 2, () => now);
    const a = { n: 1 };
    cache.set('a', a);
    now = 1001;
    expect(cache.get('a')).toBe(a);
    now = 1002;
    expect(cache.get('a')).toBeUndefined();
    now = 1;
    cache.set('a', a);
    cache.set('b', { n: 2 });
    cache.set('c', { n: 3 });
    now = 2;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toEqual({ n: 3 });
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('drops the least recently used entry first', () => {
    const cache = new PageCache<{ n: number }>(1000, 2);
    cache.set('a', { n: 1 });
    cache.set('b', { n: 2 });
    cache.get('a'); // the unfiltered first page is read all the time; it must not be the one pushed out
    cache.set('c', { n: 3 });
    expect(cache.get('a')).toEqual({ n: 1 });
    expect(cache.get('b')).toBeUndefined();
  });

  it('stores nothing with a TTL of 0 (tests), and follows a TTL changed at run time', () => {
    const cache = new PageCache<{ n: number }>(0);
    cache.set('a', { n: 1 });
    expect(cache.get('a')).toBeUndefined();
    cache.ttlMs = 60_000;
    cache.set('a', { n: 1 });
    expect(cache.get('a')).toEqual({ n: 1 });
  });
});
