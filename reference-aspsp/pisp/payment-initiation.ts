import { isValidIban } from '../cbpii/iban.ts';
import { parseDecimalAmount } from '../cbpii/decimal-amount.ts';
import type { MoneyAmount } from '../cbpii/funds-decision.ts';
import type { ReportUrls } from './report-url.ts';
import { isCallbackUrl } from './callback-url.ts';

/** What the bank keeps from a valid `POST /payment-requests` body. */
export interface PaymentInitiation {
  /** The body as received (validated), echoed in the payment request resource. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly reportUrls: ReportUrls;
  readonly instructedAmount: MoneyAmount;
  /** `debtor.privateId.identification`: the PSU's identifier; the identification screen is skipped. */
  readonly debtorIdentifier: string | undefined;
  /** `debtorAccount.iban`: only this account is offered (single-SCA journey). */
  readonly debtorIban: string | undefined;
}

/** The outcome of {@link parsePaymentInitiation}; every refusal is `400 FF01` (body format). */
export type PaymentInitiationParse =
  | { readonly ok: true; readonly initiation: PaymentInitiation }
  | { readonly ok: false; readonly code: 'FF01'; readonly errors: readonly string[] };

/**
 * Parses a payment request body the version's schema accepted (the route declares it: the body stage
 * checks it before the handler runs), applying what the schema cannot say (seed: What the service does, PISP role; Endpoints, Payment initiation):
 * a single euro payment (one transaction, `numberOfTransactions` 1, currency EUR, a positive amount);
 * `successfulReportUrl` required and `unsuccessfulReportUrl` optional, both absolute https URLs (http
 * allowed on a loopback host) on a host of one of the TPP's enrolled redirect URIs (`callbackHosts`); IBANs
 * of the debtor and creditor accounts valid.
 */
export function parsePaymentInitiation(
  body: unknown,
  options: { callbackHosts: ReadonlySet<string> },
): PaymentInitiationParse {
  const { callbackHosts } = options;
  if (!isRecord(body)) return refuse('the body must be a JSON object');

  const transactions = body.creditTransferTransaction;
  if (!Array.isArray(transactions) || transactions.length !== 1 || body.numberOfTransactions !== 1) {
    return refuse('a single payment has exactly one creditTransferTransaction and numberOfTransactions 1');
  }
  const transaction: unknown = transactions[0];
  const amount = isRecord(transaction) ? transaction.instructedAmount : undefined;
  if (!isRecord(amount) || typeof amount.amount !== 'string' || typeof amount.currency !== 'string') {
    return refuse('creditTransferTransaction[0].instructedAmount needs amount and currency');
  }
  if (amount.currency !== 'EUR') return refuse('only euro payments are offered');
  if (!isPositiveAmount(amount.amount)) return refuse('the instructed amount must be a positive decimal');

  const supplementary = isRecord(body.supplementaryData) ? body.supplementaryData : {};
  const successful = supplementary.successfulReportUrl;
  const unsuccessful = supplementary.unsuccessfulReportUrl;
  if (typeof successful !== 'string' || !isCallbackUrl(successful, callbackHosts)) {
    return refuse(
      'supplementaryData.successfulReportUrl is required and must be an https URL (http on loopback) on a host of an enrolled redirect URI',
    );
  }
  if (
    unsuccessful !== undefined &&
    (typeof unsuccessful !== 'string' || !isCallbackUrl(unsuccessful, callbackHosts))
  ) {
    return refuse(
      'supplementaryData.unsuccessfulReportUrl must be an https URL (http on loopback) on a host of an enrolled redirect URI',
    );
  }

  const debtorIban = ibanAt(body.debtorAccount);
  if (debtorIban === null) return refuse('debtorAccount.iban is not a valid IBAN');
  const creditorIban = ibanAt(isRecord(body.beneficiary) ? body.beneficiary.creditorAccount : undefined);
  if (creditorIban === null) return refuse('beneficiary.creditorAccount.iban is not a valid IBAN');

  return {
    ok: true,
    initiation: {
      body,
      reportUrls: {
        successfulReportUrl: successful,
        unsuccessfulReportUrl: typeof unsuccessful === 'string' ? unsuccessful : undefined,
      },
      instructedAmount: { amount: amount.amount, currency: amount.currency },
      debtorIdentifier: debtorIdentifierOf(body.debtor),
      debtorIban,
    },
  };
}

function refuse(message: string): PaymentInitiationParse {
  return { ok: false, code: 'FF01', errors: [message] };
}

/** The IBAN of an account identification: undefined when absent, null when present but invalid. */
function ibanAt(account: unknown): string | undefined | null {
  if (account === undefined) return undefined;
  if (!isRecord(account) || account.iban === undefined) return undefined;
  return typeof account.iban === 'string' && isValidIban(account.iban) ? account.iban : null;
}

function debtorIdentifierOf(debtor: unknown): string | undefined {
  if (!isRecord(debtor) || !isRecord(debtor.privateId)) return undefined;
  const identification = debtor.privateId.identification;
  return typeof identification === 'string' && identification !== '' ? identification : undefined;
}

function isPositiveAmount(value: string): boolean {
  try {
    return parseDecimalAmount(value).units > 0n;
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
