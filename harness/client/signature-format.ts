/**
 * The `signature.format` of a step: the text of the `Signature` header written around the parts of a
 * correctly computed signature, so a transport case can send a near miss of the header's syntax (a
 * parameter repeated, a quote left open, a timestamp with a sign) around a value that verifies.
 *
 * A slot is a part's name in angle brackets: `<keyId>`, `<algorithm>`, `<headers>` (the covered names,
 * space-separated, as signed), `<signature>` (the base64 value), `<created>`, `<expires>`. Any other
 * text is sent as written.
 */
import { CodedError } from '../../lib/coded-error.ts';

/** The parts of a computed signature a format can place. */
export interface SignatureParts {
  readonly keyId: string;
  readonly algorithm: string;
  readonly headers: readonly string[];
  readonly signature: string;
  readonly created: number | undefined;
  readonly expires: number | undefined;
}

/** The slot names of a format, each the name of a {@link SignatureParts} member. */
export const signatureFormatSlots = [
  'keyId',
  'algorithm',
  'headers',
  'signature',
  'created',
  'expires',
] as const;

/** One slot name. */
export type SignatureFormatSlot = (typeof signatureFormatSlots)[number];

// `<` + letters + `>`: a slot, or a misspelt one; any other `<` is text.
const slotPattern = /<([A-Za-z]+)>/g;

function isSlot(name: string): name is SignatureFormatSlot {
  return (signatureFormatSlots as readonly string[]).includes(name);
}

/**
 * What is wrong with a format, or an empty list: a `<name>` that is no slot (a misspelt slot would
 * otherwise be sent as text, and the case would test something else than it says), or a `<created>`
 * / `<expires>` slot without the step's `signature.created` / `signature.expires` to fill it.
 */
export function signatureFormatProblems(
  format: string,
  given: { readonly created: boolean; readonly expires: boolean },
): string[] {
  const problems: string[] = [];
  for (const [, name = ''] of format.matchAll(slotPattern)) {
    if (!isSlot(name))
      problems.push(
        `<${name}> is not a slot of signature.format (${signatureFormatSlots.map((s) => `<${s}>`).join(', ')})`,
      );
    else if ((name === 'created' || name === 'expires') && !given[name])
      problems.push(`<${name}> needs signature.${name}: the value to place there`);
  }
  return problems;
}

/** The header text: `format` with each slot replaced by its part (checked by {@link signatureFormatProblems}). */
export function fillSignatureFormat(format: string, parts: SignatureParts): string {
  return format.replace(slotPattern, (text, name: string) => {
    if (!isSlot(name)) return text;
    const part = parts[name];
    if (part === undefined)
      throw new CodedError(
        'ERR_SIGNATURE_FORMAT_INVALID',
        `signature.format uses <${name}> but the signature has none`,
      );
    if (typeof part === 'number') return String(part);
    return typeof part === 'string' ? part : part.join(' ');
  });
}
