import type { Har } from '../har/har.ts';
import { contentText } from '../har/har-access.ts';
import { collectSecrets } from './collect-secrets.ts';
import { SecretBook } from './secret-book.ts';

/** A secret left in a redacted file: where, and of what kind (the value itself is never reported). */
export interface Leak {
  entry: number;
  where: string;
}

/**
 * The verification pass of a redaction: finds every secret of `book` still present in the output, and
 * any value the collector would call a secret (a bearer token, a code, an IBAN…) that is not a
 * placeholder. An empty list means the file is safe to write.
 */
export function verifyRedaction(har: Har, book: SecretBook): Leak[] {
  const leaks: Leak[] = [];
  har.log.entries.forEach((e, index) => {
    const texts: Array<[string, string]> = [
      ['request url', e.request.url],
      ['request headers', JSON.stringify(e.request.headers)],
      ['request cookies', JSON.stringify(e.request.cookies)],
      ['request body', e.request.postData?.text ?? ''],
      ['request form', JSON.stringify(e.request.postData?.params ?? [])],
      ['response headers', JSON.stringify(e.response.headers)],
      ['response cookies', JSON.stringify(e.response.cookies)],
      ['response body', contentText(e.response.content) ?? ''],
      ['response redirectURL', e.response.redirectURL],
      ['comment', e.comment ?? ''],
    ];
    for (const [where, text] of texts) if (book.leaksIn(text).length > 0) leaks.push({ entry: index, where });
    // A fresh collection over the output must find nothing but placeholders.
    const second = new SecretBook();
    collectSecrets(e, second);
    if (second.secrets().some((value) => !book.isPlaceholder(value)))
      leaks.push({ entry: index, where: 'a secret-shaped value that is not a placeholder' });
  });
  return leaks;
}
