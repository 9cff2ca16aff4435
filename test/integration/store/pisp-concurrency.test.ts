/**
 * A first PISP token initiates one payment, and a payment is confirmed once, also when requests
 * arrive at once. Over PostgreSQL every read is I/O, so concurrent requests interleave between the
 * route's first check and its transaction: only the check made again inside the transaction holds
 * the line. (Over the memory store a request runs to its end within one turn of the event loop, so
 * the race cannot show there.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CbpiiPispFixture, paymentBody } from '../reference-cbpii-pisp/fixture.ts';

let f: CbpiiPispFixture;
let pkiDir: string;

beforeAll(async () => {
  pkiDir = await mkdtemp(join(tmpdir(), 'stet-race-pki-'));
  f = await CbpiiPispFixture.start({ store: { kind: 'postgres', url: inject('databaseUrl') }, pkiDir });
}, 120_000);

afterAll(async () => {
  await f.close();
  await rm(pkiDir, { recursive: true, force: true });
});

it('of initiations sent at once with one first token, one is 201 and the others 401', async () => {
  for (let round = 0; round < 6; round++) {
    const token = await f.firstToken();
    const send = () =>
      f.call({ method: 'POST', path: '/stet/psd2/v1.4.2/payment-requests', token, body: paymentBody() });
    const answers = await Promise.all([send(), send(), send(), send()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 401, 401, 401]);
  }
}, 60_000);

it('of confirmations of one payment sent at once, one is 200 and the others 409', async () => {
  for (let round = 0; round < 3; round++) {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    const send = () =>
      f.call({
        method: 'POST',
        path: `/stet/psd2/v1.4.2/payment-requests/${payment.id}/confirmation`,
        token: payment.secondToken,
        body: {},
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  }
}, 60_000);
