/**
 * The harness engine's public API: load suites and targets, run them, compare with a baseline.
 * `cli/` composes it with the reporters and (for the default target) the embedded reference.
 */
export { loadSuites, parseSuite, suiteSchemaUrl } from './suite/load-suite.ts';
export type { RuleCatalogue } from './suite/check-suite.ts';
export { specRuleCatalogue } from './suite/spec-rule-catalogue.ts';
export { caseUsesStep, type StepKind } from './suite/case-steps.ts';
export { SuiteError, type SourceProblem } from './suite/suite-error.ts';
export type * from './suite/suite-definition.ts';
export { loadTarget, parseTarget, targetSchemaUrl } from './targets/load-target.ts';
export { TargetError } from './targets/target-error.ts';
export { parseServeInfo, targetFromServeInfo, type ServeInfo } from './targets/target-from-serve-info.ts';
export type {
  Target,
  TppCredentials,
  InstitutionTarget,
  PersonaTarget,
  PsuPhones,
} from './targets/target-definition.ts';
export { institutionHost } from './targets/target-definition.ts';
export { StetClient, type HttpExchange, type OutgoingRequest } from './client/stet-client.ts';
export { TppClient, type AuthorizeRequest, type TppClientOptions } from './client/tpp-client.ts';
export {
  signingInterceptor,
  type RequestSigning,
  type SigningDispatchOptions,
  type SigningInterceptorOptions,
} from './client/signing-interceptor.ts';
export { signHeaders, type SealKey, type SigningPolicy } from './client/request-signer.ts';
export { ClientError, type ClientErrorCode } from './client/client-errors.ts';
export {
  defaultConcurrency,
  runSuites,
  type RunOptions,
  type RunOutcome,
  type RunStats,
} from './runner/run-suites.ts';
export type { TranscriptPolicy } from './report/model.ts';
export { targetCalendar, type TargetCalendar } from './versions/target-calendar.ts';
export { planRun } from './runner/plan-run.ts';
export {
  checkFilter,
  FilterError,
  noFilter,
  parseShard,
  type RunFilter,
  type Shard,
} from './runner/run-filter.ts';
export type { SchemaLookup } from './runner/expectations.ts';
export {
  loadBaseline,
  compareWithBaseline,
  deviationsOf,
  baselineYaml,
  applyBaseline,
  BaselineError,
  type Baseline,
  type BaselineComparison,
  type Deviation,
} from './baseline/baseline.ts';
export { baselineReporter } from './baseline/baseline-reporter.ts';
