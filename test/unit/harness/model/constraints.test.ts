import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRule, newestApiVersion, versionProfile, versionsWhere } from '../../../../spec/lib/index.ts';
import type { Answer } from '../../../../harness/model/answer.ts';
import type { Constraint } from '../../../../harness/model/constraint.ts';
import * as consent from '../../../../harness/model/constraints/consent-constraints.ts';
import { codeExchangeIssuesSet } from '../../../../harness/model/constraints/login-constraints.ts';
import * as payment from '../../../../harness/model/constraints/payment-constraints.ts';
import * as quota from '../../../../harness/model/constraints/quota-constraints.ts';
import * as token from '../../../../harness/model/constraints/token-constraints.ts';
import * as trx from '../../../../harness/model/constraints/transaction-constraints.ts';
import * as ver from '../../../../harness/model/constraints/version-constraints.ts';
import { machineDefinitions, modelMachines } from '../../../../harness/model/machines.ts';
import type { ListedEntry } from '../../../../harness/model/listing.ts';
import type { ModelConsent, ModelTransaction } from '../../../../harness/model/model-state.ts';

function answer(status: number, json: unknown = undefined, headers: Answer['headers'] = {}): Answer {
  return { status, json, headers };
}

/** One constraint with an answer the seed allows and one it rules out. */
interface Example {
  name: string;
  /** The verdict on the seed-true answer, then on the other. */
  pass: () => string | undefined;
  fail: () => string | undefined;
}

function example<I>(constraint: Constraint<I>, pass: I, fail: I): Example {
  return { name: constraint.name, pass: () => constraint.judge(pass), fail: () => constraint.judge(fail) };
}

const A = 'FR7610101000000000000000001';
const B = 'FR7610101000000000000000002';
const functions = versionProfile(newestApiVersion).accountFunctions;

function consentOf(
  lists: Partial<Record<'balances' | 'transactions' | 'overdrafts' | 'owners', string[]>>,
  psuIdentity = false,
): ModelConsent {
  return {
    lists: {
      balances: new Set(lists.balances ?? []),
      transactions: new Set(lists.transactions ?? []),
      overdrafts: new Set(lists.overdrafts ?? []),
      owners: new Set(lists.owners ?? []),
    },
    psuIdentity,
  };
}

function entry(resourceId: string, iban: string | undefined, extra: Partial<ListedEntry> = {}): ListedEntry {
  return {
    resourceId,
    iban,
    currency: 'EUR',
    card: false,
    backing: undefined,
    balances: false,
    links: new Map(),
    ...extra,
  };
}

const accounts = [
  { resourceId: 'a', iban: A, currency: 'EUR' },
  { resourceId: 'b', iban: B, currency: 'EUR' },
];
const cards = [{ resourceId: 'c', backing: 'a' }];
const card = entry('c', undefined, { card: true, backing: 'a', currency: undefined });

function listing(
  entries: ListedEntry[],
  readings: Array<ModelConsent | undefined>,
  topLinks: string[] = [],
): consent.ListingInput {
  return { entries, topLinks: new Map(topLinks.map((n) => [n, '/x'])), readings, accounts, cards, functions };
}

const balancesOfA = consentOf({ balances: [A] });
const linked = (names: string[]): Map<string, string> => new Map(names.map((n) => [n, `/${n}`]));

function tx(id: string, fields: Partial<ModelTransaction>): ModelTransaction {
  return {
    resourceId: id,
    status: 'BOOK',
    entryReference: undefined,
    bookingDate: undefined,
    expectedBookingDate: undefined,
    valueDate: undefined,
    transactionDate: undefined,
    ...fields,
  };
}

function reads(
  transactions: ModelTransaction[],
  query: Partial<trx.TransactionsInput> = {},
): trx.TransactionsInput {
  return {
    transactions,
    dateFrom: undefined,
    dateTo: undefined,
    entryReferenceFrom: undefined,
    entryReferenceTo: undefined,
    today: '2026-11-29',
    baseline: undefined,
    ...query,
  };
}

const booked = (id: string, date: string, ref?: string): ModelTransaction =>
  tx(id, { bookingDate: date, valueDate: date, transactionDate: date, entryReference: ref ?? id });

const batch = (
  status: number,
  ownCounted: number,
  allMade: number,
  json: unknown = undefined,
): quota.BatchInput => ({
  ...answer(status, json),
  ownCounted,
  allMade,
  otherwiseServed: true,
  what: 'GET accounts',
});

/** The functions of a version without overdrafts and owners. */
const olderFunctions = versionProfile(
  versionsWhere((profile) => !profile.overdrafts)[0] ?? newestApiVersion,
).accountFunctions;

