import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { psd2RoleForStetRole, psd2Roles, type Psd2Role } from '../../protocol/psd2-roles.ts';
import { defaultServerNames, generateTestPki, readTestCa, PkiError } from '../../pki/index.ts';
import { ExitCode } from '../../lib/exit-codes.ts';

interface CertsOptions {
  out: string;
  org: string;
  roles: string;
  ncaName?: string;
  ncaId?: string;
  caCert?: string;
  caKey?: string;
  serverNames: string;
}

/**
 * `stet-harness certs`: writes a test PKI (CA, server certificate, QWAC, QSEAL) to a directory.
 *
 * Roles are given as STET roles (AISP, PISP, CBPII) or PSD2 roles (PSP_AI, PSP_PI, PSP_IC, PSP_AS).
 */
export function register(program: Command): void {
  program
    .command('certs')
    .description(
      'generate a test PKI: CA, TLS server certificate, and a TPP QWAC and QSEAL with the PSD2 QCStatement',
    )
    .requiredOption('--out <dir>', 'directory to write the PEM files to')
    .option('--org <organizationIdentifier>', 'TPP organizationIdentifier', 'PSDFR-ACPR-12345')
    .option(
      '--roles <roles>',
      'comma-separated roles: AISP, PISP, CBPII (or PSP_AI, PSP_PI, PSP_IC, PSP_AS)',
      'AISP,PISP,CBPII',
    )
    .option('--nca-name <name>', 'competent authority name (default: the NCA part of --org)')
    .option('--nca-id <id>', 'competent authority id (default: <country>-<NCA> from --org, e.g. FR-ACPR)')
    .option('--ca-cert <file>', 'reuse this CA certificate (with --ca-key) instead of creating a CA')
    .option('--ca-key <file>', 'private key of --ca-cert')
    .option(
      '--server-names <names>',
      'comma-separated DNS names and IPs of the server certificate, or "none"',
      defaultServerNames.join(','),
    )
    .addHelpText(
      'after',
      examples('stet-harness certs --out certs/ --org PSDFR-ACPR-12345 --roles AISP,PISP'),
    )
    .action(async (options: CertsOptions) => {
      const roles = parseRoles(options.roles);
      if ((options.caCert === undefined) !== (options.caKey === undefined)) {
        throw new PkiError('ERR_PKI_CA_UNREADABLE', '--ca-cert and --ca-key go together', {
          hint: 'give both to reuse a CA, or neither to create one',
        });
      }
      const ca =
        options.caCert !== undefined && options.caKey !== undefined
          ? await readTestCa(options.caCert, options.caKey)
          : undefined;
      const serverNames = options.serverNames === 'none' ? [] : splitList(options.serverNames);
      const pki = await generateTestPki({
        outDir: options.out,
        organizationIdentifier: options.org,
        roles,
        ncaName: options.ncaName,
        ncaId: options.ncaId,
        ca,
        serverNames,
      });
      const files = pki.files;
      if (files === undefined) return;
      const lines = [
        ['CA certificate', files.ca],
        ['CA key', files.caKey],
        ['server certificate', files.server],
        ['server key', files.serverKey],
        ['QWAC', files.qwac],
        ['QWAC key', files.qwacKey],
        ['QSEAL', files.qseal],
        ['QSEAL key', files.qsealKey],
      ] as const;
      process.stdout.write(`wrote a test PKI for ${options.org} (roles ${roles.join(', ')}):\n`);
      for (const [label, path] of lines)
        if (path !== undefined) process.stdout.write(`  ${label.padEnd(20)}${path}\n`);
      process.exitCode = ExitCode.Conforms;
    });
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function parseRoles(value: string): Psd2Role[] {
  return splitList(value).map((name) => {
    const upper = name.toUpperCase();
    const fromStet =
      upper === 'AISP' || upper === 'PISP' || upper === 'CBPII' ? psd2RoleForStetRole[upper] : undefined;
    const role = fromStet ?? psd2Roles.find((r) => r === upper);
    if (role === undefined) {
      throw new PkiError('ERR_PKI_BAD_ROLE', `unknown role ${JSON.stringify(name)}`, {
        hint: 'roles are AISP, PISP, CBPII (or PSP_AI, PSP_PI, PSP_IC, PSP_AS)',
      });
    }
    return role;
  });
}
