import type { ExchangeView } from './exchange-view.ts';

/** The verdict of one rule on one exchange. */
export interface Finding {
  /** A rule id of `spec/rules.yaml`. */
  rule: string;
  exchange: ExchangeView;
  verdict: 'passed' | 'failed';
  /** What was checked (passed) or what is wrong (failed), in one sentence. */
  message: string;
  expected?: unknown;
  actual?: unknown;
}

/** A check judges rules from the traffic alone; it may keep state across exchanges (the consent seen). */
export interface TrafficCheck {
  /** Findings for one exchange, in file order. */
  check(exchange: ExchangeView): Finding[];
}

/** A passed finding. */
export function pass(rule: string, exchange: ExchangeView, message: string): Finding {
  return { rule, exchange, verdict: 'passed', message };
}

/** A failed finding with what was expected and what the traffic shows. */
export function fail(
  rule: string,
  exchange: ExchangeView,
  message: string,
  expected?: unknown,
  actual?: unknown,
): Finding {
  return {
    rule,
    exchange,
    verdict: 'failed',
    message,
    ...(expected === undefined ? {} : { expected }),
    ...(actual === undefined ? {} : { actual }),
  };
}
