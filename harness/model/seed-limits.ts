/**
 * The seed's numbers the model judges with, in one place (seed: Limits; Tokens; Authentication 4).
 * `spec/` holds no limits table yet, so the model keeps them here; each names the rule quoting it.
 */
export const seedLimits = {
  /** Access token validity (TOK-ACCESS-EXPIRES: "access token (3600 s)"). */
  accessTokenSeconds: 3600,
  /** Refresh token validity and the last PSU authentication's age it allows (TOK-REFRESH-180-DAYS). */
  refreshTokenDays: 180,
  /** Batch accesses per calendar day (QTA-ACCOUNTS-4-PER-DAY: "4 per calendar day"). */
  batchCallsPerDay: 4,
  /** Transactions history depth from the current date (AIS-TRX-HISTORY-90-DAYS). */
  historyDays: 90,
  /** Longest requested period of a transaction read (AIS-TRX-PERIOD-OVER-90-ENDE). */
  periodDays: 90,
  /** Payment request data availability (PIS-AVAILABLE-35-DAYS). */
  paymentAvailabilityDays: 35,
} as const;

/**
 * Slack the model leaves around each boundary it judges, so that the time a request spends on the wire
 * and a bank's rounding never turn a seed-true answer into a finding: a token within this many seconds
 * of its 3600 s, a period within a day of 90 days, are not judged.
 */
export const judgementSlack = {
  seconds: 2,
  days: 1,
} as const;
