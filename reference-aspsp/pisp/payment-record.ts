import type { JSONSchemaType } from 'ajv';
import { storedGuard } from '../store/index.ts';
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

/** A stored payment before its body is checked against the payment request schema. */
interface StoredPayment extends Omit<PaymentRecord, 'body'> {
  readonly body: Readonly<Record<string, unknown>>;
}

const text = { type: 'string' } as const;
const optionalText = { type: 'string', nullable: true } as const;
const statuses: PaymentStatus[] = ['RCVD', 'ACTC', 'PDNG', 'RJCT'];
const reasons: PaymentStatusReason[] = ['CUST', 'NOAS', 'MS03', 'DS02'];

/** What a stored payment must be: the store keeps JSON written by this or an older version. */
const storedPaymentSchema: JSONSchemaType<StoredPayment> = {
  type: 'object',
  required: ['resourceId', 'institution', 'clientId', 'requestId', 'createdAt', 'body', 'state'],
  properties: {
    resourceId: text,
    institution: text,
    clientId: text,
    requestId: text,
    createdAt: { type: 'number' },
    body: { type: 'object', required: [] },
    state: {
      type: 'object',
      required: ['status'],
      properties: {
        status: { type: 'string', enum: statuses },
        reason: { type: 'string', enum: reasons, nullable: true },
      },
    },
    psuId: optionalText,
    chosenIban: optionalText,
    cancellation: {
      type: 'object',
      nullable: true,
      required: ['successfulReportUrl'],
      properties: { successfulReportUrl: text, unsuccessfulReportUrl: optionalText },
    },
  },
};

const isStoredPayment = storedGuard(storedPaymentSchema);

/** Parses a stored payment; undefined for anything else (its body must still fit the schema). */
export function parsePaymentRecord(value: unknown): PaymentRecord | undefined {
  if (!isStoredPayment(value)) return undefined;
  const { body } = value;
  return isPaymentInitiationBody(body) ? { ...value, body } : undefined;
}
