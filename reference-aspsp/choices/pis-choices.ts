import { isValidIban } from '../cbpii/iban.ts';
import { isCallbackUrl } from '../pisp/callback-url.ts';
import type { PaymentStatus, PaymentStatusReason } from '../pisp/payment-status.ts';
import { choice } from './choice.ts';

/** What the status and confirmation responses show of a payment's state (rule PIS-STATUS-VALUES). */
export interface ShownStatus {
  readonly paymentInformationStatus: string;
  readonly statusReasonInformation: PaymentStatusReason | undefined;
  /** Each credit transfer's transactionStatus; undefined: not shown. */
  readonly transactionStatus: string | undefined;
}

/** The answer to a confirmation of a payment already confirmed (rule PIS-STATUS-TRANSITIONS). */
export type SecondConfirmation = 'refused' | 'answered-as-is';

/** The body of the initiation's and of the cancellation's answer (rule PIS-INITIATE-RESPONSE). */
export type InitiationBody = (answer: {
  readonly resourceId: string;
  readonly self: string;
  readonly consentApproval: string;
}) => Record<string, unknown>;

/** What a cancellation body must say and what its answer shows (rule PIS-CANCEL-BODY). */
export interface CancellationReading {
  /** True when the cancellation's statusReasonInformation is one the bank takes. */
  accepts(reason: string | undefined): boolean;
  answer: InitiationBody;
}

/** A payment account the PSU holds, as a payment journey sees it (rule PIS-ACCOUNTS-OFFERED). */
export interface PayableAccount {
  readonly state: string;
  readonly currency: string;
  readonly currencyAccountOf: string | undefined;
}

const statusesShown = {
  reference: (status: PaymentStatus, reason: PaymentStatusReason | undefined): ShownStatus => ({
    paymentInformationStatus: status,
    statusReasonInformation: reason,
    // STET allows RJCT, PDNG, ACSP and ACSC there: a payment not yet confirmed shows none.
    transactionStatus: status === 'PDNG' || status === 'RJCT' ? status : undefined,
  }),
  // Another bank: ACCP (accepted, customer profile) once the PSU consented, and a transaction status
  // from the start (PDNG until rejected).
  alternate: (status: PaymentStatus, reason: PaymentStatusReason | undefined): ShownStatus => ({
    paymentInformationStatus: status === 'ACTC' ? 'ACCP' : status,
    statusReasonInformation: reason,
    transactionStatus: status === 'RJCT' ? 'RJCT' : 'PDNG',
  }),
};

