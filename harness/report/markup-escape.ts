/**
 * Escaping for the XML and HTML reports: every string from a target (bodies, headers, messages) goes
 * through here before it is placed in markup.
 */

/**
 * Characters XML 1.0 forbids even when escaped (controls other than tab, LF, CR; lone surrogates;
 * U+FFFE/U+FFFF) and the C1 controls it discourages. They are shown as `\uXXXX` so the document stays
 * well-formed and nothing invisible hides in a report.
 */
const unsafeChars = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu;

function visibleEscape(char: string): string {
  if (char === '\t' || char === '\n' || char === '\r') return char;
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Escapes text for an XML or HTML text node or a double-quoted attribute value. */
export function escapeMarkup(text: string): string {
  return text
    .replace(unsafeChars, visibleEscape)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** As {@link escapeMarkup}, also keeping line breaks inside an attribute value. */
export function escapeAttribute(text: string): string {
  return escapeMarkup(text).replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}
