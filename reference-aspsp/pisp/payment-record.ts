import { isRecord } from '../lib/is-record.ts';
import type { StoreTx } from '../store/index.ts';
import type { PaymentState, PaymentStatus, PaymentStatusReason } from './payment-status.ts';
import type { ReportUrls } from './report-url.ts';

/** Collection of payment requests: key `<institution>:<resourceId>`. */
export const paymentsCollection = 'pisp-payments';

/** A payment request as the bank keeps it. */
export interface PaymentRecord {
  readonly resourceId: string;
  readonly institution: string;
  readonly clientId: string;
  /** X-Request-ID of the initiation: status reads must send the same (seed: GET payment request). */
  readonly requestId: string;
  /**
   * Creation instant (ms). On the base clock while no PSU is known; rebased onto the PSU's clock when
   * the PSU is attached, so the 35-day rule follows the PSU's time travel.
   */
  readonly createdAt: number;
  /** The initiation body as received (validated). */
  readonly body: Readonly<Record<string, unknown>>;
  readonly reportUrls: ReportUrls;
  readonly debtorIdentifier: string | undefined;
  readonly debtorIban: string | undefined;
  readonly state: PaymentState;
  /** The PSU who consented, once known. */
  readonly psuId: string | undefined;
  /** The account the PSU chose (or the one imposed by `debtorAccount`). */
  readonly chosenIban: string | undefined;
  /** Report URLs of a cancellation journey under way. */
  readonly cancellation: ReportUrls | undefined;
}

/** Store key of a payment. */
export function paymentKey(institution: string, resourceId: string): string {
  return `${institution}:${resourceId}`;
}

/** Reads a payment; undefined when absent. */
export async function getPayment(
  tx: StoreTx,
  institution: string,
  resourceId: string,
): Promise<PaymentRecord | undefined> {
  return parsePaymentRecord(await tx.get(paymentsCollection, paymentKey(institution, resourceId)));
}

/** Writes a payment. */
export async function putPayment(tx: StoreTx, payment: PaymentRecord): Promise<void> {
  await tx.put(paymentsCollection, paymentKey(payment.institution, payment.resourceId), payment);
}

const statuses: readonly PaymentStatus[] = ['RCVD', 'ACTC', 'PDNG', 'RJCT'];
const reasons: readonly PaymentStatusReason[] = ['CUST', 'NOAS', 'MS03', 'DS02'];

/** Parses a stored payment; undefined for anything else. */
export function parsePaymentRecord(value: unknown): PaymentRecord | undefined {
  if (!isRecord(value) || !isRecord(value.body)) return undefined;
  const stateValue = value.state;
  if (!isRecord(stateValue)) return undefined;
  const { resourceId, institution, clientId, requestId, createdAt } = value;
  if (typeof resourceId !== 'string' || typeof institution !== 'string' || typeof clientId !== 'string')
    return undefined;
  if (typeof requestId !== 'string' || typeof createdAt !== 'number') return undefined;
  const status = statuses.find((s) => s === stateValue.status);
  const reasonValue = stateValue.reason;
  const reason = reasons.find((r) => r === reasonValue);
  if (status === undefined || (reasonValue !== undefined && reason === undefined)) return undefined;
  const reportUrls = parseReportUrls(value.reportUrls);
  if (reportUrls === undefined) return undefined;
  const cancellation = value.cancellation === undefined ? undefined : parseReportUrls(value.cancellation);
  if (value.cancellation !== undefined && cancellation === undefined) return undefined;
  const optional = ['debtorIdentifier', 'debtorIban', 'psuId', 'chosenIban'] as const;
  if (!optional.every((name) => value[name] === undefined || typeof value[name] === 'string'))
    return undefined;
  return {
    resourceId,
    institution,
    clientId,
    requestId,
    createdAt,
    body: value.body,
    reportUrls,
    debtorIdentifier: stringOrUndefined(value.debtorIdentifier),
    debtorIban: stringOrUndefined(value.debtorIban),
    state: { status, reason },
    psuId: stringOrUndefined(value.psuId),
    chosenIban: stringOrUndefined(value.chosenIban),
    cancellation,
  };
}

function parseReportUrls(value: unknown): ReportUrls | undefined {
  if (!isRecord(value) || typeof value.successfulReportUrl !== 'string') return undefined;
  const unsuccessful = value.unsuccessfulReportUrl;
  if (unsuccessful !== undefined && typeof unsuccessful !== 'string') return undefined;
  return { successfulReportUrl: value.successfulReportUrl, unsuccessfulReportUrl: unsuccessful };
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
