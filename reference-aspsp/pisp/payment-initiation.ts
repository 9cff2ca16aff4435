import { newestApiVersion, schemaValidator } from '../../spec/lib/index.ts';
import type { PaymentInitiationRequest } from '../../spec/generated/types.ts';
import { isValidIban as hasValidCheckDigits } from '../cbpii/iban.ts';
import { isCallbackUrl as isEnrolledHttpsUrl } from './callback-url.ts';

/**
 * Name of the payment request body schema in spec/. Every version's document has the same one (a unit
 * test holds them equal), so a body is checked against the newest's whatever its version.
 */
export const paymentRequestSchema = 'PaymentInitiationRequest';

/** A payment request body as the spec's schema accepts it (spec/generated/types.ts). */
export type PaymentInitiationBody = PaymentInitiationRequest;

/**
 * True when `value` is a body the schema `PaymentInitiationRequest` accepts: the route's body stage
 * has validated it already, and a stored payment's body was so validated; the type comes from that
 * validation (a single euro transfer, `numberOfTransactions` 1, a positive amount, `successfulReportUrl`,
 * IBAN-shaped account identifiers, a non-empty debtor identification), never from a cast.
 */
export function isPaymentInitiationBody(value: unknown): value is PaymentInitiationBody {
  return schemaValidator(paymentRequestSchema, newestApiVersion)(value).valid;
}

/** The outcome of {@link parsePaymentInitiation}; a refusal is `400 FF01` (body format) saying why. */
export type PaymentInitiationParse =
  | { readonly ok: true; readonly body: PaymentInitiationBody }
  | { readonly ok: false; readonly error: string };

/**
 * Parses a payment request body the version's schema accepted (the route declares it: the body stage
 * checks it before the handler runs), applying what the schema cannot say (seed: Events, "Redirect
 * callbacks to the TPP's registered URLs"; Endpoints, Payment initiation): `successfulReportUrl` and
 * the optional `unsuccessfulReportUrl` are absolute https URLs (http allowed on a loopback host) on a
 * host of one of the TPP's enrolled redirect URIs (`callbackHosts`); the IBANs of the debtor and
 * creditor accounts have valid check digits (the schema checks their shape only).
 */
export function parsePaymentInitiation(
  body: unknown,
  options: {
    callbackHosts: ReadonlySet<string>;
    /** Whether a report URL may be a callback (the bank's choice PIS-CALLBACK-HOSTS; the reference's by default). */
    isCallbackUrl?: (url: string, hosts: ReadonlySet<string>) => boolean;
    /** Whether an IBAN is accepted (the bank's choice PIS-IBAN-CHECK-DIGITS; the reference's by default). */
    isValidIban?: (iban: string) => boolean;
  },
): PaymentInitiationParse {
  if (!isPaymentInitiationBody(body)) return refuse('the body is not a payment request');
  const { callbackHosts, isCallbackUrl = isEnrolledHttpsUrl, isValidIban = hasValidCheckDigits } = options;
  const { successfulReportUrl, unsuccessfulReportUrl } = body.supplementaryData;
  if (!isCallbackUrl(successfulReportUrl, callbackHosts)) {
    return refuse(
      'supplementaryData.successfulReportUrl must be an https URL (http on loopback) on a host of an enrolled redirect URI',
    );
  }
  if (unsuccessfulReportUrl !== undefined && !isCallbackUrl(unsuccessfulReportUrl, callbackHosts)) {
    return refuse(
      'supplementaryData.unsuccessfulReportUrl must be an https URL (http on loopback) on a host of an enrolled redirect URI',
    );
  }
  const debtorIban = body.debtorAccount?.iban;
  if (debtorIban !== undefined && !isValidIban(debtorIban))
    return refuse('debtorAccount.iban is not a valid IBAN');
  if (!isValidIban(body.beneficiary.creditorAccount.iban))
    return refuse('beneficiary.creditorAccount.iban is not a valid IBAN');
  return { ok: true, body };
}

function refuse(error: string): PaymentInitiationParse {
  return { ok: false, error };
}
