import { writeFileSync } from 'node:fs';
import type { StartLine } from '../../../reference-aspsp/index.ts';

/**
 * Writes a target file (contracts §9) for a running reference's institution 10101 with its sandbox,
 * dialling `connect` (the reference itself, a recording proxy or a replay) and trusting `ca` (a path).
 */
export function writeReferenceTarget(
  path: string,
  info: StartLine,
  options: { name: string; connect: string; ca: string },
): string {
  const { tpp } = info;
  writeFileSync(
    path,
    `name: ${options.name}
baseUrl: https://api-<institution_code>.psd2.groupbank.example
connect: ${options.connect}
ca: ${options.ca}
versions: [v1, v1.4.2, v1.6.2]
institutions: [{ code: '10101' }]
tpp:
  clientId: ${tpp.clientId}
  qwac: { cert: ${tpp.qwacCert}, key: ${tpp.qwacKey} }
  qseal: { key: ${tpp.qsealKey}, cert: ${tpp.qsealCert}, keyId: ${tpp.keyId} }
  redirectUri: ${tpp.redirectUri}
capabilities: [sandbox]
`,
    'utf8',
  );
  return path;
}
