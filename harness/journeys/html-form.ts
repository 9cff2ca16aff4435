/**
 * Just enough HTML reading for server-rendered journey pages (contracts §6): the first
 * `<form method="post">`, its action, inputs and submit buttons, and a `<p class="error">` message.
 */

/** A field of a form: an input, or a submit button with its name and value. */
export interface FormField {
  tag: 'input' | 'button' | 'select' | 'textarea';
  type: string;
  name: string;
  value: string;
  checked: boolean;
}

/** A form found in a page. */
export interface HtmlForm {
  action: string;
  method: string;
  fields: FormField[];
}

/** The first form of the page, or undefined when it has none. */
export function parseForm(html: string): HtmlForm | undefined {
  const match = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (match === null) return undefined;
  const attrs = parseAttributes(match[1] ?? '');
  const body = match[2] ?? '';
  const fields: FormField[] = [];
  for (const tag of body.matchAll(/<(input|button|select|textarea)\b([^>]*)>/gi)) {
    const name = (tag[1] ?? '').toLowerCase();
    const a = parseAttributes(tag[2] ?? '');
    if (a.get('name') === undefined) continue;
    fields.push({
      tag:
        name === 'button'
          ? 'button'
          : name === 'select'
            ? 'select'
            : name === 'textarea'
              ? 'textarea'
              : 'input',
      type: (a.get('type') ?? (name === 'button' ? 'submit' : 'text')).toLowerCase(),
      name: a.get('name') ?? '',
      value: a.get('value') ?? '',
      checked: a.has('checked'),
    });
  }
  return { action: attrs.get('action') ?? '', method: (attrs.get('method') ?? 'get').toLowerCase(), fields };
}

/** The text of `<p class="error">`, when the page shows one. */
export function pageError(html: string): string | undefined {
  const match = /<p\b[^>]*class="[^"]*\berror\b[^"]*"[^>]*>([\s\S]*?)<\/p>/i.exec(html);
  return match === null ? undefined : decodeEntities((match[1] ?? '').replace(/<[^>]+>/g, '').trim());
}

/** Attribute map of a tag's attribute text; names lower-cased, entities decoded. */
export function parseAttributes(text: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of text.matchAll(
    /([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
  )) {
    attrs.set((m[1] ?? '').toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_a, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_a, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
