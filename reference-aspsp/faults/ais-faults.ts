import type { FaultEntry } from './fault.ts';

/** Deviations of account information: consent, listing and links, balances, transactions, quotas. */
// One fault per line, as a table: the catalogue reads down its names.
// prettier-ignore
export const aisFaults = {
  // Consent
  'consent-merged': { description: 'PUT /consents merges the new lists into the previous consent instead of replacing it.', rules: ['CNS-REPLACES-PREVIOUS', 'CNS-PER-FUNCTION', 'CNS-REVOKED-REJECTED'] },
  'empty-consent-ignored': { description: 'A consent naming no account is answered 201 but the previous consent stays in force.', rules: ['CNS-EMPTY-REVOKES-ALL', 'CNS-NO-ACCOUNT-REVOKES-ALL'] },
  'consent-unknown-iban-accepted': { description: 'A consent naming an IBAN that is not one of the PSU accounts is recorded (201) instead of 403.', rules: ['CNS-RECORD-FAILS-403', 'ERR-403-CONSENT'] },
  'consent-body-not-validated': { description: 'The consent body is not checked: unknown fields and missing lists are accepted.', rules: ['BAD-UNKNOWN-FIELD', 'CNS-REQUIRES-BALANCES', 'CNS-REQUIRES-TRANSACTIONS', 'CNS-REQUIRES-OVERDRAFTS', 'CNS-REQUIRES-OWNERS', 'CNS-REQUIRES-TRUSTED-BENEFICIARIES', 'CNS-REQUIRES-PSU-IDENTITY'] },
  // Listing and links
  'cards-listed-before-consent': { description: 'GET /accounts lists the deferred-debit cards before any consent.', rules: ['AIS-ACC-NO-CONSENT-NO-CARDS'] },
  'currency-accounts-before-v162': { description: 'Currency accounts (the same IBAN in another currency) are listed in v1 and v1.4.2 too.', rules: ['AIS-ACC-CURRENCY-ACCOUNTS', 'VER-V162-CURRENCY-ACCOUNTS'] },
  'transactions-link-for-balances-consent': { description: 'An account consented for balances only carries a transactions link.', rules: ['AIS-ACC-LINK-TRANSACTIONS'] },
  'balances-embedded-unconsented': { description: 'GET /accounts embeds balances in accounts not consented for balances.', rules: ['AIS-ACC-BALANCES-WHEN-CONSENTED'] },
  'trusted-beneficiaries-link': { description: 'GET /accounts returns a trusted-beneficiaries link when the consent asked for it.', rules: ['AIS-ACC-NO-TRUSTED-BENEFICIARIES-LINK', 'CNS-TRUSTED-BENEFICIARIES-NO-EFFECT'] },
  'identity-link-without-consent': { description: 'The endUserIdentity link is returned after any consent, psuIdentity true or not.', rules: ['AIS-ACC-LINK-IDENTITY'] },
  'identity-without-consent': { description: 'GET end-user-identity is served without psuIdentity in the consent.', rules: ['AIS-OTH-IDENTITY-CONSENT', 'AIS-ACC-BEFORE-CONSENT-REJECTED'] },
  'overdrafts-before-v162': { description: 'Overdrafts links are served on v1 and v1.4.2 responses, where overdrafts do not exist.', rules: ['AIS-OTH-NO-OVERDRAFTS-BEFORE-V162', 'VER-V162-OVERDRAFTS'] },
  // Access to an account
  'consent-not-checked': { description: 'Balances and transactions of any account of the PSU are served, consented or not.', rules: ['AIS-ACC-CONSENT-PRECONDITION', 'AIS-ACC-NOT-CONSENTED-NGAC', 'AIS-ACC-BEFORE-CONSENT-REJECTED', 'CNS-REVOKED-REJECTED'] },
  'card-consent-any-function': { description: 'A card is served for any function once its backing account is in any consent list.', rules: ['AIS-ACC-CARD-BACKING-CONSENT'] },
  'blocked-account-served': { description: 'A blocked account is served instead of refused AC06.', rules: ['AIS-ACC-BLOCKED-AC06'] },
  'closed-account-ac06': { description: 'A closed account is refused AC06 (blocked) instead of AC04.', rules: ['AIS-ACC-CLOSED-AC04'] },
  // Balances
  'card-outstandings-positive-v162': { description: 'Card outstandings keep positive amounts in v1.6.2.', rules: ['AIS-BAL-CARD-NEGATIVE', 'VER-V162-CARD-TYPES'] },
  'valu-during-batch': { description: 'VALU is returned while the accounting batch runs (21:00 to 21:50 Paris time).', rules: ['AIS-BAL-VALU-BATCH'] },
  'clbd-before-first-batch': { description: 'CLBD of an account opened today is returned before the first accounting batch.', rules: ['AIS-BAL-CLBD-NEW-ACCOUNT'] },
  'non-euro-three-balances': { description: 'An account in another currency than euro returns VALU and CLBD besides OTHR.', rules: ['AIS-BAL-NON-EURO-OTHR', 'AIS-BAL-CURRENCY-ACCOUNT-OTHR'] },
  // Transactions
  'dateto-inclusive': { description: 'dateTo is treated as inclusive: transactions dated dateTo are returned.', rules: ['AIS-TRX-DATETO-EXCLUSIVE'] },
  'datefrom-exclusive': { description: 'dateFrom is treated as exclusive: transactions dated dateFrom are left out.', rules: ['AIS-TRX-DATEFROM-INCLUSIVE'] },
  'entryref-from-inclusive': { description: 'entryReferenceFrom is inclusive: the entry with that reference is returned.', rules: ['AIS-TRX-ENTRYREF-FROM-EXCLUSIVE'] },
  'entryref-to-exclusive': { description: 'entryReferenceTo is exclusive: the entry with that reference is left out.', rules: ['AIS-TRX-ENTRYREF-TO-INCLUSIVE'] },
  'after-entry-reference-ignored': { description: 'afterEntryReference is not read: the whole history is returned.', rules: ['AIS-TRX-AFTER-ENTRY-REFERENCE'] },
  'period-91-days-accepted': { description: 'A requested period of 91 days is accepted instead of refused ENDE.', rules: ['AIS-TRX-PERIOD-OVER-90-ENDE', 'ERR-400-ENDE'] },
  'malformed-date-ignored': { description: 'A dateFrom or dateTo that is not a date is ignored instead of refused ENDE.', rules: ['AIS-TRX-DATE-FORMAT-ENDE', 'ERR-400-ENDE'] },
  'history-beyond-90-days': { description: 'Without dateFrom, transactions older than 90 days are returned.', rules: ['AIS-TRX-HISTORY-90-DAYS'] },
  'pages-overlap': { description: 'Each page after the first repeats the last transaction of the previous page.', rules: ['AIS-TRX-PAGES-COMPLETE'] },
  'page-past-last-empty': { description: 'A page past the last one is an empty 200 page instead of IPGN.', rules: ['AIS-TRX-IPGN'] },
  'pdng-with-entry-reference': { description: 'PDNG transactions carry an entryReference (the technical id).', rules: ['AIS-TRX-PDNG-NO-ENTRYREF'] },
  'card-booking-not-debited': { description: 'Booking a deferred-debit card receipt leaves the backing account without its debit.', rules: ['AIS-TRX-CARD-RECEIPT-BOOKING'] },
  'remittance-array-after-v1': { description: 'remittanceInformation stays a plain array of strings in v1.4.2 and v1.6.2.', rules: ['AIS-TRX-REMITTANCE-UNSTRUCTURED', 'VER-REMITTANCE-UNSTRUCTURED'] },
  // Quotas
  'fifth-batch-call-allowed': { description: 'The fifth call of a day without PSU-IP-Address is allowed.', rules: ['QTA-EXCEEDED-TMRQ', 'QTA-ACCOUNTS-4-PER-DAY', 'QTA-IDENTITY-4-PER-DAY', 'QTA-BALANCES-PER-ACCOUNT', 'QTA-TRANSACTIONS-PER-ACCOUNT', 'QTA-PER-CARD', 'QTA-OVERDRAFTS-OWNERS'] },
  'fourth-batch-call-refused': { description: 'The fourth call of a day without PSU-IP-Address is already refused TMRQ.', rules: ['QTA-ACCOUNTS-4-PER-DAY', 'QTA-IDENTITY-4-PER-DAY', 'QTA-BALANCES-PER-ACCOUNT', 'QTA-TRANSACTIONS-PER-ACCOUNT', 'QTA-PER-CARD', 'QTA-OVERDRAFTS-OWNERS'] },
  'psu-ip-ignored-for-quotas': { description: 'Calls with PSU-IP-Address are counted and limited like batch calls.', rules: ['QTA-CONNECTED-UNLIMITED'] },
  'pagination-counted': { description: 'Following the next link of a transaction list counts as a new access.', rules: ['QTA-PAGINATION-NOT-COUNTED'] },
  'quota-per-psu-not-per-account': { description: 'Balances and transactions are counted per PSU, all accounts together, not per account.', rules: ['QTA-BALANCES-PER-ACCOUNT', 'QTA-TRANSACTIONS-PER-ACCOUNT'] },
} as const satisfies Readonly<Record<string, FaultEntry>>;
