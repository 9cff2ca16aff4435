import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { CodedError } from '../../lib/coded-error.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { parseChoicesOption } from '../choices-option.ts';
import { checkFaultNames } from '../fault-names.ts';
import { checkOutputDir, checkOutputFile } from '../output-paths.ts';
import { defaultListenHost, listenWarning } from '../../traffic/net/listen-address.ts';
import type { ReferenceAppOptions, StoreOption } from '../../reference-aspsp/index.ts';

/** A `serve` option the user must fix. */
export class ServeOptionError extends CodedError<'ERR_SERVE_OPTION'> {}

interface ServeOptions {
  readonly port: string;
  readonly host: string;
  readonly store: string;
  readonly data: string;
  readonly database: string | undefined;
  readonly clock: string;
  readonly mode: string;
  readonly fault: string[];
  readonly choices: string;
  readonly calendar: string | undefined;
  readonly pki: string | undefined;
  readonly clientReport: string | undefined;
  readonly redirectUri: string[];
  readonly writeTarget: string | undefined;
  readonly institutions: string | undefined;
}

/**
 * `stet-harness serve`: the reference bank as a long-running HTTPS service (mTLS).
 *
 * Prints one JSON line on stdout (docs/contracts.md §8), then logs to stderr; SIGTERM or SIGINT closes
 * the server and the store and exits 0.
 */
