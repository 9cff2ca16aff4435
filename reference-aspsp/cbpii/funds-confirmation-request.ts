import type { ValidationResult, Validator } from '../../spec/lib/index.ts';
import type { FundsConfirmationRequest as FundsConfirmationBody } from '../../spec/generated/types.ts';
import { isRecord } from '../lib/is-record.ts';
import { ApiError } from '../server/api-error.ts';
import { isValidIban } from './iban.ts';
import type { MoneyAmount } from './funds-decision.ts';

/** A funds confirmation request the bank can answer (seed: Resources, Funds confirmation request). */
export interface FundsConfirmationRequest {
  readonly instructedAmount: MoneyAmount;
  /** The IBAN addressed: the only addressing the bank accepts. */
  readonly iban: string;
  /** `accountId.currency` when given: picks the currency account sharing the IBAN. */
  readonly accountCurrency: string | undefined;
  /** What the response's `request` echoes (seed: accountId, paymentCoverageRequestId, instructedAmount). */
  readonly echo: Readonly<Record<string, unknown>>;
}

/** A well-formed IBAN, put in place of the sent one to tell AC01 from FF01. */
const placeholderIban = 'FR7630006000011234567890189';

/**
 * The refusal of a funds confirmation body the version's schema rejects (the route declares the
 * schema; the body stage calls this with the schema's `validate`).
 *
 * The seed splits the refusals: `FF01` for the body format (empty body, missing request id, amount or
 * currency), `AC01` for an invalid or missing IBAN. A body whose only defect is its IBAN (no `accountId`,
 * no `iban`, a malformed one, or an account addressed by `other` only) is AC01; any other defect —
 * `other` without schemeName or with an unknown one included, a body that is not an object — is
 * FF01. The split is made by validating again with a well-formed IBAN, so it never depends on ajv's
 * error paths.
 */
export function fundsConfirmationRefusal(refused: {
  readonly body: unknown;
  readonly errors: readonly string[];
  readonly validate: Validator;
}): ApiError {
  const { body, errors, validate } = refused;
  // A body that is no object copies to one without the required fields: FF01 whatever its IBAN.
  const sent: Record<string, unknown> = Object.assign({}, body);
  const accountId = isRecord(sent.accountId) ? sent.accountId : {};
  const ibanOnly = validate({ ...sent, accountId: { ...accountId, iban: placeholderIban } }).valid;
  return new ApiError(ibanOnly ? 'AC01' : 'FF01', { status: 400, detail: errors.join('; ') });
}

/**
 * Reads a funds confirmation body: the body stage refused every body the version's schema rejects
 * (`validate`, the route's schema), so the fields are read as the schema types them. What the schema
 * cannot say is left: the IBAN must be a valid one (the schema types it as a string, while the seed
 * answers `400 AC01` for a missing or invalid IBAN).
 */
export function readFundsConfirmationRequest(body: unknown, validate: Validator): FundsConfirmationRequest {
  const checked = validate(body);
  // Only narrows the type: the body stage already refused what the schema rejects.
  if (!isFundsConfirmationBody(body, checked))
    throw fundsConfirmationRefusal({ body, errors: checked.errors, validate });
  const { paymentCoverageRequestId, instructedAmount, accountId } = body;
  const iban = accountId.iban ?? '';
  if (!isValidIban(iban)) {
    throw new ApiError('AC01', { status: 400, detail: 'accountId.iban is missing or not a valid IBAN' });
  }
  return {
    instructedAmount: { amount: instructedAmount.amount, currency: instructedAmount.currency },
    iban,
    accountCurrency: accountId.currency,
    echo: { paymentCoverageRequestId, instructedAmount, accountId },
  };
}

/** The type guard of a body `checked` against the route's schema. */
function isFundsConfirmationBody(_body: unknown, checked: ValidationResult): _body is FundsConfirmationBody {
  return checked.valid;
}
