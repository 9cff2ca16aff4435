import { spawn } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineVerifier, WorkerVerifier } from '../../../../reference-aspsp/server/signature-verifier.ts';

const first = generateKeyPairSync('rsa', { modulusLength: 2048 });
const second = generateKeyPairSync('rsa', { modulusLength: 2048 });
const firstKey = createPublicKey(first.publicKey.export({ type: 'spki', format: 'pem' }));
const secondKey = createPublicKey(second.publicKey.export({ type: 'spki', format: 'pem' }));

function signed(text: string, privateKey = first.privateKey): { data: Buffer; signature: Buffer } {
  const data = Buffer.from(text, 'utf8');
  return { data, signature: sign('sha256', data, privateKey) };
}

const verifiers: WorkerVerifier[] = [];
function workerVerifier(): WorkerVerifier {
  const verifier = new WorkerVerifier();
  verifiers.push(verifier);
  return verifier;
}

afterEach(async () => {
  await Promise.all(verifiers.splice(0).map((verifier) => verifier.close()));
});

describe('the worker signature verifier', () => {
  it('answers each verification of a batch with its own outcome, whatever the key', async () => {
    const verifier = workerVerifier();
    const a = signed('(request-target): get /accounts');
    const b = signed('(request-target): get /accounts?page=2', second.privateKey);
    const c = signed('x-request-id: 1');
    // Asked in one turn: the first goes at once, the others together once it is answered; two keys,
    // valid and invalid mixed.
    const answers = await Promise.all([
      verifier.verify(a.data, firstKey, a.signature),
      verifier.verify(b.data, secondKey, b.signature),
      verifier.verify(b.data, firstKey, b.signature),
      verifier.verify(Buffer.from('(request-target): get /other'), firstKey, a.signature),
      verifier.verify(c.data, firstKey, c.signature),
    ]);
    expect(answers).toEqual([true, true, false, false, true]);
  });

  it('answers batches sent while an earlier one is on the worker', async () => {
    const verifier = workerVerifier();
    const a = signed('one');
    const b = signed('two');
    const earlier = verifier.verify(a.data, firstKey, a.signature);
    // A later turn, the first batch maybe still on the worker.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [
      verifier.verify(b.data, firstKey, b.signature),
      verifier.verify(b.data, firstKey, a.signature),
    ];
    expect(await Promise.all([earlier, ...later])).toEqual([true, true, false]);
  });

  it('agrees with the inline verifier', async () => {
    const verifier = workerVerifier();
    const cases = [signed('same'), signed('other', second.privateKey)];
    for (const { data, signature } of cases) {
      for (const key of [firstKey, secondKey]) {
        expect(await verifier.verify(data, key, signature)).toBe(inlineVerifier.verify(data, key, signature));
      }
    }
  });

  it('fails the verifications still waiting when closed, and verifies on the calling thread after', async () => {
    const verifier = workerVerifier();
    const a = signed('closing');
    const waiting = verifier.verify(a.data, firstKey, a.signature);
    // Handled before close() rejects it: a rejection with no handler yet is an unhandled one.
    const refused = expect(waiting).rejects.toThrow('closed');
    await verifier.close();
    await refused;
    expect(verifier.verify(a.data, firstKey, a.signature)).toBe(true);
    expect(verifier.verify(a.data, secondKey, a.signature)).toBe(false);
  });
});

describe('the worker signature verifier in a process', () => {
  it('keeps the process alive while a verification is out, and lets it end once answered', async () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const module = pathToFileURL(join(root, 'reference-aspsp/server/signature-verifier.ts')).href;
    const dir = await mkdtemp(join(tmpdir(), 'stet-verifier-'));
    const script = join(dir, 'verify-once.mts');
    // Nothing else keeps this process alive: no server, no timer, and the verifier is never closed.
    await writeFile(
      script,
      [
        "import { generateKeyPairSync, sign } from 'node:crypto';",
        `import { WorkerVerifier } from ${JSON.stringify(module)};`,
        "const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });",
        "const data = Buffer.from('once');",
        "const answer = await new WorkerVerifier().verify(data, publicKey, sign('sha256', data, privateKey));",
        'process.stdout.write(String(answer));',
      ].join('\n'),
    );
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => child.kill(), 20_000);
        child.on('exit', (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      expect({ stdout, code }).toEqual({ stdout: 'true', code: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
