import type { ObservedRequest } from '../observed-request.ts';
import type { TokenLedger } from '../token-ledger.ts';

/** What a judge gets: one TPP's requests in arrival order, and what is derived from them. */
export interface JudgeInput {
  readonly requests: readonly ObservedRequest[];
  /** Token sets issued to this TPP, and which PSU each belongs to. */
  readonly ledger: TokenLedger;
  /** The redirect URI a code (by id) was redirected to, when the journey went through this bank. */
  readonly codeRedirect: (code: string) => string | undefined;
}

/** One request that broke a rule, and why. */
export interface Violation {
  readonly request: ObservedRequest;
  readonly reason: string;
}

/** A judge's finding: how many requests the rule applied to, and those that broke it. */
export interface Judgement {
  readonly exercised: number;
  readonly violations: readonly Violation[];
}

/** Judges one client rule from the requests of one TPP. */
export type Judge = (input: JudgeInput) => Judgement;

/** The account resources whose URI the seed says to take from `_links`. */
export const linkedReads: readonly string[] = ['/balances', '/transactions', '/overdrafts', '/owners'];

/** True when the request's route template ends with one of `suffixes`. */
export function operationEndsWith(request: ObservedRequest, suffixes: readonly string[]): boolean {
  const operation = request.operation;
  return operation !== undefined && suffixes.some((suffix) => operation.endsWith(suffix));
}

/** Authorization code token requests. */
export function codeExchanges(requests: readonly ObservedRequest[]): ObservedRequest[] {
  return requests.filter((r) => r.kind === 'token' && r.grant?.grantType === 'authorization_code');
}
