/**
 * docs/client-report.md's "Five minutes" walk-through, run as the page writes it: its shell lines are
 * read from the page and run in order, the placeholders a reader fills in (`<IBAN>`, `<resourceId>`,
 * the access token) taken from the answers before, as the reader does. Only the port (0, not 8443)
 * and the output folders (a scratch folder) differ. The page changing its commands changes the test.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { shellLines } from './doc-shell.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const page = readFileSync(join(root, 'docs', 'client-report.md'), 'utf8');
const section = page.slice(page.indexOf('## Five minutes'), page.indexOf('### The signing string'));
const bin = join(root, 'bin', 'stet-harness.ts');

/** Words of a shell line, quotes removed. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', bin, ...args], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The JSON body `sign` prints after the status line and the headers. */
function body(ran: Ran): unknown {
  const at = ran.stdout.indexOf('\n\n');
  return JSON.parse(ran.stdout.slice(at + 2));
}

let scratch = '';
let stopServer = (): void => undefined;

afterAll(async () => {
  stopServer();
  if (scratch !== '') await rm(scratch, { recursive: true, force: true });
});

describe('docs/client-report.md, Five minutes: from serve to a signed balances read', () => {
  it('reaches its end: signed reads, a consent, the balances at the URI of _links, the client report', async () => {
    scratch = await mkdtemp(join(tmpdir(), 'client-report-walk-'));
    const lines = shellLines(section);
    const commands = lines.filter((line) => line.startsWith('npx stet-harness '));
    // serve, the login, three signed calls and the report: what the page tells the reader to run.
    expect(commands.map((line) => words(line).slice(2, 3)[0])).toEqual([
      'serve',
      'sign',
      'sign',
      'sign',
      'sign',
      'sign',
    ]);
    const target = join(scratch, 'serve-target.yaml');
    const reports = join(scratch, 'client');
    const values: Record<string, string> = {};
    const fill = (line: string): string[] =>
      words(line)
        .slice(2)
        .map((w) =>
          w
            .replace('.data/serve-target.yaml', target)
            .replace('reports/client', reports)
            .replace(/^\$T$/, target)
            .replace(/^\$TOKEN$/, values.token ?? '$TOKEN')
            .replace('<IBAN>', values.iban ?? '<IBAN>')
            .replace('<resourceId>', values.resourceId ?? '<resourceId>'),
        );

    const [serveLine, loginLine, accountsLine, consentLine, balancesLine, reportLine] = commands;
    const serveArgs = fill(serveLine ?? '');
    serveArgs[serveArgs.indexOf('--port') + 1] = '0';
    const server = spawn(process.execPath, ['--import', 'tsx', bin, ...serveArgs], { cwd: root });
    stopServer = () => server.kill('SIGTERM');
    const serverExit = new Promise((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      let log = '';
      server.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('reference bank listening on')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`serve exited ${String(code)}`)));
    });
    expect(existsSync(target)).toBe(true);

    const login = await run(fill(loginLine ?? ''));
    expect(login.code).toBe(0);
    const token = /"access_token": "([^"]+)"/.exec(login.stdout)?.[1];
    expect(token).toBeDefined();
    values.token = token ?? '';

    const accounts = await run(fill(accountsLine ?? ''));
    expect(accounts.code).toBe(0);
    expect(accounts.stderr).toContain('signing string (signed with the QSEAL key, rsa-sha256):');
    expect(accounts.stderr).toContain('the signature covers (request-target) digest');
    const list = body(accounts) as { accounts: { accountId?: { iban?: string; currency?: string } }[] };
    // The page: "the euro account (`accountId.iban` of the `EUR` account)".
    const euro = list.accounts.find((a) => a.accountId?.currency === 'EUR' && a.accountId.iban !== undefined);
    values.iban = euro?.accountId?.iban ?? '';
    expect(values.iban).not.toBe('');

    const consent = await run(fill(consentLine ?? ''));
    expect(consent.stdout.startsWith('HTTP 201')).toBe(true);

    const again = await run(fill(accountsLine ?? ''));
    const withLinks = body(again) as {
      accounts: { resourceId: string; _links?: { balances?: { href: string } } }[];
    };
    const linked = withLinks.accounts.find((a) => a._links?.balances !== undefined);
    expect(linked?._links?.balances?.href).toContain(`/accounts/${linked?.resourceId ?? ''}/balances`);
    values.resourceId = linked?.resourceId ?? '';

    const balances = await run(fill(balancesLine ?? ''));
    expect(balances.stdout.startsWith('HTTP 200')).toBe(true);
    expect(JSON.stringify(body(balances))).toContain('"balanceType":"CLBD"');

    const report = await run(fill(reportLine ?? ''));
    expect(report.code).toBe(0);
    const lsLine = lines.find((line) => line.startsWith('ls reports/client/'));
    const folder = (words(lsLine ?? '')[1] ?? '').replace('reports/client', reports);
    for (const file of ['junit.xml', 'report.json', 'report.html'])
      expect(existsSync(join(folder, file))).toBe(true);

    stopServer();
    await serverExit;
  }, 180_000);
});
