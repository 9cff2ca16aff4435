import type { Har } from '../har/har.ts';
import { DateRangeCheck } from './date-range-check.ts';
import { ErrorCodeCheck } from './error-code-check.ts';
import { harViews, type UnattributedExchange } from './exchange-view.ts';
import type { Finding, TrafficCheck } from './finding.ts';
import { LinksCheck } from './links-check.ts';
import { PagesCheck } from './pages-check.ts';
import { PaymentFlowCheck } from './payment-flow-check.ts';
import { RequestIdCheck } from './request-id-check.ts';
import { SchemaCheck } from './schema-check.ts';
import { StatusCheck } from './status-check.ts';
import { TokenCheck } from './token-check.ts';

/** The checks `stet-harness check` runs, fresh for each file (some keep state across exchanges). */
export function defaultChecks(): TrafficCheck[] {
  return [
    new StatusCheck(),
    new SchemaCheck(),
    new RequestIdCheck(),
    new ErrorCodeCheck(),
    new TokenCheck(),
    new LinksCheck(),
    new DateRangeCheck(),
    new PagesCheck(),
    new PaymentFlowCheck(),
  ];
}

/** The verdicts of `check` on a HAR, and the exchanges it could not attribute to an operation. */
export interface HarCheck {
  findings: Finding[];
  unattributed: UnattributedExchange[];
}

/**
 * Judges every rule that can be judged from the traffic alone, exchange by exchange in file order, and
 * lists the exchanges no operation serves. Throws `ERR_HAR_NOT_STET` for a HAR without any exchange
 * of this API.
 */
export function judgeHar(har: Har, checks: readonly TrafficCheck[] = defaultChecks()): HarCheck {
  const { views, unattributed } = harViews(har);
  const findings: Finding[] = [];
  for (const view of views) for (const check of checks) findings.push(...check.check(view));
  return { findings, unattributed };
}

/** The findings of {@link judgeHar}. */
export function checkHar(har: Har, checks: readonly TrafficCheck[] = defaultChecks()): Finding[] {
  return judgeHar(har, checks).findings;
}
