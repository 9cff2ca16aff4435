import type { ValidationIssue } from '../../spec/lib/index.ts';
import { mediaType } from '../server/parse-body.ts';
import { ApiError } from '../server/api-error.ts';
import { choice } from './choice.ts';

/** True when a request's Content-Type labels a JSON body (BAD-MEDIA-TYPE-FORMS). */
export type JsonMediaType = (contentType: string | undefined) => boolean;

/** The refusal of a body of another media type than the route reads, from why (BAD-WRONG-CONTENT-TYPE). */
export type MediaTypeRefusal = (detail: string) => ApiError;

/** The schema's objections to a body the bank keeps (BAD-UNKNOWN-FIELD): an empty list admits the body. */
export type SchemaObjections = (issues: readonly ValidationIssue[]) => readonly ValidationIssue[];

/**
 * How announced oversized bodies are met (BAD-BODY-SIZE-EDGES): `refuse-unread`, answered at once
 * with Connection: close; `drain`, read to its end and answered on the kept connection.
 */
export type AnnouncedOversize = 'refuse-unread' | 'drain';

/** What a bank does before refusing a consent it cannot record (BAD-NOTHING-CHANGES), given how to revoke the previous one. */
export type BeforeConsentRefusal = (revokePrevious: () => Promise<void>) => Promise<void>;

/** The one malformation of a token form refused beyond its fields, or undefined (BAD-TOKEN-FORM). */
export type TokenFormCheck = (form: URLSearchParams) => string | undefined;

const unknownField = /must NOT have additional properties/;

/** The exact spellings a bank reading media types as written takes for JSON. */
const jsonAsWritten: ReadonlySet<string | undefined> = new Set([
  'application/json',
  'application/json; charset=utf-8',
]);

/** The choices of the BAD family: bad input, limits, and what a refusal leaves behind. */
export const badChoices = {
  'BAD-UNKNOWN-FIELD': choice<SchemaObjections>({
    reference: (issues) => issues,
    // Unknown fields are left unread: the body is judged on the fields the bank knows.
    alternate: (issues) => issues.filter((issue) => !unknownField.test(issue.message)),
  }),
  'BAD-MEDIA-TYPE-FORMS': choice<JsonMediaType>({
    reference: (contentType) => mediaType(contentType) === 'application/json',
    alternate: (contentType) => jsonAsWritten.has(contentType),
  }),
  'BAD-WRONG-CONTENT-TYPE': choice<MediaTypeRefusal>({
    reference: (detail) => new ApiError('FF01', { detail }),
    // RFC 9110 §15.5.16 415 Unsupported Media Type, the code still the seed's body-format one.
    alternate: (detail) => new ApiError('FF01', { status: 415, detail }),
  }),
  'BAD-OVERSIZED-BODY': choice<number>({ reference: 64 * 1024, alternate: 1024 * 1024 }),
  'BAD-BODY-SIZE-EDGES': choice<AnnouncedOversize>({ reference: 'refuse-unread', alternate: 'drain' }),
  // Nesting beyond which the bank's JSON reader breaks (a 5xx): never, or past 512 levels.
  'BAD-NEVER-5XX': choice<number>({ reference: Number.POSITIVE_INFINITY, alternate: 512 }),
  // Nesting refused 400 FF01: past 64 levels, or no limit of the bank's own.
  'BAD-JSON-DEPTH': choice<number>({ reference: 64, alternate: Number.POSITIVE_INFINITY }),
  'BAD-NOTHING-CHANGES': choice<BeforeConsentRefusal>({
    reference: () => Promise.resolve(),
    // Cancel and replace, the replacement failing: the previous consent is already gone.
    alternate: (revokePrevious) => revokePrevious(),
  }),
  'BAD-TOKEN-FORM': choice<TokenFormCheck>({
    // RFC 6749 §3.2: request parameters must not be included more than once.
    reference: (form) => {
      const names = [...form.keys()];
      return new Set(names).size === names.length ? undefined : 'a parameter is repeated';
    },
    // The first value of a repeated parameter is read, as URLSearchParams.get reads it.
    alternate: () => undefined,
  }),
} as const;
