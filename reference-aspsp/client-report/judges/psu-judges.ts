import type { Judge, Violation } from './judge.ts';
import { linkedReads, operationEndsWith } from './judge.ts';

/** PSU context headers other than PSU-IP-Address: sent only while the PSU is there. */
const connectedHeaders = [
  'psu-ip-port',
  'psu-http-method',
  'psu-date',
  'psu-user-agent',
  'psu-referer',
  'psu-accept',
  'psu-accept-charset',
  'psu-accept-encoding',
  'psu-accept-language',
];

/** Operations under the batch quota (seed: Limits). */
const quotaed = ['/accounts', '/end-user-identity', ...linkedReads];

/** CLT-PSU-IP-WHEN-CONNECTED: PSU context headers say the PSU is there, so PSU-IP-Address must be too. */
export const judgePsuIpWhenConnected: Judge = ({ requests }) => {
  const calls = requests.filter(
    (r) => r.kind === 'resource' && r.headers.some((name) => connectedHeaders.includes(name)),
  );
  const violations = calls
    .filter((request) => !request.psuIpAddress)
    .map((request) => ({
      request,
      reason: 'PSU context headers were sent (the PSU is connected) without PSU-IP-Address',
    }));
  return { exercised: calls.length, violations };
};

/** CLT-BATCH-QUOTA: no batch call refused 429 TMRQ by the bank's own count. */
export const judgeBatchQuota: Judge = ({ requests }) => {
  const calls = requests.filter(
    (r) => r.kind === 'resource' && !r.psuIpAddress && r.method === 'GET' && operationEndsWith(r, quotaed),
  );
  const violations: Violation[] = calls
    .filter(
      (r) => r.response.status === 429 && r.response.code === 'TMRQ' && r.response.forcedBy === undefined,
    )
    .map((request) => ({
      request,
      reason: 'a batch call (no PSU-IP-Address) past 4 a calendar day for this PSU and resource: 429 TMRQ',
    }));
  return { exercised: calls.length, violations };
};

/** CLT-LINKS-NOT-BUILT: account resources read at paths the bank handed this TPP in `_links`. */
export const judgeLinksNotBuilt: Judge = ({ requests }) => {
  const handed = new Set<string>();
  const violations: Violation[] = [];
  let exercised = 0;
  for (const request of requests) {
    if (request.kind === 'resource' && request.method === 'GET' && operationEndsWith(request, linkedReads)) {
      exercised++;
      if (!handed.has(`${request.institution} ${request.path}`))
        violations.push({ request, reason: `${request.path} was never handed out in a _links href` });
    }
    for (const link of request.response.links) handed.add(`${request.institution} ${link}`);
  }
  return { exercised, violations };
};

/** CLT-CONSENT-BEFORE-READ: a PUT /consents recorded (201) for the PSU before its data is read. */
export const judgeConsentBeforeRead: Judge = ({ requests }) => {
  const consented = new Set<string>();
  const violations: Violation[] = [];
  let exercised = 0;
  for (const request of requests) {
    if (request.kind !== 'resource' || request.psuId === undefined) continue;
    const psu = `${request.institution} ${request.psuId}`;
    if (request.method === 'PUT' && operationEndsWith(request, ['/consents'])) {
      if (request.response.status === 201) consented.add(psu);
      continue;
    }
    if (request.method !== 'GET' || !operationEndsWith(request, [...linkedReads, '/end-user-identity']))
      continue;
    exercised++;
    if (!consented.has(psu))
      violations.push({
        request,
        reason: 'no consent recorded (PUT /consents) for this PSU before this read',
      });
  }
  return { exercised, violations };
};
