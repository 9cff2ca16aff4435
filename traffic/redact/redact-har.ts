import type { Har, HarContent, HarEntry, HarNameValue, HarPostData } from '../har/har.ts';
import { jsonOf } from '../har/har-access.ts';
import { collectSecrets } from './collect-secrets.ts';
import { SecretBook } from './secret-book.ts';

function redactJson(value: unknown, book: SecretBook): unknown {
  if (typeof value === 'string') return book.replaceIn(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, book));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [book.replaceIn(k), redactJson(v, book)]),
    );
  return value;
}

/**
 * A body text with its secrets replaced. JSON is rewritten through its parsed value, so a secret made
 * of digits is never replaced inside a number (which would break the document).
 */
export function redactBodyText(text: string, book: SecretBook): string {
  const json = jsonOf(text);
  return json === undefined ? book.replaceIn(text) : JSON.stringify(redactJson(json, book));
}

function pairs(list: readonly HarNameValue[], book: SecretBook): HarNameValue[] {
  return list.map(({ name, value }) => ({ name, value: book.replaceIn(value) }));
}

function postData(data: HarPostData, book: SecretBook): HarPostData {
  const text = redactBodyText(data.text, book);
  return data.params === undefined
    ? { mimeType: data.mimeType, text }
    : { mimeType: data.mimeType, text, params: pairs(data.params, book) };
}

function content(body: HarContent, book: SecretBook): HarContent {
  if (body.text === undefined) return body;
  if (body.encoding === 'base64') {
    const bytes = Buffer.from(body.text, 'base64');
    const text = bytes.toString('utf8');
    // Bytes that are not UTF-8 text (images, archives) carry no secrets of this API.
    if (!Buffer.from(text, 'utf8').equals(bytes)) return body;
    const redacted = Buffer.from(redactBodyText(text, book), 'utf8');
    return { ...body, size: redacted.length, text: redacted.toString('base64') };
  }
  const text = redactBodyText(body.text, book);
  return { ...body, size: Buffer.byteLength(text), text };
}

function entry(e: HarEntry, book: SecretBook): HarEntry {
  const { request, response } = e;
  return {
    ...e,
    request: {
      ...request,
      url: book.replaceIn(request.url),
      cookies: pairs(request.cookies, book),
      headers: pairs(request.headers, book),
      queryString: pairs(request.queryString, book),
      ...(request.postData === undefined ? {} : { postData: postData(request.postData, book) }),
    },
    response: {
      ...response,
      cookies: pairs(response.cookies, book),
      headers: pairs(response.headers, book),
      content: content(response.content, book),
      redirectURL: book.replaceIn(response.redirectURL),
    },
  };
}

/** A redacted copy of a HAR and the book of the secrets replaced in it. */
export interface Redaction {
  har: Har;
  book: SecretBook;
}

/**
 * Replaces every secret of every exchange by its stable placeholder (see {@link collectSecrets} for
 * what counts as a secret). Secrets are collected from the whole file first, so a value seen in a
 * later exchange is also replaced where it appeared earlier.
 *
 * `book` may already hold secrets seen elsewhere in the session (a recorder adds what it saw on the wire).
 */
export function redactHar(har: Har, book: SecretBook = new SecretBook()): Redaction {
  for (const e of har.log.entries) collectSecrets(e, book);
  return { har: { log: { ...har.log, entries: har.log.entries.map((e) => entry(e, book)) } }, book };
}
