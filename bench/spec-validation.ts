/**
 * `npm run bench:spec`: prints the cost of the spec library's validators — first use (load and compile)
 * and then µs per validation of typical bodies, compiled once and cached.
 */
import { performance } from 'node:perf_hooks';
import { newestApiVersion, responseValidator, schemaValidator } from '../spec/lib/index.ts';
import type { Validator } from '../spec/lib/index.ts';

// Bodies of the newest version: its documents are the largest.
const version = newestApiVersion;
const account = {
  cashAccountType: 'CACC',
  accountId: { iban: 'FR7613807008043001965405255', currency: 'EUR' },
  resourceId: 'A1',
  name: 'Compte courant',
  usage: 'PRIV',
  _links: { balances: { href: `/stet/psd2/${version}/accounts/A1/balances` } },
};
const transactions = {
  transactions: Array.from({ length: 200 }, (_, i) => ({
    resourceId: `T${i}`,
    entryReference: String(i),
    transactionAmount: { amount: `${i}.00`, currency: 'EUR' },
    creditDebitIndicator: 'DBIT',
    status: 'BOOK',
    bookingDate: '2025-03-01',
    remittanceInformation: { unstructured: ['Order'] },
  })),
  _links: { self: { href: '/x' } },
};

function time(label: string, validator: Validator, value: unknown, rounds: number): void {
  if (!validator(value).valid) throw new Error(`${label}: the benchmark body does not validate`);
  const start = performance.now();
  for (let i = 0; i < rounds; i += 1) validator(value);
  const micros = ((performance.now() - start) * 1000) / rounds;
  process.stdout.write(`${label.padEnd(52)} ${micros.toFixed(2).padStart(9)} µs/validation\n`);
}

const first = performance.now();
const accountValidator = schemaValidator('Account', version);
process.stdout.write(
  `${`first use (load ${version} document, compile)`.padEnd(52)} ${(performance.now() - first).toFixed(1).padStart(9)} ms\n`,
);
const list = responseValidator(version, 'GET', `/stet/psd2/${version}/accounts/A1/transactions`, 200);
if (list === undefined) throw new Error('no validator for the transactions response');

time('Account (schemaValidator)', accountValidator, account, 100_000);
const balance = schemaValidator('Balance', version);
const wrongBalance = { name: 'x', balanceType: 'CLBD', balanceAmount: { amount: 1, currency: 'EUR' } };
const refusedStart = performance.now();
for (let i = 0; i < 100_000; i += 1) balance(wrongBalance);
process.stdout.write(
  `${'Balance refused (amount as number, readable errors)'.padEnd(52)} ${(((performance.now() - refusedStart) * 1000) / 100_000).toFixed(2).padStart(9)} µs/validation\n`,
);
time('transactions page of 200 (responseValidator)', list, transactions, 2_000);
const lookup = performance.now();
for (let i = 0; i < 100_000; i += 1)
  responseValidator(version, 'GET', `/stet/psd2/${version}/accounts/A1/balances`, 200);
process.stdout.write(
  `${'responseValidator lookup (cached)'.padEnd(52)} ${(((performance.now() - lookup) * 1000) / 100_000).toFixed(2).padStart(9)} µs/call\n`,
);
