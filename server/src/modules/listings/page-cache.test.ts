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

  it('computes a missing page once for any number of concurrent requests (single-flight)', async () => {
    const cache = new PageCache<{ n: number }>(60_000);
    let computed = 0;
    let finish = () => {};
    const compute = () => {
      computed += 1;
      return new Promise<{ n: number }>((resolve) => {
        finish = () => resolve({ n: computed });
      });
    };
    const pages = Array.from({ length: 32 }, () => cache.getOrCompute('first', compute));
    finish();
    const answers = await Promise.all(pages);
    expect(computed).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(cache.get('first')).toBe(answers[0]);
  });

  it('never hands a request a page that started before a change announced before the request came', async () => {
    const cache = new PageCache<{ n: number }>(60_000);
    const finishers: (() => void)[] = [];
    let computed = 0;
    const compute = () => {
      const n = ++computed;
      return new Promise<{ n: number }>((resolve) => finishers.push(() => resolve({ n })));
    };
    const before = cache.getOrCompute('first', compute);
    cache.clear(); // a commit acknowledged (or announced) while the first computation runs
    const after = cache.getOrCompute('first', compute);
    const alsoAfter = cache.getOrCompute('first', compute);
    for (const finish of finishers) finish();
    expect(await before).toEqual({ n: 1 });
    expect(await after).toEqual({ n: 2 });
    expect(await alsoAfter).toBe(await after); // joined the computation that started after the change
    expect(computed).toBe(2);
    expect(cache.get('first')).toEqual({ n: 2 }); // the old one was not kept
  });

  it('lets a failed computation go: the next request tries again', async () => {
    const cache = new PageCache<{ n: number }>(60_000);
    await expect(cache.getOrCompute('k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.getOrCompute('k', async () => ({ n: 1 }))).toEqual({ n: 1 });
  });

  it('keeps the brand list with the pages: computed once, dropped on every change', async () => {
    const cache = new PageCache<{ n: number }>(60_000);
    let computed = 0;
    const brands = async () => [`Brand ${++computed}`];
    expect(await Promise.all([cache.keep('brands', brands), cache.keep('brands', brands)])).toEqual([
      ['Brand 1'],
      ['Brand 1'],
    ]);
    expect(await cache.keep('brands', brands)).toEqual(['Brand 1']);
    cache.clear();
    expect(await cache.keep('brands', brands)).toEqual(['Brand 2']);
    const off = new PageCache<{ n: number }>(0); // tests: nothing kept
    await off.keep('brands', brands);
    expect(await off.keep('brands', brands)).toEqual(['Brand 4']);
  });
});
