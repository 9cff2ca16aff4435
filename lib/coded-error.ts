/**
 * Base of every error the product raises on purpose.
 *
 * Each error carries a stable, literal `code` (never reused, as in fastify) so tests and callers branch
 * on the code, not on the message text. `hint` says what the user can do about it; the CLI prints it.
 */
export class CodedError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly hint: string | undefined;

  constructor(code: Code, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.hint = options.hint;
  }
}

/** True when `value` is a {@link CodedError}, optionally with the given code. */
export function isCodedError(value: unknown, code?: string): value is CodedError {
  return value instanceof CodedError && (code === undefined || value.code === code);
}
