/**
 * The spec library: the API of `spec/` as typed data for the rest of the product (docs/contracts.md §2).
 *
 * Every file is read and parsed once, on first use; validators are compiled once and cached.
 */
export {
  apiVersions,
  newestApiVersion,
  isApiVersion,
  versionCalendar,
  decommissionDate,
  hostName,
  parseHostName,
} from './versions.ts';
export type {
  ApiVersion,
  VersionCalendar,
  VersionInfo,
  VersionCapabilities,
  HostForm,
  FeatureFact,
} from './versions.ts';
export {
  newestVersionProfile,
  resolveProfile,
  versionProfile,
  versionProfiles,
  versionsWhere,
} from './version-profile.ts';
export type { VersionProfile } from './version-profile.ts';
export {
  accountFunctionNames,
  balanceTypeNames,
  baseAccountFunctions,
  consentFieldNames,
} from './version-profile-terms.ts';
export type {
  AccountFunction,
  BalanceType,
  CardOutstandingTypes,
  CbpiiScope,
  ConsentField,
  RemittanceShape,
} from './version-profile-terms.ts';
export {
  applyCalendarOverrides,
  CalendarError,
  loadVersionCalendar,
  parseCalendarOverrides,
  readCalendarOverrides,
} from './calendar-overrides.ts';
export type { CalendarErrorCode, CalendarOverrides } from './calendar-overrides.ts';
export { isDecommissioned, versionStatus } from './version-status.ts';
export {
  accountingBatch,
  accountingBatchStart,
  addDays,
  addMonths,
  daysBetween,
  endOfMonth,
  isAccountingBatchRunning,
  isCalendarDate,
  parisDay,
  parisInstant,
  parisLocalTime,
  parisMinuteOfDay,
  parisWallClock,
  startOfMonth,
} from './paris-calendar.ts';
export type { CalendarDate, ParisLocalTime } from './paris-calendar.ts';
export type { VersionState, VersionStatus } from './version-status.ts';
export { listRules, getRule, roles, ruleFamilies, isWellFormedRuleId } from './rules.ts';
export type { Rule, Role, RuleCheck } from './rules.ts';
export { listClientRules, parseClientRules } from './client-rules.ts';
export type { ClientRule, ClientRuleBasis } from './client-rules.ts';
export { catalogueError, listErrors, lookupError, isCatalogued } from './errors.ts';
export type { ErrorEntry, ErrorContext } from './errors.ts';
export { SpecError } from './spec-error.ts';
export type { SpecErrorCode } from './spec-error.ts';
export { openApiDocument, matchOperation, operationScope, allowedMethods } from './openapi.ts';
export type { OperationMatch } from './openapi.ts';
export { documentedStatuses } from './documented-statuses.ts';
export { schemaValidator, responseValidator, responseRule } from './validators.ts';
export type { ValidationIssue, ValidationResult, Validator } from './validators.ts';
export { accessRefusals, contraryStatus, seedStatuses, seedStatusOfCode } from './seed-statuses.ts';
export type { AnsweredRequest, ContraryStatus, SeedStatusStatement } from './seed-statuses.ts';
