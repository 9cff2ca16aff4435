/**
 * The interface every PSU journey driver implements (http, browser, manual), and what a journey
 * returns: the query of the callback on `redirect_uri`.
 */
import { CodedError } from '../../lib/coded-error.ts';
import type { Screenshot } from '../report/model.ts';
import type { HttpExchange } from '../client/stet-client.ts';
import type { JourneyOutcome } from '../suite/suite-definition.ts';

/** What a driver needs to take a PSU through the bank's pages. */
export interface JourneyInput {
  institution: string;
  /** Absolute authorize URL on the institution host. */
  authorizeUrl: string;
  redirectUri: string;
  identifier: string;
  otp: string;
  /**
   * The code the bank sent to the PSU's phone, read when the page asks for it (target `psuPhones`);
   * `otp` is used when undefined or when it answers nothing.
   */
  readOtp?: (() => string | undefined) | undefined;
  outcome: JourneyOutcome;
  /** PISP account choice (IBAN); the first offered account otherwise. */
  account?: string | undefined;
  /** Moves the PSU's clock (the timeout outcome needs 5 minutes to pass without a submission). */
  travel: ((duration: string) => Promise<void>) | undefined;
}

/** How a journey ended. */
export interface JourneyResult {
  /** Query parameters of the callback (`code`, `state`, or `error`, `error_description`, `state`). */
  callback: Record<string, string>;
  /** HTTP exchanges the driver made (http driver); empty for a real browser. */
  exchanges: HttpExchange[];
  screenshot?: Screenshot;
  /**
   * Names of the form fields of every page shown, each once in order of first appearance (`identifier`,
   * `otp`, `decision`, `account`); undefined when the driver cannot see the pages (manual, scripted browser).
   */
  pageFields?: string[];
}

/** Why a journey could not reach the callback: the bank's pages did something unexpected. */
export interface JourneyFailure {
  message: string;
  exchanges: HttpExchange[];
  screenshot?: Screenshot;
}

/** A journey driver: resolves with the callback, or rejects with a {@link JourneyError}. */
export interface JourneyDriver {
  run(input: JourneyInput): Promise<JourneyResult>;
  close?(): Promise<void>;
}

/** A journey that ended somewhere other than the callback; the step fails with this message. */
export class JourneyError extends CodedError<'ERR_JOURNEY_FAILED'> {
  readonly failure: JourneyFailure;

  constructor(failure: JourneyFailure) {
    super('ERR_JOURNEY_FAILED', failure.message, {
      hint: 'see the journey transcript or screenshot in the report',
    });
    this.failure = failure;
  }
}
