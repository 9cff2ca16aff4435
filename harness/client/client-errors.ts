import { CodedError } from '../../lib/coded-error.ts';

/** Codes of the errors the HTTP client raises: the harness cannot reach or trust the target. */
export type ClientErrorCode =
  'ERR_TARGET_UNREACHABLE' | 'ERR_TARGET_CERTIFICATE' | 'ERR_CLIENT_CREDENTIALS' | 'ERR_CLIENT_CERTIFICATE';

/** The target could not be reached or trusted; this is a harness error (exit 2), not a verdict. */
export class ClientError extends CodedError<ClientErrorCode> {}

const certificateCodes = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const timeoutCodes = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);

/** Maps a low-level connection error to a {@link ClientError} saying what to fix. */
export function toClientError(error: unknown, origin: string, host: string, timeoutMs?: number): ClientError {
  const code = errorCode(error) ?? errorCode(error instanceof Error ? error.cause : undefined);
  const detail = error instanceof Error ? error.message : String(error);
  if (code !== undefined && timeoutCodes.has(code)) {
    const limit = timeoutMs === undefined ? 'in time' : `within ${timeoutMs / 1000} s`;
    return new ClientError(
      'ERR_TARGET_UNREACHABLE',
      `${host} at ${origin} did not answer ${limit} (${code})`,
      {
        cause: error,
        hint: 'check that the host is up and answers HTTPS requests; raise --timeout if it is merely slow',
      },
    );
  }
  if (code !== undefined && certificateCodes.has(code)) {
    return new ClientError(
      'ERR_TARGET_CERTIFICATE',
      `the server certificate of ${host} is not trusted (${code})`,
      {
        cause: error,
        hint: 'set `ca:` in the target file to the CA that signed the server certificate, and check the host name',
      },
    );
  }
  if (code === 'ERR_OSSL_PEM_NO_START_LINE' || code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH') {
    return new ClientError('ERR_CLIENT_CREDENTIALS', `the QWAC certificate or key cannot be used (${code})`, {
      cause: error,
      hint: 'check the tpp.qwac cert and key paths of the target file (PEM, matching pair)',
    });
  }
  return new ClientError('ERR_TARGET_UNREACHABLE', `cannot reach ${host} at ${origin}: ${code ?? detail}`, {
    cause: error,
    hint: 'check baseUrl and connect in the target file, and that the host is up and reachable from here',
  });
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
