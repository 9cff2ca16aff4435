import type { IncomingHttpHeaders } from 'node:http';
import { schemaValidator, type ApiVersion } from '../../../spec/lib/index.ts';
import type { Choices } from '../../choices/index.ts';
import type { FaultSet } from '../../faults/catalogue.ts';
import { isRecord } from '../../lib/is-record.ts';
import { ApiError } from '../api-error.ts';
import { parseBody, type ParsedBody } from '../parse-body.ts';
import type { RouteBody } from '../route.ts';

/**
 * Stage 7, body: the bytes of the size stage parsed as the route declares (`400 FF01` for a wrong
 * Content-Type, bad UTF-8 or JSON), once; the handler gets the result as `ctx.body` / `ctx.form`.
 */
export function bodyStage(
  declared: RouteBody | undefined,
  request: { readonly headers: IncomingHttpHeaders; readonly raw: Buffer; readonly choices: Choices },
): ParsedBody {
  const kind = declared === undefined ? 'none' : typeof declared === 'string' ? declared : declared.kind;
  return parseBody({ kind, headers: request.headers, raw: request.raw }, request.choices);
}

/**
 * The end of the body stage, after the route's `admit` check: a JSON body declared with a schema
 * must match that component of the version's OpenAPI document (spec/lib `schemaValidator`, compiled
 * once per version and schema). A mismatch is the route's `refusal`, by default `400 FF01` listing
 * what the schema refused.
 */
export function bodySchemaStage(
  declared: RouteBody | undefined,
  request: {
    readonly version: ApiVersion | undefined;
    readonly body: unknown;
    readonly faults: FaultSet;
    readonly choices: Choices;
  },
): void {
  if (declared === undefined || typeof declared === 'string') return;
  if (request.version === undefined)
    // Stryker disable next-line StringLiteral,CallExpression: equivalent: the router refuses at start-up a route with a body schema and no {version}, so this never throws
    throw new Error(`schema ${declared.schema} on a route without {version}`);
  if (declared.unchecked?.(request.faults) === true) return;
  const validate = schemaValidator(declared.schema, request.version);
  const result = validate(request.body);
  if (result.valid) return;
  // The schema's objections this bank keeps (BAD-UNKNOWN-FIELD: unknown fields refused or left unread).
  const kept = request.choices.of('BAD-UNKNOWN-FIELD')(result.issues);
  if (kept.length === 0) return;
  const errors = kept.map((issue) => issue.message);
  throw (declared.refusal ?? formatRefusal)({ body: request.body, errors, validate });
}

/** The default refusal of a body the schema rejects: `400 FF01` (seed: Errors, body format). */
export function formatRefusal(refused: {
  readonly body: unknown;
  readonly errors: readonly string[];
}): ApiError {
  return new ApiError('FF01', {
    detail: isRecord(refused.body) ? refused.errors.join('; ') : 'the body must be a JSON object',
  });
}
