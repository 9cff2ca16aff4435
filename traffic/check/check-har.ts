import type { Har } from '../har/har.ts';
import { DateRangeCheck } from './date-range-check.ts';
import { ErrorCodeCheck } from './error-code-check.ts';
import { exchangeViews } from './exchange-view.ts';
import type { Finding, TrafficCheck } from './finding.ts';
import { LinksCheck } from './links-check.ts';
import { RequestIdCheck } from './request-id-check.ts';
import { SchemaCheck } from './schema-check.ts';
import { TokenCheck } from './token-check.ts';

/** The checks `stet-harness check` runs, fresh for each file (some keep state across exchanges). */
export function defaultChecks(): TrafficCheck[] {
  return [
    new SchemaCheck(),
    new RequestIdCheck(),
    new ErrorCodeCheck(),
    new TokenCheck(),
    new LinksCheck(),
    new DateRangeCheck(),
  ];
}

/**
 * Judges every rule that can be judged from the traffic alone, exchange by exchange in file order.
 * Throws `ERR_HAR_NOT_STET` for a HAR without any exchange of this API.
 */
export function checkHar(har: Har, checks: readonly TrafficCheck[] = defaultChecks()): Finding[] {
  const findings: Finding[] = [];
  for (const view of exchangeViews(har)) for (const check of checks) findings.push(...check.check(view));
  return findings;
}
