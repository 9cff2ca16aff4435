/**
 * The storage contract (contracts §13), run against every store implementation.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { typedCollection, type Store } from '../../../reference-aspsp/store/index.ts';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';

/** How a test file provides one implementation. */
export interface StoreFixture {
  /** Opens a store on the fixture's data: the same data each call for a durable kind. */
  open(): Promise<Store>;
  /** Data survives close and re-open. */
  durable: boolean;
  /** Two instances may be open on the same data at once (several processes sharing PostgreSQL). */
  sharedByInstances: boolean;
}

/** Declares the contract tests for one store kind. */
export function describeStoreContract(kind: string, fixture: StoreFixture): void {
  describe(`${kind} store`, () => {
    let store: Store;
    let c: string;

    beforeAll(async () => {
      store = await fixture.open();
    });

    afterAll(async () => {
      await store.close();
    });

    beforeEach(() => {
      // A collection per test, so tests (and earlier runs against a shared database) never meet.
      c = `test-${randomUUID()}`;
    });

    it('returns undefined for an absent key, and what was put for a present one', async () => {
      expect(await store.get(c, 'k')).toBeUndefined();
      await store.put(c, 'k', { a: 1 });
      await store.put(c, 'k', { a: 2, b: [true, null, 'x'] });
      expect(await store.get(c, 'k')).toEqual({ a: 2, b: [true, null, 'x'] });
      expect(await store.get(`${c}-other`, 'k')).toBeUndefined();
    });

    it('round-trips any JSON value', async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), fc.string({ maxLength: 20 }), async (value, key) => {
          await store.put(c, key, value);
          expect(await store.get(c, key)).toEqual(JSON.parse(JSON.stringify(value)));
        }),
        { numRuns: 60 },
      );
    });

    it('stores a copy: changing the object after put changes nothing stored', async () => {
      const value = { list: [1], nested: { x: 'a' } };
      await store.put(c, 'k', value);
      value.list.push(2);
      expect(await store.get(c, 'k')).toEqual({ list: [1], nested: { x: 'a' } });
    });

    it('hands out read-only values: changing what get or list returned throws and changes nothing', async () => {
      await store.put(c, 'k', { list: [1], nested: { x: 'a' } });
      const read = await store.get(c, 'k');
      const listed = (await store.list(c))[0]?.value;
      for (const value of [read, listed]) {
        if (!isRecord(value) || !isRecord(value.nested) || !Array.isArray(value.list))
          throw new Error('shape');
        const { nested, list } = value;
        expect(() => {
          nested.x = 'changed';
        }).toThrow(TypeError);
        expect(() => list.push(2)).toThrow(TypeError);
      }
      expect(await store.get(c, 'k')).toEqual({ list: [1], nested: { x: 'a' } });
    });

    it('refuses values JSON cannot represent', async () => {
      for (const bad of [undefined, () => 1, Number.NaN, { n: Infinity }, 10n, Symbol('s')]) {
        await expect(store.put(c, 'k', bad)).rejects.toMatchObject({ code: 'ERR_STORE_NOT_JSON' });
      }
      expect(await store.get(c, 'k')).toBeUndefined();
    });

    it('deletes a key and says whether it existed', async () => {
      await store.put(c, 'k', 1);
      expect(await store.delete(c, 'k')).toBe(true);
      expect(await store.delete(c, 'k')).toBe(false);
      expect(await store.get(c, 'k')).toBeUndefined();
    });

    it('lists by prefix in key order, treating LIKE wildcards literally', async () => {
      for (const key of ['b1', 'a2', 'a', 'a1', 'x%1', 'x_1', 'xa1', 'x\\1', 'é'])
        await store.put(c, key, key.length);
      await store.put(`${c}-other`, 'a3', 0);
      expect((await store.list(c, 'a')).map((e) => e.key)).toEqual(['a', 'a1', 'a2']);
      expect(await store.list(c, 'a1')).toEqual([{ key: 'a1', value: 2 }]);
      expect((await store.list(c, 'x%')).map((e) => e.key)).toEqual(['x%1']);
      expect((await store.list(c, 'x_')).map((e) => e.key)).toEqual(['x_1']);
      expect((await store.list(c, 'x\\')).map((e) => e.key)).toEqual(['x\\1']);
      expect((await store.list(c)).map((e) => e.key)).toEqual([
        'a',
        'a1',
        'a2',
        'b1',
        'x%1',
        'x\\1',
        'x_1',
        'xa1',
        'é',
      ]);
      expect(await store.list(`${c}-none`)).toEqual([]);
    });

    it('increments a counter from zero, by any step', async () => {
      expect(await store.increment(c, 'n')).toBe(1);
      expect(await store.increment(c, 'n', 5)).toBe(6);
      expect(await store.increment(c, 'n', -2)).toBe(4);
      expect(await store.get(c, 'n')).toBe(4);
    });

    it('counts every one of 50 concurrent increments exactly once', async () => {
      const results = await Promise.all(Array.from({ length: 50 }, () => store.increment(c, 'n')));
      expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await store.get(c, 'n')).toBe(50);
    });

    it('refuses to increment a value that is not a number', async () => {
      await store.put(c, 'k', 'text');
      await expect(store.increment(c, 'k')).rejects.toMatchObject({ code: 'ERR_STORE_NOT_A_COUNTER' });
      expect(await store.get(c, 'k')).toBe('text');
    });

    it('shows a transaction its own writes and deletions, and returns its result', async () => {
      await store.put(c, 'gone', 1);
      const result = await store.transaction(async (tx) => {
        await tx.put(c, 'new', 'v');
        await tx.delete(c, 'gone');
        expect(await tx.get(c, 'new')).toBe('v');
        expect(await tx.get(c, 'gone')).toBeUndefined();
        expect((await tx.list(c)).map((e) => e.key)).toEqual(['new']);
        return tx.increment(c, 'n', 3);
      });
      expect(result).toBe(3);
      expect(await store.list(c)).toEqual([
        { key: 'n', value: 3 },
        { key: 'new', value: 'v' },
      ]);
    });

    it('keeps nothing of a transaction that throws', async () => {
      await store.put(c, 'kept', 1);
      const failure = new Error('boom');
      await expect(
        store.transaction(async (tx) => {
          await tx.put(c, 'kept', 2);
          await tx.put(c, 'new', 1);
          await tx.increment(c, 'n');
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await store.list(c)).toEqual([{ key: 'kept', value: 1 }]);
    });

    it('never loses an update between concurrent read-modify-write transactions', async () => {
      await store.put(c, 'balance', { amount: 0 });
      const addOne = () =>
        store.transaction(async (tx) => {
          const current = await tx.get(c, 'balance');
          const amount =
            typeof current === 'object' && current !== null && 'amount' in current
              ? Number(current.amount)
              : NaN;
          // Yield between read and write so an unisolated store would interleave here.
          await sleep(2);
          await tx.put(c, 'balance', { amount: amount + 1 });
        });
      await Promise.all(Array.from({ length: 20 }, addOne));
      expect(await store.get(c, 'balance')).toEqual({ amount: 20 });
    });

    it('refuses use of the store itself inside its transaction, and rolls that transaction back', async () => {
      await expect(
        store.transaction(async (tx) => {
          await tx.put(c, 'k', 1);
          await store.get(c, 'k');
        }),
      ).rejects.toMatchObject({ code: 'ERR_STORE_NESTED' });
      await expect(store.transaction(async () => store.transaction(async () => 1))).rejects.toMatchObject({
        code: 'ERR_STORE_NESTED',
      });
      expect(await store.get(c, 'k')).toBeUndefined();
    });

    it('parses values on read through typedCollection', async () => {
      const parseAmount = (value: unknown): { amount: number } => {
        if (
          typeof value === 'object' &&
          value !== null &&
          'amount' in value &&
          typeof value.amount === 'number'
        ) {
          return { amount: value.amount };
        }
        throw new Error('not an amount');
      };
      const amounts = typedCollection(c, parseAmount);
      await store.transaction(async (tx) => {
        await amounts.put(tx, 'a', { amount: 1 });
        await amounts.put(tx, 'b', { amount: 2 });
      });
      expect(await amounts.get(store, 'a')).toEqual({ amount: 1 });
      expect(await amounts.get(store, 'z')).toBeUndefined();
      expect(await amounts.list(store)).toEqual([
        { key: 'a', value: { amount: 1 } },
        { key: 'b', value: { amount: 2 } },
      ]);
      await store.put(c, 'bad', { amount: 'one' });
      await expect(amounts.get(store, 'bad')).rejects.toMatchObject({ code: 'ERR_STORE_VALUE_INVALID' });
      expect(await amounts.delete(store, 'a')).toBe(true);
    });

    if (fixture.sharedByInstances) {
      it('serialises transactions of two instances on the same data', async () => {
        const other = await fixture.open();
        try {
          await store.put(c, 'n', 0);
          const bump = (s: Store) =>
            s.transaction(async (tx) => {
              const n = await tx.get(c, 'n');
              await sleep(2);
              await tx.put(c, 'n', Number(n) + 1);
            });
          await Promise.all(Array.from({ length: 20 }, (_, i) => bump(i % 2 === 0 ? store : other)));
          expect(await other.get(c, 'n')).toBe(20);
        } finally {
          await other.close();
        }
      });
    }

    if (fixture.durable) {
      it('keeps its data across close and re-open, and refuses use once closed', async () => {
        await store.put(c, 'k', { kept: true });
        await store.transaction(async (tx) => {
          await tx.increment(c, 'n', 7);
          await tx.put(c, 'gone', 1);
          await tx.delete(c, 'gone');
        });
        await store.close();
        await expect(store.get(c, 'k')).rejects.toMatchObject({ code: 'ERR_STORE_CLOSED' });
        store = await fixture.open();
        expect(await store.list(c)).toEqual([
          { key: 'k', value: { kept: true } },
          { key: 'n', value: 7 },
        ]);
      });
    } else {
      it('refuses use once closed', async () => {
        await store.close();
        await expect(store.put(c, 'k', 1)).rejects.toMatchObject({ code: 'ERR_STORE_CLOSED' });
        store = await fixture.open();
      });
    }
  });
}
