import { isRecord } from '../lib/is-record.ts';
import type { StoreTx } from '../store/index.ts';
import { isPaymentInitiationBody, type PaymentInitiationBody } from './payment-initiation.ts';
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
  /**
   * The initiation body as received (validated against the schema). It holds the payment's callback
   * URLs (`supplementaryData`), the debtor identification that skips the identification page and the
   * imposed `debtorAccount`.
   */
  readonly body: PaymentInitiationBody;
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
  if (!isRecord(value) || !isPaymentInitiationBody(value.body)) return undefined;
  const { resourceId, institution, clientId, requestId, createdAt, state, psuId, chosenIban } = value;
  if (!isRecord(state)) return undefined;
  const status = statuses.find((s) => s === state.status);
  const reason = reasons.find((r) => r === state.reason);
  const cancellation = value.cancellation === undefined ? undefined : parseReportUrls(value.cancellation);
  if (
    !isText(resourceId) ||
    !isText(institution) ||
    !isText(clientId) ||
    !isText(requestId) ||
    typeof createdAt !== 'number' ||
    status === undefined ||
    reason !== state.reason ||
    cancellation === null ||
    !isOptionalText(psuId) ||
    !isOptionalText(chosenIban)
  )
    return undefined;
  return {
    resourceId,
    institution,
    clientId,
    requestId,
    createdAt,
    body: value.body,
    state: { status, reason },
    psuId,
    chosenIban,
    cancellation,
  };
}

/** The report URLs of a cancellation under way; null when the stored value is not such URLs. */
function parseReportUrls(value: unknown): ReportUrls | null {
  if (!isRecord(value)) return null;
  const { successfulReportUrl, unsuccessfulReportUrl } = value;
  return isText(successfulReportUrl) && isOptionalText(unsuccessfulReportUrl)
    ? { successfulReportUrl, unsuccessfulReportUrl }
    : null;
}

function isText(value: unknown): value is string {
  return typeof value === 'string';
}

function isOptionalText(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}
