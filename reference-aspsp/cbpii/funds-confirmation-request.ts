import type { Validator } from '../../spec/lib/index.ts';
import { ApiError } from '../server/api-error.ts';
import { isValidIban } from './iban.ts';
import type { MoneyAmount } from './funds-decision.ts';

/** A funds confirmation request the bank can answer (seed: Resources, Funds confirmation request). */
export interface FundsConfirmationRequest {
  readonly paymentCoverageRequestId: string;
  readonly payee: string | undefined;
  readonly instructedAmount: MoneyAmount;
  /** The IBAN addressed: the only addressing the bank accepts. */
  readonly iban: string;
  /** `accountId.currency` when given: picks the currency account sharing the IBAN. */
  readonly accountCurrency: string | undefined;
  /** The request as received, echoed in the response's `request`. */
  readonly echo: Readonly<Record<string, unknown>>;
}

/** Why a body is refused, as the code of spec/errors.yaml the route answers with. */
export type FundsConfirmationRefusal = 'FF01' | 'AC01';

/** The outcome of {@link parseFundsConfirmationRequest}. */
export type FundsConfirmationParse =
  | { readonly ok: true; readonly request: FundsConfirmationRequest }
  | { readonly ok: false; readonly code: FundsConfirmationRefusal; readonly errors: readonly string[] };

/** A well-formed IBAN, put in place of the sent one to tell AC01 from FF01. */
const placeholderIban = 'FR7630006000011234567890189';

/**
 * The refusal of a funds confirmation body the version's schema rejects (the route declares the
 * schema; the body stage calls this with the schema's `validate`).
 *
 * The seed splits the refusals: `FF01` for the body format (empty body, missing request id, amount or
 * currency), `AC01` for an invalid or missing IBAN. A body whose only defect is its IBAN (no `accountId`,
 * no `iban`, a malformed one, or an account addressed by `other` only) is AC01; any other defect —
 * `other` without schemeName or with an unknown one included — is FF01. The split is made by
 * validating again with a well-formed IBAN, so it never depends on ajv's error paths.
 */
export function fundsConfirmationRefusal(refused: {
  readonly body: unknown;
  readonly errors: readonly string[];
  readonly validate: Validator;
}): ApiError {
  const { body, errors, validate } = refused;
  if (!isRecord(body)) return new ApiError('FF01', { status: 400, detail: 'the body must be a JSON object' });
  const sent = isRecord(body.accountId) ? body.accountId : {};
  const withIban = validate({ ...body, accountId: { ...sent, iban: placeholderIban } });
  return new ApiError(withIban.valid ? 'AC01' : 'FF01', { status: 400, detail: errors.join('; ') });
}

/**
 * Parses a funds confirmation body the version's schema accepted: `AC01` when the IBAN is not a
 * valid one (the schema checks its shape, not its checksum).
 */
export function parseFundsConfirmationRequest(body: unknown): FundsConfirmationParse {
  if (!isRecord(body)) return { ok: false, code: 'FF01', errors: ['the body must be a JSON object'] };
  const accountId = body.accountId;
  const iban = isRecord(accountId) ? accountId.iban : undefined;
  if (typeof iban !== 'string' || !isValidIban(iban)) {
    return { ok: false, code: 'AC01', errors: ['accountId.iban is missing or not a valid IBAN'] };
  }
  const amount = body.instructedAmount;
  const id = body.paymentCoverageRequestId;
  // The schema guarantees these shapes; the checks keep the types honest without a cast.
  if (
    !isRecord(amount) ||
    typeof amount.amount !== 'string' ||
    typeof amount.currency !== 'string' ||
    typeof id !== 'string'
  ) {
    return {
      ok: false,
      code: 'FF01',
      errors: ['instructedAmount and paymentCoverageRequestId are required'],
    };
  }
  return {
    ok: true,
    request: {
      paymentCoverageRequestId: id,
      payee: typeof body.payee === 'string' ? body.payee : undefined,
      instructedAmount: { amount: amount.amount, currency: amount.currency },
      iban,
      accountCurrency:
        isRecord(accountId) && typeof accountId.currency === 'string' ? accountId.currency : undefined,
      echo: { paymentCoverageRequestId: id, instructedAmount: amount, accountId },
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