const examples: Example[] = [
  example(token.currentTokenServes, answer(200), answer(401)),
  example(
    token.expiredTokenRefused,
    answer(401, { error: 'invalid_token' }),
    answer(401, { error: 'expired' }),
  ),
  example(token.replacedAccessRefused, answer(401), answer(200)),
  example(token.replacedRefreshRefused, answer(400), answer(200)),
  example(token.refreshRevokesOldAccess, answer(403), answer(200)),
  example(token.refreshIssuesAccess, answer(200, { access_token: 'a' }), answer(200, {})),
  example(
    token.refreshReturnsRefresh,
    answer(200, { refresh_token: 'r' }),
    answer(200, { access_token: 'a' }),
  ),
  example(token.refreshAfter180Refused, answer(400), answer(200)),
  example(token.accessRevocationRevokesRefresh, answer(400), answer(200)),
  example(token.refreshRevocationRevokesAccess, answer(401), answer(200)),
  example(token.codeOneTime, answer(400), answer(200)),
  example(token.wrongScopeBads, answer(403, { message: 'BADS' }), answer(401, { message: 'BADS' })),
  example(
    codeExchangeIssuesSet,
    answer(200, { access_token: 'a', refresh_token: 'r' }),
    answer(200, { access_token: 'a' }),
  ),
  example(
    consent.listsAllWithoutConsent,
    listing([entry('a', A), entry('b', B)], [undefined]),
    listing([entry('a', A)], [undefined]),
  ),
  example(
    consent.noCardsWithoutConsent,
    listing([entry('a', A)], [consentOf({})]),
    listing([entry('a', A), card], [consentOf({})]),
  ),
  example(
    consent.noLinksWithoutConsent,
    listing([entry('a', A)], [undefined]),
    listing([entry('a', A, { links: linked(['balances']) })], [undefined]),
  ),
  example(
    consent.noBalancesWithoutConsent,
    listing([entry('a', A)], [undefined]),
    listing([entry('a', A, { balances: true })], [undefined]),
  ),
  example(
    consent.consentedAccountsOnly,
    listing([entry('a', A)], [balancesOfA]),
    listing([entry('a', A), entry('b', B)], [balancesOfA]),
  ),
  example(
    consent.cardsOfConsentedAccounts,
    listing([entry('a', A), card], [balancesOfA]),
    listing([entry('b', B), card], [consentOf({ balances: [B] })]),
  ),
  example(
    consent.linkConstraints.balances,
    listing([entry('a', A, { links: linked(['balances']) })], [balancesOfA]),
    listing(
      [
        entry('a', A, { links: linked(['balances', 'transactions']) }),
        entry('b', B, { links: linked(['balances']) }),
      ],
      [balancesOfA],
    ),
  ),
  example(
    consent.linkConstraints.transactions,
    listing([entry('a', A, { links: linked(['balances']) })], [balancesOfA]),
    listing([entry('a', A, { links: linked(['balances', 'transactions']) })], [balancesOfA]),
  ),
  example(
    consent.linkConstraints.overdrafts,
    listing([entry('a', A, { links: linked(['overdrafts']) })], [consentOf({ overdrafts: [A] })]),
    listing([entry('a', A)], [consentOf({ overdrafts: [A] })]),
  ),
  example(
    consent.linkConstraints.owners,
    listing([entry('a', A)], [balancesOfA]),
    listing([entry('a', A, { links: linked(['owners']) })], [balancesOfA]),
  ),
  example(
    consent.balancesEmbeddedWhenConsented,
    listing([entry('a', A, { balances: true })], [balancesOfA]),
    listing([entry('a', A)], [balancesOfA]),
  ),
  example(
    consent.identityLinkWhenConsented,
    listing([entry('a', A)], [consentOf({ balances: [A] }, true)], ['endUserIdentity']),
    listing([entry('a', A)], [balancesOfA], ['endUserIdentity']),
  ),
  example(
    consent.noTrustedBeneficiariesLink,
    listing([entry('a', A)], [balancesOfA], ['self']),
    listing([entry('a', A)], [balancesOfA], ['trustedBeneficiaries']),
  ),
  example(consent.consentRecorded, answer(201), answer(200)),
  example(consent.listingServed, { ...answer(200), listed: true }, { ...answer(200), listed: false }),
  example(consent.consentedReadServed, { ...answer(200), what: 'x' }, { ...answer(403), what: 'x' }),
  example(consent.unconsentedReadRefused, { ...answer(403), what: 'x' }, { ...answer(200), what: 'x' }),
  example(consent.cardNeedsBackingConsent, { ...answer(404), what: 'x' }, { ...answer(200), what: 'x' }),
  example(consent.identityNeedsConsent, answer(403), answer(200)),
  example(consent.unknownAccountRefused, answer(404, { message: 'AC01' }), answer(200)),
  example(quota.overQuotaRefused, batch(429, 4, 4, { message: 'TMRQ' }), batch(200, 4, 4)),
  example(quota.underQuota.accounts, batch(200, 3, 3), batch(429, 2, 3, { message: 'TMRQ' })),
  example(
    quota.underQuota.identity,
    batch(403, 0, 0, { message: 'NGAC' }),
    batch(429, 0, 0, { code: 'TQMR' }),
  ),
  example(
    quota.underQuota.balances,
    batch(429, 4, 4, { message: 'TMRQ' }),
    batch(429, 0, 1, { message: 'TMRQ' }),
  ),
  example(quota.underQuota.transactions, batch(200, 0, 0), batch(429, 0, 0, { message: 'TMRQ' })),
  example(quota.underQuota.card, batch(200, 1, 1), batch(429, 1, 1, { message: 'TMRQ' })),
  example(
    quota.connectedUnlimited,
    { ...answer(200), what: 'x' },
    { ...answer(429, { message: 'TMRQ' }), what: 'x' },
  ),
  example(
    trx.dateToExclusive,
    reads(
      [booked('1', '2026-11-27'), tx('2', { bookingDate: '2026-11-28', transactionDate: '2026-11-27' })],
      { dateTo: '2026-11-28' },
    ),
    reads([booked('1', '2026-11-28')], { dateTo: '2026-11-28' }),
  ),
  example(
    trx.dateFromInclusive,
    reads([booked('1', '2026-11-20')], {
      dateFrom: '2026-11-20',
      baseline: [booked('1', '2026-11-20'), booked('0', '2026-11-19')],
    }),
    reads([booked('2', '2026-11-21')], {
      dateFrom: '2026-11-20',
      baseline: [booked('1', '2026-11-20'), booked('2', '2026-11-21')],
    }),
  ),
  example(
    trx.entryReferenceFromExclusive,
    reads([booked('a', '2026-11-20', '0012')], { entryReferenceFrom: '0011' }),
    reads([booked('a', '2026-11-20', '0011')], { entryReferenceFrom: '0011' }),
  ),
  example(
    trx.entryReferenceToInclusive,
    reads([booked('a', '2026-11-20', '0011')], {
      entryReferenceTo: '0011',
      baseline: [booked('a', '2026-11-20', '0011')],
    }),
    reads([booked('a', '2026-11-20', '0010')], {
      entryReferenceTo: '0011',
      baseline: [booked('a', '2026-11-20', '0010'), booked('b', '2026-11-21', '0011')],
    }),
  ),
  example(trx.history90Days, reads([booked('1', '2026-09-01')]), reads([booked('1', '2026-08-01')])),
  example(
    trx.pendingWithoutEntryReference,
    reads([tx('1', { status: 'PDNG', expectedBookingDate: '2026-11-30' })]),
    reads([tx('1', { status: 'PDNG', entryReference: '7', expectedBookingDate: '2026-11-30' })]),
  ),
  example(
    trx.pendingExpectedDate,
    reads([tx('1', { status: 'PDNG', expectedBookingDate: '2026-11-30' })]),
    reads([tx('1', { status: 'PDNG', bookingDate: '2026-11-30' })]),
  ),
  example(
    trx.futureExpectedDate,
    reads([tx('1', { status: 'FUTR', expectedBookingDate: '2026-12-30' })]),
    reads([tx('1', { status: 'FUTR' })]),
  ),
  example(
    trx.bookedFields,
    reads([booked('1', '2026-11-20')]),
    reads([tx('1', { bookingDate: '2026-11-20' })]),
  ),
  example(
    trx.pagesComplete,
    reads([booked('1', '2026-11-20'), booked('2', '2026-11-20')]),
    reads([booked('1', '2026-11-20'), booked('1', '2026-11-20')]),
  ),
  example(trx.periodOver90Ende, answer(400, { message: 'ENDE' }), answer(200)),
  example(
    trx.malformedDateEnde,
    answer(400, { errors: [{ code: 'ENDE' }] }),
    answer(400, { message: 'FF01' }),
  ),
  example(
    ver.functionsOfTheVersion,
    { entries: [entry('a', A, { links: linked(['overdrafts']) })], functions, currencyAccounts: true },
    {
      entries: [entry('a', A, { links: linked(['overdrafts']) })],
      functions: olderFunctions,
      currencyAccounts: false,
    },
  ),
  example(
    ver.currencyAccountsOfTheVersion,
    { entries: [entry('a', A), entry('u', A, { currency: 'USD' })], functions, currencyAccounts: true },
    {
      entries: [entry('a', A), entry('u', A, { currency: 'USD' })],
      functions: olderFunctions,
      currencyAccounts: false,
    },
  ),
  example(payment.successCallbackCode, { callback: { code: 'c', state: 's' } }, { callback: { state: 's' } }),
  example(
    payment.secondTokenIssued,
    { ...answer(200, { access_token: 't' }), state: 's' },
    { ...answer(400), state: 's' },
  ),
  example(
    payment.tokenReturnsState,
    { ...answer(200, { state: 's' }), state: 's' },
    { ...answer(200, { state: 'other' }), state: 's' },
  ),
  example(payment.confirmationServed, answer(200, { paymentRequest: {} }), answer(200, {})),
  example(
    payment.confirmedPending,
    answer(200, { paymentRequest: { paymentInformationStatus: 'PDNG' } }),
    answer(200, { paymentRequest: { paymentInformationStatus: 'ACCP' } }),
  ),
  example(payment.confirmationNeedsSecondToken, answer(403), answer(200)),
  example(
    payment.statusServed,
    { ...answer(200, { paymentRequest: { resourceId: 'p' } }), resourceId: 'p' },
    { ...answer(200, { paymentRequest: { resourceId: 'q' } }), resourceId: 'p' },
  ),
  example(payment.statusNeedsSameRequestId, answer(404), answer(200)),
  example(payment.availableFor35Days, answer(404), answer(200)),
  example(payment.refusalCallback, { reached: true, message: '' }, { reached: false, message: 'went to ok' }),
];

