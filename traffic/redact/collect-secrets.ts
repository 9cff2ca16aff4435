import {
  credentialFields,
  formOnlyCredentialFields,
  type CredentialKind,
} from '../../protocol/secret-fields.ts';
import type { HarEntry, HarNameValue } from '../har/har.ts';
import { contentText, formOf, headerOf, isRecord, jsonOf } from '../har/har-access.ts';
import { hasValidIbanCheckDigits } from '../../protocol/index.ts';
import { ibanPattern } from './iban.ts';
import type { SecretBook, SecretKind } from './secret-book.ts';

/** The book's kind of each credential kind of protocol/secret-fields.ts. */
const credentialKinds: Readonly<Record<CredentialKind, SecretKind>> = {
  access_token: 'access-token',
  refresh_token: 'refresh-token',
  id_token: 'id-token',
  code: 'code',
  code_verifier: 'code-verifier',
  client_secret: 'client-secret',
  registration_access_token: 'registration-access-token',
  otp: 'otp',
  secret: 'password',
};

/**
 * Field names (JSON keys, form fields, query parameters) whose value is a secret of the given kind:
 * the credential fields shared with the report redaction, then the PSU's personal data.
 */
const secretFields: Readonly<Record<string, SecretKind>> = {
  ...Object.fromEntries([...credentialFields].map(([name, kind]) => [name, credentialKinds[kind]])),
  identifier: 'psu-id',
  login_hint: 'psu-id',
  psuId: 'psu-id',
  firstName: 'name',
  lastName: 'name',
  fullName: 'name',
  givenName: 'name',
  familyName: 'name',
  iban: 'iban',
};

/** Parent keys under which a `name` is a person's (or an account holder's) name, not a label. */
const personParents = new Set([
  'debtor',
  'creditor',
  'owners',
  'owner',
  'endUserIdentity',
  'identity',
  'psu',
  'ultimateDebtor',
  'ultimateCreditor',
]);

/** Parent keys whose `identification` identifies the PSU (STET privateId) or a card (accountId.other). */
const identificationParents = new Set(['privateId', 'other']);

const jwtPattern = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/**
 * The id of a PSU journey in the path of its pages (`/stet/psd2/oauth/journeys/{journeyId}`): whoever
 * holds it can drive the PSU's login and consent pages while the journey lives.
 */
const journeyPattern = /\/oauth\/journeys\/([^/?#&"'<>\s]+)/g;

/**
 * Registers the IBANs, JWTs and PSU journey ids found anywhere in free text (HTML pages and their
 * form actions, links, Location and Referer headers, messages).
 */
export function collectFromText(text: string, book: SecretBook): void {
  for (const match of text.matchAll(ibanPattern))
    if (hasValidIbanCheckDigits(match[0])) book.add('iban', match[0]);
  for (const match of text.matchAll(jwtPattern)) book.add('access-token', match[0]);
  for (const match of text.matchAll(journeyPattern))
    if (match[1] !== undefined) book.add('journey', match[1]);
}

function collectFromJson(value: unknown, parentKey: string, book: SecretBook): void {
  if (typeof value === 'string') {
    collectFromText(value, book);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collectFromJson(item, parentKey, book);
    return;
  }
  if (!isRecord(value)) return;
  // An account (it has an accountId) or a person: its `name` may be the holder's name.
  const namesArePersonal = personParents.has(parentKey) || 'accountId' in value;
  for (const [key, child] of Object.entries(value)) {
    // In JSON, `code` is also a bank transaction code, never an OAuth code: OAuth codes travel in forms and URLs.
    const kind = formOnlyCredentialFields.has(key)
      ? undefined
      : (secretFields[key] ??
        (key === 'name' && namesArePersonal ? 'name' : undefined) ??
        (key === 'identification' && identificationParents.has(parentKey) ? 'psu-id' : undefined));
    if (kind !== undefined && (typeof child === 'string' || typeof child === 'number'))
      book.add(kind, String(child));
    else collectFromJson(child, key, book);
  }
}

function collectFromFields(fields: Iterable<[string, string]>, book: SecretBook): void {
  for (const [name, value] of fields) {
    const kind = secretFields[name];
    if (kind !== undefined) book.add(kind, value);
    collectFromText(value, book);
  }
}

function collectFromHeaders(headers: readonly HarNameValue[], book: SecretBook): void {
  for (const { name, value } of headers) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') {
      const [scheme = '', credentials = ''] = value.split(/\s+/, 2);
      if (scheme.toLowerCase() === 'basic') {
        book.add('client-secret', credentials);
        const decoded = Buffer.from(credentials, 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        if (colon >= 0) book.add('client-secret', decoded.slice(colon + 1));
      } else book.add('access-token', credentials);
    } else if (lower === 'signature') {
      const match = /signature="([^"]+)"/.exec(value);
      if (match?.[1] !== undefined) book.add('signature', match[1]);
    } else if (lower === 'cookie' || lower === 'set-cookie') {
      for (const pair of value.split(';')) {
        const eq = pair.indexOf('=');
        // Only the first pair of a Set-Cookie is the cookie; the rest are attributes (Path, Expires).
        if (eq > 0 && (lower === 'cookie' || pair === value.split(';')[0]))
          book.add('cookie', pair.slice(eq + 1).trim());
      }
    } else if (lower === 'psu-ip-address') {
      book.add('psu-ip', value);
    } else if (lower === 'location' && URL.canParse(value, 'https://placeholder.invalid')) {
      collectFromFields(new URL(value, 'https://placeholder.invalid').searchParams, book);
      collectFromText(value, book);
    } else {
      collectFromText(value, book);
    }
  }
}

function collectFromBody(text: string | undefined, mimeType: string, book: SecretBook): void {
  if (text === undefined) return;
  const json = jsonOf(text);
  if (json !== undefined) collectFromJson(json, '', book);
  else if (mimeType.toLowerCase().startsWith('application/x-www-form-urlencoded'))
    collectFromFields(new URLSearchParams(text), book);
  else collectFromText(text, book);
}

/**
 * Registers in `book` every secret of one exchange: bearer tokens and client secrets, Signature values,
 * cookies, PSU-IP-Address, OAuth fields (code, code_verifier, tokens) in the query, form, JSON or the
 * redirect Location, OTPs and PSU identifiers, people's and account holders' names, and any valid IBAN,
 * JWT or PSU journey id (the path of the journey pages) found in any text.
 */
export function collectSecrets(entry: HarEntry, book: SecretBook): void {
  const { request, response } = entry;
  collectFromHeaders(request.headers, book);
  collectFromFields(
    request.queryString.map((q) => [q.name, q.value]),
    book,
  );
  collectFromText(new URL(request.url).pathname, book);
  if (request.postData !== undefined) {
    collectFromFields(formOf(request.postData), book);
    collectFromBody(request.postData.text, request.postData.mimeType, book);
  }
  for (const cookie of [...request.cookies, ...response.cookies]) book.add('cookie', cookie.value);
  collectFromHeaders(response.headers, book);
  collectFromBody(
    contentText(response.content),
    response.content.mimeType || (headerOf(response.headers, 'content-type') ?? ''),
    book,
  );
}