/** The choices of the PIS family: payment bodies, statuses and refusals the seed does not show. */
export const pisChoices = {
  'PIS-STATUS-TRANSITIONS': choice<SecondConfirmation>({ reference: 'refused', alternate: 'answered-as-is' }),
  // Whether a report URL may be a payment callback: https on an enrolled host, or any scheme on one
  // (the seed says nothing of TLS).
  'PIS-CALLBACK-HOSTS': choice<(url: string, enrolledHosts: ReadonlySet<string>) => boolean>({
    reference: isCallbackUrl,
    alternate: (url, hosts) => URL.canParse(url) && hosts.has(new URL(url).hostname.toLowerCase()),
  }),
  // Whether an IBAN of the payment request is accepted: its check digits verified, or its shape alone
  // (the schema's); a wrong account is then rejected when the payment is executed.
  'PIS-IBAN-CHECK-DIGITS': choice<(iban: string) => boolean>({
    reference: isValidIban,
    alternate: () => true,
  }),
  'PIS-CANCEL-BODY': choice<CancellationReading>({
    // STET's RJCT with DS02, answered like an initiation: the authentication approach and the consent link.
    reference: {
      accepts: (reason) => reason === 'DS02',
      answer: ({ consentApproval }) => ({
        appliedAuthenticationApproach: 'REDIRECT',
        _links: { consentApproval: { href: consentApproval } },
      }),
    },
    // Another bank takes RJCT with any reason (or none) and answers the consent link alone.
    alternate: {
      accepts: () => true,
      answer: ({ consentApproval }) => ({ _links: { consentApproval: { href: consentApproval } } }),
    },
  }),
  // The words of a payment journey's refused authorize page: why, or one text for every refusal.
  'PIS-JOURNEY-REFUSALS': choice<(reason: string) => string>({
    reference: (reason) => reason,
    alternate: () => 'This payment cannot be authorised.',
  }),
  // Whether the payment's debtor identification skips the identification page of its cancellation too.
  'PIS-CANCEL-JOURNEY-IDENTIFIES': choice<(action: 'initiate' | 'cancel') => boolean>({
    reference: (action) => action === 'initiate',
    alternate: () => true,
  }),
  // The accounts a payment journey offers: enabled euro payment accounts, or every enabled payment
  // account, in any currency (the bank converts).
  'PIS-ACCOUNTS-OFFERED': choice<(account: PayableAccount) => boolean>({
    reference: (a) => a.state === 'enabled' && a.currency === 'EUR' && a.currencyAccountOf === undefined,
    alternate: (a) => a.state === 'enabled' && a.currencyAccountOf === undefined,
  }),
  // The debtorAccount a payment request shows: the account chosen on the consent page, or the one the
  // TPP gave (none when it gave none).
  'PIS-DEBTOR-ACCOUNT-CHOSEN': choice<
    (chosen: string | undefined, given: string | undefined) => string | undefined
  >({
    reference: (chosen, given) => chosen ?? given,
    alternate: (_chosen, given) => given,
  }),
  // The _links of the payment request (self, confirmation), or none as the seed shows none.
  'PIS-STATUS-LINKS': choice<
    (links: Record<string, { href: string }>) => Record<string, { href: string }> | undefined
  >({
    reference: (links) => links,
    alternate: () => undefined,
  }),
  'PIS-STATUS-VALUES':
    choice<(status: PaymentStatus, reason: PaymentStatusReason | undefined) => ShownStatus>(statusesShown),
  // The sandbox's explanation of a refused PISP request, or none.
  'PIS-SANDBOX-PROBLEM-DETAIL': choice<(detail: string) => string | undefined>({
    reference: (detail) => detail,
    alternate: () => undefined,
  }),
  // Which refusal of an initiation comes first: the token's, or the body's.
  'PIS-TOKEN-BEFORE-BODY': choice<'token-first' | 'body-first'>({
    reference: 'token-first',
    alternate: 'body-first',
  }),
  // The code and status of the confirmation token presented on an initiation.
  'PIS-SECOND-TOKEN-CONFIRMS-ONLY': choice<'invalid_token' | 'BADS'>({
    reference: 'invalid_token',
    alternate: 'BADS',
  }),
  // The code and status of a token refreshed from the confirmation token presented on a payment.
  'PIS-REFRESHED-TOKEN-NO-PAYMENT': choice<'invalid_token' | 'BADS'>({
    reference: 'invalid_token',
    alternate: 'BADS',
  }),
  // The error_description of a refused client credentials request: why, or RFC 6749's meaning.
  'PIS-FIRST-TOKEN-SCOPE': choice<(code: string, description: string) => string>({
    reference: (_code, description) => description,
    alternate: (code) =>
      code === 'invalid_scope'
        ? 'The requested scope is invalid or unknown.'
        : 'The client is not authorized to use this grant type.',
  }),
  // The consent link: absolute on the host the TPP called, or a path on that host (relative reference).
  'PIS-CONSENT-LINK-HOST': choice<(host: string, pathAndQuery: string) => string>({
    reference: (host, pathAndQuery) => `https://${host}${pathAndQuery}`,
    alternate: (_host, pathAndQuery) => pathAndQuery,
  }),
  // A status read with another X-Request-ID than the initiation's: 404 RENF, or 400 FF01.
  'PIS-OTHER-X-REQUEST-ID-RENF': choice<{ code: 'RENF' | 'FF01'; status: number }>({
    reference: { code: 'RENF', status: 404 },
    alternate: { code: 'FF01', status: 400 },
  }),
  // A payment read with the token of another payment: 404 RENF, or the token refused (401 invalid_token).
  'PIS-OTHER-PAYMENT-RENF': choice<'RENF' | 'invalid_token'>({
    reference: 'RENF',
    alternate: 'invalid_token',
  }),
  // The confirmation sent with the first token: 403 BADS, or the token refused (401 invalid_token).
  'PIS-FIRST-TOKEN-CONFIRMATION-403': choice<'BADS' | 'invalid_token'>({
    reference: 'BADS',
    alternate: 'invalid_token',
  }),
  'PIS-INITIATE-RESPONSE': choice<InitiationBody>({
    // STET's creation body: the authentication approach and the consent link.
    reference: ({ consentApproval }) => ({
      appliedAuthenticationApproach: 'REDIRECT',
      _links: { consentApproval: { href: consentApproval } },
    }),
    // Another bank: the payment's id and its links, no authentication approach.
    alternate: ({ resourceId, self, consentApproval }) => ({
      paymentRequestResourceId: resourceId,
      _links: { self: { href: self }, consentApproval: { href: consentApproval } },
    }),
  }),
} as const;
