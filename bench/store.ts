/**
 * Storage figures: start-up time of the embedded store (fresh and re-opened) and the per-operation
 * latency of each store kind. PostgreSQL is measured when DATABASE_URL is set.
 *
 *   npx tsx bench/store.ts [operations per figure, default 500]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store, type StoreOptions } from '../reference-aspsp/store/index.ts';

const count = Number(process.argv[2] ?? 500);
if (!Number.isInteger(count) || count <= 0) {
  process.stderr.write('usage: tsx bench/store.ts [operations per figure, a positive integer]\n');
  process.exit(2);
}

async function timed<R>(fn: () => Promise<R>): Promise<[R, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

async function perOperation(label: string, fn: (i: number) => Promise<unknown>): Promise<void> {
  const [, ms] = await timed(async () => {
    for (let i = 0; i < count; i += 1) await fn(i);
  });
  process.stdout.write(`  ${label.padEnd(34)}${((ms / count) * 1000).toFixed(1).padStart(9)} µs/op\n`);
}

async function measure(kind: string, store: Store): Promise<void> {
  process.stdout.write(`${kind}:\n`);
  const c = `bench-${Date.now()}`;
  await perOperation('put', (i) => store.put(c, `k${i}`, { i, text: 'x'.repeat(100) }));
  await perOperation('get', (i) => store.get(c, `k${i}`));
  await perOperation('increment', () => store.increment(c, 'counter'));
  await perOperation('transaction (get + put)', (i) =>
    store.transaction(async (tx) => tx.put(c, `k${i}`, { previous: await tx.get(c, `k${i}`) })),
  );
  const matching = (await store.list(c, 'k1')).length;
  await perOperation(`list (prefix matching ${matching} of ${count})`, () => store.list(c, 'k1'));
  const [, parallelMs] = await timed(() =>
    Promise.all(Array.from({ length: count }, () => store.increment(c, 'parallel'))),
  );
  process.stdout.write(
    `  ${`${count} concurrent increments`.padEnd(34)}${parallelMs.toFixed(0).padStart(9)} ms total\n`,
  );
}

async function withStore(kind: string, options: StoreOptions): Promise<void> {
  const store = await openStore(options);
  try {
    await measure(kind, store);
  } finally {
    await store.close();
  }
}

await withStore('memory', { kind: 'memory' });

const dir = await mkdtemp(join(tmpdir(), 'stet-bench-store-'));
try {
  const [fresh, freshMs] = await timed(() => openStore({ kind: 'embedded', dir }));
  await fresh.close();
  const [reopened, reopenMs] = await timed(() => openStore({ kind: 'embedded', dir }));
  await measure('embedded', reopened);
  await reopened.close();
  const [loaded, loadedMs] = await timed(() => openStore({ kind: 'embedded', dir }));
  await loaded.close();
  process.stdout.write('embedded start-up:\n');
  process.stdout.write(`  ${'fresh directory'.padEnd(34)}${freshMs.toFixed(0).padStart(9)} ms\n`);
  process.stdout.write(`  ${'re-open, empty'.padEnd(34)}${reopenMs.toFixed(0).padStart(9)} ms\n`);
  process.stdout.write(`  ${`re-open, ${count + 3} keys`.padEnd(34)}${loadedMs.toFixed(0).padStart(9)} ms\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}

const url = process.env['DATABASE_URL'];
if (url === undefined || url === '') {
  process.stdout.write(
    'postgres: not measured (set DATABASE_URL=postgresql://… to a database it may write to)\n',
  );
} else {
  await withStore('postgres', { kind: 'postgres', url });
}
