import type { ClientRule } from '../../spec/lib/index.ts';
import { judgeLookup } from './judge-lookup.ts';
import type { ObservedRequest } from './observed-request.ts';
import { tokenLedger } from './token-ledger.ts';

/** Verdict of one client rule: `not-exercised` when no request the rule applies to was seen. */
export type ClientVerdict = 'passed' | 'failed' | 'not-exercised';

/** A request named in a report: what it was and what the bank answered, nothing secret. */
export interface ReportedRequest {
  readonly seq: number;
  readonly at: string;
  readonly institution: string;
  readonly method: string;
  readonly path: string;
  readonly requestId: string | undefined;
  /** Names of the headers sent (values are not kept). */
  readonly headers: readonly string[];
  readonly status: number;
  readonly code: string | undefined;
}

/** One rule's verdict with the requests that broke it (at most {@link maxViolationsShown}). */
export interface ClientRuleResult {
  readonly id: string;
  readonly title: string;
  readonly section: string;
  readonly quote: string;
  readonly basis: ClientRule['basis'];
  readonly verdict: ClientVerdict;
  /** Requests the rule applied to. */
  readonly exercised: number;
  /** How many requests broke it (all of them, even past the ones listed). */
  readonly violationCount: number;
  readonly violations: readonly { readonly reason: string; readonly request: ReportedRequest }[];
}

/** The client conformance report of one TPP, as plain data (the CLI renders it with the harness reporters). */
export interface ClientReport {
  readonly clientId: string;
  readonly generatedAt: string;
  /** Requests of this TPP the report is built from. */
  readonly requests: number;
  readonly summary: Readonly<Record<ClientVerdict, number>> & { readonly total: number };
  readonly rules: readonly ClientRuleResult[];
}

/** Violations listed per rule; the count says how many there were in all. */
export const maxViolationsShown = 20;

/** What {@link buildClientReport} needs. */
export interface ClientReportInput {
  readonly clientId: string;
  readonly rules: readonly ClientRule[];
  readonly requests: readonly ObservedRequest[];
  readonly codeRedirect: (code: string) => string | undefined;
  readonly now: Date;
}

/** Judges every client rule over one TPP's requests. A rule without a judge is a bug (thrown). */
export function buildClientReport(input: ClientReportInput): ClientReport {
  const ledger = tokenLedger(input.requests);
  const results = input.rules.map((rule): ClientRuleResult => {
    const judge = judgeLookup[rule.id];
    if (judge === undefined) throw new Error(`client rule ${rule.id} has no judge in judge-lookup.ts`);
    const judgement = judge({ requests: input.requests, ledger, codeRedirect: input.codeRedirect });
    const verdict: ClientVerdict =
      judgement.violations.length > 0 ? 'failed' : judgement.exercised > 0 ? 'passed' : 'not-exercised';
    return {
      id: rule.id,
      title: rule.title,
      section: rule.section,
      quote: rule.quote,
      basis: rule.basis,
      verdict,
      exercised: judgement.exercised,
      violationCount: judgement.violations.length,
      violations: judgement.violations
        .slice(0, maxViolationsShown)
        .map((v) => ({ reason: v.reason, request: reported(v.request) })),
    };
  });
  const count = (verdict: ClientVerdict): number => results.filter((r) => r.verdict === verdict).length;
  return {
    clientId: input.clientId,
    generatedAt: input.now.toISOString(),
    requests: input.requests.length,
    summary: {
      passed: count('passed'),
      failed: count('failed'),
      'not-exercised': count('not-exercised'),
      total: results.length,
    },
    rules: results,
  };
}

function reported(request: ObservedRequest): ReportedRequest {
  return {
    seq: request.seq,
    at: request.at,
    institution: request.institution,
    method: request.method,
    path: request.path,
    requestId: request.requestId,
    headers: request.headers,
    status: request.response.status,
    code: request.response.code,
  };
}
