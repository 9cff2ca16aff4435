import type { CaseResult, RunReport } from '../../../../harness/report/model.ts';
import { matrixOf, summarize } from '../../../../harness/report/model.ts';
import { SecretSet } from '../../../../harness/report/redact.ts';

/** Secrets planted in the fixture's transcripts, messages and curl commands. */
export const planted = {
  accessToken: 'at-7f3c9e1b5a2d4c6e8f0a',
  refreshToken: 'rt-1a2b3c4d5e6f7a8b9c0d',
  code: 'code-Zq9xW8vU7tS6rR5',
  otp: '48151623',
  verifier: 'verifier-kJh6GfD5sA4pO3iU2yT1',
} as const;

/** A response body crafted to break out of the HTML report if anything were left unescaped. */
export const hostileBody =
  '{"message":"</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">","x":"]]><!--"}';

const rule = { id: 'AIS-TRX-003', title: 'Transactions fall in [dateFrom, dateTo)', section: '4.3.2' };
const tokenRule = { id: 'TOK-001', title: 'Refresh gives a new access token', section: '3.2' };

function base(overrides: Partial<CaseResult> & Pick<CaseResult, 'case' | 'status'>): CaseResult {
  return {
    suite: 'ais-transactions',
    title: `title of ${overrides.case}`,
    version: 'v1.4.2',
    institution: '10101',
    rules: [rule],
    durationMs: 12,
    steps: [],
    ...overrides,
  };
}

/** A hand-made run with every status, two versions and two institutions, secrets left in clear. */
export function rawReport(): RunReport {
  const failed = base({
    case: 'date-range',
    status: 'failed',
    failure: {
      message: 'bookingDate outside [dateFrom, dateTo)',
      expected: 'before 2024-01-10',
      actual: '2024-01-10',
      step: 1,
    },
    steps: [
      {
        name: 'refresh',
        kind: 'token',
        status: 'passed',
        durationMs: 4,
        transcript: [
          {
            request: {
              method: 'POST',
              url: 'https://api-10101.psd2.groupbank.example/oauth/token',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: `grant_type=refresh_token&refresh_token=${planted.refreshToken}&code_verifier=${planted.verifier}`,
            },
            response: {
              status: 200,
              headers: { 'content-type': 'application/json' },
              body: `{"access_token":"${planted.accessToken}","refresh_token":"${planted.refreshToken}"}`,
            },
          },
        ],
      },
      {
        name: 'transactions',
        kind: 'request',
        status: 'failed',
        durationMs: 6,
        message: `bookingDate 2024-01-10 with token ${planted.accessToken}`,
        transcript: [
          {
            request: {
              method: 'GET',
              url: 'https://api-10101.psd2.groupbank.example/stet/psd2/v1.4.2/accounts/A/transactions?dateFrom=2024-01-01&dateTo=2024-01-10',
              headers: {
                authorization: `Bearer ${planted.accessToken}`,
                signature:
                  'keyId="tpp",algorithm="rsa-sha256",headers="(request-target)",signature="c2lnbmF0dXJl"',
              },
            },
            response: { status: 200, headers: { 'content-type': 'application/json' }, body: hostileBody },
          },
        ],
        curl: `curl -H 'Authorization: Bearer ${planted.accessToken}' 'https://api-10101.psd2.groupbank.example/x'`,
        screenshot: {
          mediaType: 'image/png',
          base64:
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        },
      },
    ],
  });
  const journey = base({
    case: 'consent-journey',
    suite: 'oauth',
    rules: [tokenRule],
    version: 'v1.6.2',
    institution: '20202',
    status: 'errored',
    failure: { message: `journey page unreachable after otp=${planted.otp}` },
    steps: [
      {
        name: 'consent',
        kind: 'journey',
        status: 'errored',
        durationMs: 3,
        transcript: [
          {
            request: {
              method: 'POST',
              url: 'https://api-20202.psd2.groupbank.example/stet/psd2/oauth/authorize/j1',
              headers: { cookie: 'journey=abcdef123456' },
              body: `identifier=alice&otp=${planted.otp}`,
            },
            response: {
              status: 303,
              headers: { location: `https://tpp.example/cb?code=${planted.code}&state=s1` },
            },
          },
        ],
      },
    ],
  });
  const results: CaseResult[] = [
    base({ case: 'date-range', status: 'passed', version: 'v1.6.2' }),
    base({ case: 'date-range', status: 'passed', institution: '20202' }),
    failed,
    journey,
    base({
      case: 'sandbox-clock',
      status: 'not-applicable',
      reason: 'target lacks capability sandbox',
      institution: '20202',
    }),
    base({ case: 'pagination', status: 'skipped', reason: 'filtered out by --tag', rules: [] }),
  ];
  return {
    tool: { name: 'stet-harness', version: '0.1.0' },
    target: { name: 'reference-local', baseUrl: 'https://api-<institution_code>.psd2.groupbank.example' },
    startedAt: '2025-03-01T10:00:00.000Z',
    finishedAt: '2025-03-01T10:00:05.500Z',
    matrix: matrixOf(results),
    summary: summarize(results),
    results,
  };
}

/** The secrets the engine would have registered while producing {@link rawReport}. */
export function registeredSecrets(): SecretSet {
  const secrets = new SecretSet();
  secrets.add('access_token', planted.accessToken);
  secrets.add('refresh_token', planted.refreshToken);
  secrets.add('code', planted.code);
  secrets.add('otp', planted.otp);
  secrets.add('code_verifier', planted.verifier);
  return secrets;
}
