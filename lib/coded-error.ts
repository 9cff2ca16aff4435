import { errorCodes, type ErrorCode } from './error-codes.ts';

/**
 * Base of every error the product raises on purpose.
 *
 * Each error carries a stable, literal `code` of the registry ({@link errorCodes}: never reused, as in
 * fastify) so tests and callers branch on the code, not on the message text. `hint` says what the user
 * can do about it; the CLI prints it. Without a hint of its own, the error takes its code's hint.
 */
export class CodedError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly code: Code;
  readonly hint: string;

  constructor(code: Code, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.hint = options.hint ?? errorCodes[code].hint;
  }
}

/** True when `value` is a {@link CodedError}, optionally with the given code. */
export function isCodedError(value: unknown, code?: ErrorCode): value is CodedError {
  return value instanceof CodedError && (code === undefined || value.code === code);
}
