/**
 * The last check before a report file is written: no credential may survive redaction.
 *
 * Two looks at the rendered text: every credential field of protocol/secret-fields.ts must hold a
 * placeholder (in JSON, also as an escaped body inside report.json, and as a form or query field), and
 * no secret registered in the run's {@link SecretSet} may occur at all.
 */
import { CodedError } from '../../lib/coded-error.ts';
import { jsonCredentialFields, credentialFields } from '../../protocol/secret-fields.ts';
import type { SecretSet } from './secret-set.ts';
import { minSecretLength } from './secret-set.ts';

/** A credential found in clear: where, and of what kind (never the value). */
export interface SecretLeak {
  readonly field: string;
  readonly offset: number;
}

/** Raised when a rendered report still holds a credential; the file is not written. */
export class SecretLeakError extends CodedError<'ERR_REPORT_SECRET_LEAK'> {}

const jsonNames = [...jsonCredentialFields.keys()].join('|');
const formNames = [...credentialFields.keys()].join('|');
/** `"name": "value"`, also JSON-escaped inside a JSON string (`\"name\":\"value\"`). */
const jsonField = new RegExp(`\\\\?"(${jsonNames})\\\\?"\\s*:\\s*\\\\?"((?:[^"\\\\]|\\\\(?!"))*)`, 'gi');
/** `name=value` in a query or form, also after an HTML-escaped `&amp;`. */
const formField = new RegExp(`(?:^|[?&;\\s'"]|&amp;)(${formNames})=([^&#;\\s'"<]*)`, 'gi');
/** A placeholder, raw or HTML-escaped, possibly percent-encoded in a URL. */
const placeholder = /^(?:<|&lt;|%3C)redacted:/i;

/** The credentials left in clear in `text` (empty when none). */
export function findSecretLeaks(text: string, secrets?: SecretSet): SecretLeak[] {
  const leaks: SecretLeak[] = [];
  for (const pattern of [jsonField, formField]) {
    for (const match of text.matchAll(pattern)) {
      const value = match[2] ?? '';
      if (value.length >= minSecretLength && !placeholder.test(value))
        leaks.push({ field: (match[1] ?? '').toLowerCase(), offset: match.index });
    }
  }
  if (secrets !== undefined && secrets.redact(text) !== text)
    leaks.push({ field: 'registered secret', offset: -1 });
  return leaks;
}

/** Throws {@link SecretLeakError} when `text`, about to be written to `file`, holds a credential. */
export function assertNoSecretLeak(text: string, file: string, secrets?: SecretSet): void {
  const leaks = findSecretLeaks(text, secrets);
  if (leaks.length === 0) return;
  const fields = [...new Set(leaks.map((leak) => leak.field))].join(', ');
  throw new SecretLeakError(
    'ERR_REPORT_SECRET_LEAK',
    `${file} would hold ${leaks.length} credential(s) in clear (${fields}); it was not written`,
    { hint: 'a bug of the redaction (harness/report/redact.ts): please report it with the case that ran' },
  );
}
