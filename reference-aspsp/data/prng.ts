/**
 * A small seeded pseudo-random generator: the same seed always yields the same sequence.
 *
 * Persona data must be reproducible (same seed and same instant, same data) and cheap to regenerate
 * (a PSU clone in a few milliseconds), so we use sfc32 seeded by cyrb128 rather than a crypto source.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/** Hashes a string into four 32-bit words (cyrb128), the state of {@link createPrng}. */
export function hashSeed(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A generator seeded by `seed` (sfc32). */
export function createPrng(seed: string): Prng {
  let [a, b, c, d] = hashSeed(seed);
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick from an empty list');
      return item;
    },
    chance: (p) => next() < p,
  };
}

/** A stable short hexadecimal identifier derived from `seed` (resource ids, account numbers). */
export function stableId(seed: string, length = 16): string {
  const words = hashSeed(seed);
  const hex = words.map((w) => w.toString(16).padStart(8, '0')).join('');
  return hex.slice(0, length);
}

/** A stable string of `length` decimal digits derived from `seed`. */
export function stableDigits(seed: string, length: number): string {
  const prng = createPrng(seed);
  let digits = '';
  for (let i = 0; i < length; i++) digits += String(prng.int(0, 9));
  return digits;
}
