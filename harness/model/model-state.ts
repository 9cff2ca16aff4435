/**
 * The state the seed predicts for one generated sequence: per PSU, its accounts and cards, the consent
 * readings the seed allows, each token set of a PSU/TPP/role triplet, the batch calls counted per
 * Paris day, the transactions learnt in the current epoch, and the payment in flight. Where the seed
 * leaves a fact open (whose consent a consent is: the TPP's that recorded it, or the PSU's), the model keeps every
 * reading the seed allows and judges only what they all agree on.
 */
import type { AccountFunction, ApiVersion, VersionProfile } from '../../spec/lib/index.ts';
import type { Answer } from './answer.ts';
import type { Constraint } from './constraint.ts';

/** A time on a PSU's clock known to lie between two instants (ms since the epoch). */
export interface Instant {
  lo: number;
  hi: number;
}

/** An account as the unconsented GET /accounts listed it. */
export interface ModelAccount {
  resourceId: string;
  iban: string;
  currency: string | undefined;
}

/** A deferred-debit card, learnt from a consented listing. */
export interface ModelCard {
  resourceId: string;
  /** resourceId of the backing account (`linkedAccount`). */
  backing: string;
}

/** A recorded consent: IBANs per account function, and psuIdentity. */
export interface ModelConsent {
  lists: Readonly<Record<AccountFunction, ReadonlySet<string>>>;
  psuIdentity: boolean;
}

/** One reading of the consent in force: a consent, or none recorded. */
export type ConsentReading = ModelConsent | undefined;

/** The TPPs of a sequence: the target's main TPP, and a second one when the target has one. */
export type TppName = 'main' | 'second';
/** The roles whose tokens the model follows. */
export type TokenRole = 'aisp' | 'cbpii';

/** Why a token no longer works: the constraint (and so the rule) that judges its use. */
export interface TokenDeath {
  by: Constraint<Answer>;
  why: string;
}

/** One token as the TPP holds it, and what the seed says of it. */
export interface ModelToken {
  value: string;
  /** When it was issued (the access token's 3600 s run from here). */
  issued: Instant;
  /** Undefined while the seed says it works (within its lifetime). */
  dead: TokenDeath | undefined;
}

/** The token set of a triplet: access, refresh, and when the PSU last authenticated. */
export interface ModelTokenSet {
  access: ModelToken;
  refresh: ModelToken | undefined;
  /** The last PSU authentication (the 180 days of a refresh run from here). */
  authenticated: Instant;
}

/** The tokens of one PSU/TPP/role triplet: the current set and the earlier ones. */
export interface ModelTriplet {
  current: ModelTokenSet | undefined;
  /** The previous sets (their tokens dead), newest first, a few kept. */
  earlier: ModelTokenSet[];
  /** A code was exchanged twice: what the bank did to the set is not the seed's, so it is not judged. */
  uncertain: boolean;
}

/** Batch calls of one counting key on one Paris day: at least `min` counted, at most `max`. */
export interface QuotaCount {
  min: number;
  max: number;
}

/** A transaction as a listing returned it. */
export interface ModelTransaction {
  resourceId: string;
  status: string | undefined;
  entryReference: string | undefined;
  bookingDate: string | undefined;
  expectedBookingDate: string | undefined;
  valueDate: string | undefined;
  transactionDate: string | undefined;
}

/** One PSU of a sequence (a fresh sandbox clone at one institution). */
export interface ModelPsu {
  institution: string;
  /** Cloned, logged in and its accounts listed (done on the PSU's first use). */
  ready: boolean;
  accounts: ModelAccount[];
  cards: ModelCard[];
  /** Consent readings per TPP: the consent this TPP recorded last, and the PSU's latest of any TPP. */
  consentByTpp: Record<TppName, ConsentReading[]>;
  consentOfPsu: ConsentReading[];
  tokens: Record<`${TppName}/${TokenRole}`, ModelTriplet>;
  /** Batch calls per `<paris day>|<tpp>|<key>`. */
  quota: Map<string, QuotaCount>;
  /** Incremented by every clock move and booking: what was learnt before is stale. */
  epoch: number;
  /** Unfiltered transaction lists learnt in the current epoch, per account resourceId. */
  transactions: Map<string, { epoch: number; day: string; list: ModelTransaction[] }>;
  /** The hrefs of the latest consented listing, per `<resourceId>/<function>`. */
  links: Map<string, string>;
}

/** A payment as the seed predicts it. */
export interface ModelPayment {
  /** The PSU's consent journey ran (consented or refused). */
  journeyDone: boolean;
  /** The PKCE exchange gave the second token. */
  secondToken: boolean;
  /** The confirmation answered 200 (seed: PDNG from then on). */
  confirmed: boolean;
  /** A cancellation was sent: the status is no longer the seed's to say. */
  cancelled: boolean;
  /** When it was initiated (the 35 days run from here) and the first token issued. */
  initiated: Instant;
  /** A sandbox revocation ended the PSU's tokens: whether it ended the payment's is not judged. */
  tokensEnded: boolean;
}

/** The whole state of a sequence. */
export interface ModelState {
  version: ApiVersion;
  profile: VersionProfile;
  /** TPPs the target offers (the second only when the target names one). */
  tpps: readonly TppName[];
  psus: ModelPsu[];
  payment: ModelPayment | undefined;
  /**
   * What a PSU's first use records after its listing: nothing, or a consent of the main TPP naming
   * every account for every function (machines judging reads rather than consents start there).
   */
  prelude: 'none' | 'consent-all';
}

/** The two readings a TPP's view of a PSU's consent is made of (see the module summary). */
export function consentReadings(psu: ModelPsu, tpp: TppName): ConsentReading[] {
  return [...psu.consentByTpp[tpp], ...psu.consentOfPsu];
}

/** The IBANs a consent names in any list. */
export function consentedIbans(consent: ConsentReading): ReadonlySet<string> {
  const ibans = new Set<string>();
  if (consent === undefined) return ibans;
  for (const list of Object.values(consent.lists)) for (const iban of list) ibans.add(iban);
  return ibans;
}

/** The value every reading gives, or undefined when they differ (the seed does not decide). */
export function agreed<T>(
  readings: readonly ConsentReading[],
  predict: (reading: ConsentReading) => T,
): T | undefined {
  let first: { value: T; key: string } | undefined;
  for (const reading of readings.length === 0 ? [undefined] : readings) {
    const value = predict(reading);
    const key = JSON.stringify(value, (_k, v: unknown) =>
      v instanceof Set ? [...(v as Set<unknown>)].sort() : v,
    );
    if (first === undefined) first = { value, key };
    else if (first.key !== key) return undefined;
  }
  return first?.value;
}

/** A fresh triplet without tokens. */
export function emptyTriplet(): ModelTriplet {
  return { current: undefined, earlier: [], uncertain: false };
}
