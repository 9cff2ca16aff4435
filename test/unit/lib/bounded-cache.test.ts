import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../../lib/bounded-cache.ts';

describe('BoundedCache', () => {
  it('creates a value once per key and returns the kept one after', () => {
    const cache = new BoundedCache<string, { key: string }>(4);
    let created = 0;
    const create = (key: string) => {
      created += 1;
      return { key };
    };
    const first = cache.getOrCreate('a', create);
    expect(cache.getOrCreate('a', create)).toBe(first);
    expect(created).toBe(1);
  });

  it('creates every value again after clear', () => {
    const cache = new BoundedCache<string, { key: string }>(4);
    const first = cache.getOrCreate('a', (key) => ({ key }));
    cache.clear();
    expect(cache.size).toBe(0);
    const second = cache.getOrCreate('a', (key) => ({ key }));
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it('drops the oldest entry when full, never growing past its limit', () => {
    const cache = new BoundedCache<number, string>(2);
    const made: number[] = [];
    const create = (key: number) => {
      made.push(key);
      return String(key);
    };
    for (const key of [1, 2, 3]) cache.getOrCreate(key, create);
    expect(cache.size).toBe(2);
    cache.getOrCreate(3, create);
    cache.getOrCreate(2, create);
    cache.getOrCreate(1, create);
    expect(made).toEqual([1, 2, 3, 1]);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
  });
});