describe('the seed model’s constraints', () => {
  it.each(examples.map((e) => [e.name, e] as const))(
    '%s passes a seed-true answer and fails another',
    (_name, e) => {
      expect(e.pass()).toBeUndefined();
      expect(e.fail()).toEqual(expect.any(String));
    },
  );

  it('has an example for every constraint of every machine', () => {
    const all = new Set(
      modelMachines.flatMap((machine) => machineDefinitions[machine].constraints.map((c) => c.name)),
    );
    expect(new Set(examples.map((e) => e.name))).toEqual(all);
  });

  it('cites only rules of the seed (basis seed), each constraint named once', () => {
    const constraints = modelMachines.flatMap((machine) => machineDefinitions[machine].constraints);
    for (const c of constraints)
      expect(getRule(c.rule)?.basis.kind, `${c.name} cites ${c.rule}`).toBe('seed');
    const names = new Map(constraints.map((c) => [c.name, c.rule]));
    expect(names.size).toBe(new Set(constraints.map((c) => c.name)).size);
  });

  it('judges a listing only where every consent reading agrees', () => {
    // One TPP's consent names A for balances, the PSU's latest (another TPP's) names nothing: not judged.
    const readings = [balancesOfA, consentOf({})];
    expect(consent.consentedAccountsOnly.judge(listing([entry('b', B)], readings))).toBeUndefined();
    expect(
      consent.linkConstraints.balances.judge(
        listing([entry('a', A, { links: linked(['balances']) })], readings),
      ),
    ).toBeUndefined();
    // Both readings leave B out of every list: B's balances link is judged.
    expect(
      consent.linkConstraints.balances.judge(
        listing([entry('b', B, { links: linked(['balances']) })], readings),
      ),
    ).toEqual(expect.any(String));
  });

  it('is listed in docs/model.md, each constraint with its rule', () => {
    const page = readFileSync(new URL('../../../../docs/model.md', import.meta.url), 'utf8');
    for (const machine of modelMachines)
      for (const c of machineDefinitions[machine].constraints)
        expect(page).toContain(`| \`${c.name}\` | ${c.rule} |`);
  });

  it('asks TMRQ of a refusal beyond the quota only when nothing else refuses the call', () => {
    const notConsented = { ...batch(403, 4, 4, { message: 'NGAC' }), otherwiseServed: false };
    expect(quota.overQuotaRefused.judge(notConsented)).toBeUndefined();
    expect(quota.overQuotaRefused.judge({ ...notConsented, otherwiseServed: true })).toEqual(
      expect.any(String),
    );
    expect(quota.overQuotaRefused.judge({ ...batch(200, 4, 4), otherwiseServed: false })).toEqual(
      expect.any(String),
    );
  });
});