export function register(program: Command): void {
  program
    .command('serve')
    .description(
      'run the reference bank (HTTPS with mutual TLS); prints one JSON start line, then logs to stderr',
    )
    .option('--port <port>', 'port to listen on (0 = any free port)', '8443')
    .option(
      '--host <address>',
      'address to listen on; a non-loopback one opens the bank to the network (warned)',
      defaultListenHost,
    )
    .option('--store <kind>', 'memory | embedded | postgres', 'embedded')
    .option('--data <dir>', 'data directory: embedded store and generated PKI', join('.data', 'reference'))
    .option('--database <url>', 'PostgreSQL URL (with --store postgres)')
    .option(
      '--pki <dir>',
      'where the generated CA, server and demo TPP certificates are kept (default: <data>/pki; with --store memory a temporary directory)',
    )
    .option('--clock <clock>', 'system, or an ISO instant the clock starts from', 'system')
    .option('--mode <mode>', 'sandbox | live', 'sandbox')
    .option('--fault <name>', 'start with a deliberate deviation (repeatable)', collect, [])
    .option(
      '--choices <bank>',
      'where the seed is silent, play reference (the choice rules as spec/rules.yaml reads them) or alternate (the other seed-true choice of each, spec/rules.yaml alternate:)',
      'reference',
    )
    .option(
      '--calendar <file>',
      'version calendar overrides (YAML `v1.4.2: 2026-01-01`): versions are refused from T0 + 3 months',
    )
    .option(
      '--client-report <dir>',
      'judge each TPP client: write <dir>/<client_id>/ reports (JUnit, JSON, HTML) on GET /sandbox/v1/client-report and on stop',
    )
    .option(
      '--redirect-uri <uri>',
      'enrol the demo TPP with this redirect URI too (repeatable; loopback http://127.0.0.1/callback on any port is always accepted)',
      collect,
      [],
    )
    .option('--write-target <file>', 'write a target file (YAML) pointing the harness at this server')
    .option(
      '--institutions <file>',
      'institutions file (the format of reference-aspsp/institutions/institutions.yaml) replacing the shipped one, e.g. to turn an institution option such as signatureFreshness on',
    )
    .addHelpText(
      'after',
      examples(
        'stet-harness serve --port 8443 --write-target targets/local.yaml',
        'stet-harness serve --port 0 --store memory --fault pages-overlap',
      ),
    )
    .action(async (raw: ServeOptions) => {
      const served = { url: '' };
      const options = { ...parseOptions(raw), ...clientOptions(raw, served) };
      if (options.store?.kind === 'embedded' && !existsSync(join(options.store.dir, 'pglite'))) {
        process.stderr.write(`no store in ${options.store.dir}: starting with an empty one\n`);
      }
      const warning = listenWarning('serve', raw.host);
      if (warning !== undefined) process.stderr.write(`${warning}\n`);
      // Loaded on use: the reference (stores, PGlite) is the heaviest import of the CLI.
      const { startReference } = await import('../../reference-aspsp/index.ts');
      const reference = await startReference(options);
      served.url = reference.url;
      process.stdout.write(`${JSON.stringify(reference.info)}\n`);
      if (raw.writeTarget !== undefined) {
        const { writeServeTarget } = await import('../serve-target-file.ts');
        // Written after start (it needs the port): a write that fails stops the server again.
        await writeServeTarget(reference.info, raw.writeTarget).catch(async (error: unknown) => {
          await reference.close();
          throw error;
        });
        process.stderr.write(`target file written to ${raw.writeTarget}\n`);
      }
      process.stderr.write(
        `reference bank listening on ${reference.url} (${options.mode}, store ${raw.store})\n`,
      );
      await new Promise<void>((resolve) => {
        const stop = (signal: NodeJS.Signals): void => {
          process.stderr.write(`${signal}: stopping\n`);
          process.off('SIGTERM', stop);
          process.off('SIGINT', stop);
          resolve();
        };
        process.on('SIGTERM', stop);
        process.on('SIGINT', stop);
      });
      await reference.close();
      process.exitCode = ExitCode.Conforms;
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function parseOptions(raw: ServeOptions): ReferenceAppOptions & { mode: 'sandbox' | 'live' } {
  const port = Number(raw.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw optionError(`--port ${raw.port} is not a port number`, 'use 0 to 65535');
  if (raw.mode !== 'sandbox' && raw.mode !== 'live')
    throw optionError(`--mode ${raw.mode} is unknown`, 'use sandbox or live');
  let store: StoreOption;
  switch (raw.store) {
    case 'memory':
      store = { kind: 'memory' };
      break;
    case 'embedded':
      store = { kind: 'embedded', dir: join(raw.data, 'store') };
      break;
    case 'postgres':
      if (raw.database === undefined)
        throw optionError('--store postgres needs --database', 'e.g. --database postgres://localhost/stet');
      store = { kind: 'postgres', url: raw.database };
      break;
    default:
      throw optionError(`--store ${raw.store} is unknown`, 'use memory, embedded or postgres');
  }
  return {
    port,
    host: raw.host,
    store,
    ...(raw.pki !== undefined
      ? { pkiDir: raw.pki }
      : raw.store === 'memory'
        ? {}
        : { pkiDir: join(raw.data, 'pki') }),
    clock: raw.clock,
    mode: raw.mode,
    faults: checkedFaults(raw.fault),
    choices: parseChoicesOption(raw.choices, optionError),
    ...(raw.calendar === undefined ? {} : { calendar: raw.calendar }),
    ...institutionsOption(raw.institutions),
  };
}

/** `--fault` names, checked before the bank starts (a typo gets a "did you mean"). */
function checkedFaults(names: string[]): string[] {
  checkFaultNames(names);
  return names;
}

/** `--institutions FILE`, checked to exist (its content is checked when the reference loads it). */
function institutionsOption(file: string | undefined): Pick<ReferenceAppOptions, 'institutionsFile'> {
  if (file === undefined) return {};
  if (!existsSync(file) || !statSync(file).isFile())
    throw optionError(
      `--institutions ${file} is not a file`,
      'give a YAML file in the format of reference-aspsp/institutions/institutions.yaml',
    );
  return { institutionsFile: file };
}

/** The client report and redirect URI options, handed to the reference as it expects them. */
function clientOptions(
  raw: ServeOptions,
  served: { readonly url: string },
): Pick<ReferenceAppOptions, 'clientReport' | 'redirectUris'> {
  for (const uri of raw.redirectUri) {
    if (!URL.canParse(uri) || !/^https?:/.test(uri) || uri.includes('#'))
      throw optionError(
        `--redirect-uri ${uri} is not an http(s) URL`,
        'e.g. --redirect-uri https://tpp.example/cb',
      );
  }
  // Checked before the server starts: a report folder that names a file fails now, not on stop.
  if (raw.writeTarget !== undefined) {
    const folder = dirname(resolve(raw.writeTarget));
    if (existsSync(folder)) checkOutputFile(raw.writeTarget, '--write-target');
  }
  const dir = raw.clientReport;
  if (dir !== undefined) checkOutputDir(dir, '--client-report');
  if (dir === undefined) return { redirectUris: raw.redirectUri };
  return {
    redirectUris: raw.redirectUri,
    clientReport: {
      onReport: async (report) => {
        const { writeClientReport } = await import('../client-report-files.ts');
        await writeClientReport(report, { dir, baseUrl: served.url, console: process.stderr });
      },
    },
  };
}

function optionError(message: string, hint: string): ServeOptionError {
  return new ServeOptionError('ERR_SERVE_OPTION', message, { hint });
}
