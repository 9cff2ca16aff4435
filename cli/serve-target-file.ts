/**
 * `serve --write-target FILE`: the target file (docs/contracts.md §9) that points the harness, or a
 * TPP developer's own tooling, at the running reference.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { stringify } from 'yaml';
import { CodedError } from '../lib/coded-error.ts';
import { apiVersions } from '../spec/lib/index.ts';
import type { StartLine, StartLineTpp } from '../reference-aspsp/index.ts';

/** The target file could not be written. */
export class TargetFileError extends CodedError<'ERR_TARGET_FILE_WRITE'> {}

function tppEntry(tpp: StartLineTpp): Record<string, unknown> {
  return {
    clientId: tpp.clientId,
    qwac: { cert: tpp.qwacCert, key: tpp.qwacKey },
    qseal: { key: tpp.qsealKey, cert: tpp.qsealCert, keyId: tpp.keyId },
    redirectUri: tpp.redirectUri,
  };
}

/**
 * The target of a running reference as a plain value: every institution with its differences, the
 * demo TPP and its alternates, absolute PEM paths. In sandbox mode the harness clones its PSUs
 * through the control API, so no persona is listed.
 */
export function serveTarget(info: StartLine): Record<string, unknown> {
  const url = new URL(info.url);
  return {
    name: 'reference-serve',
    baseUrl: 'https://api-<institution_code>.psd2.groupbank.example',
    connect: url.host,
    ca: info.ca,
    // The demo CA with its key: the harness issues near-miss QSEALs under it (docs/certificates.md).
    qsealIssuer: { cert: info.ca, key: info.caKey },
    versions: [...apiVersions],
    institutions: info.institutions.map((institution) => ({
      code: institution.code,
      confirmationSegment: institution.confirmationSegment,
      fundsConfirmation: institution.fundsConfirmation,
      ...(institution.sandboxHost === undefined ? { sandbox: false } : {}),
      signature: { headers: [...institution.signatureHeaders] },
      ...(institution.signatureFreshness === undefined
        ? {}
        : { signatureFreshness: { ...institution.signatureFreshness } }),
    })),
    tpp: tppEntry(info.tpp),
    tpps: {
      aispOnly: tppEntry(info.tpps.aispOnly),
      unenrolled: tppEntry(info.tpps.unenrolled),
      foreignCa: tppEntry(info.tpps.foreignCa),
    },
    personas: {},
    capabilities: [info.mode === 'live' ? 'live' : 'sandbox'],
  };
}

/** Writes {@link serveTarget} as YAML to `file`. */
export async function writeServeTarget(info: StartLine, file: string): Promise<void> {
  const text = `# Written by stet-harness serve --write-target: the reference at ${info.url}.\n# npx stet-harness run --target ${file}\n${stringify(serveTarget(info))}`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text, 'utf8');
  } catch (cause) {
    throw new TargetFileError('ERR_TARGET_FILE_WRITE', `cannot write the target file ${file}`, {
      cause,
      hint: 'choose a --write-target path in a folder you can write to',
    });
  }
}
