/** How a PSU journey ended, from the payment's point of view. */
export type JourneyOutcome = 'success' | 'failure';

/** The callback URLs of a payment (STET `supplementaryData`). */
export interface ReportUrls {
  readonly successfulReportUrl: string;
  readonly unsuccessfulReportUrl?: string | undefined;
}

/**
 * The callback the PSU is sent back to (seed: Events): `successfulReportUrl` when the PSU consented
 * without error; `unsuccessfulReportUrl` on refusal, error or interruption, falling back to
 * `successfulReportUrl` when the TPP gave none.
 */
export function reportUrlFor(urls: ReportUrls, outcome: JourneyOutcome): string {
  if (outcome === 'success') return urls.successfulReportUrl;
  return urls.unsuccessfulReportUrl ?? urls.successfulReportUrl;
}
