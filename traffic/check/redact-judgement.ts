import { contentText, jsonOf } from '../har/har-access.ts';
import type { Har } from '../har/har.ts';
import { redactHar } from '../redact/redact-har.ts';
import type { SecretBook } from '../redact/secret-book.ts';
import type { HarCheck } from './check-har.ts';
import type { ExchangeView } from './exchange-view.ts';

function redactValue(value: unknown, book: SecretBook): unknown {
  if (typeof value === 'string') return book.replaceIn(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, book));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, book)]));
  return value;
}

/**
 * The judgement of a HAR made fit to be written: each finding's exchange, message, expected and actual,
 * and each unattributed exchange's URL, with the secrets of the file replaced by their placeholders
 * (the redaction of `record`). The judgement itself is made on the original exchanges, so a redaction
 * can never change a verdict; redaction applies only to what is written.
 */
export function redactJudgement(original: Har, judged: HarCheck): HarCheck {
  const { har, book } = redactHar(original);
  const views = new Map<number, ExchangeView>();
  const redactView = (view: ExchangeView): ExchangeView => {
    const known = views.get(view.index);
    if (known !== undefined) return known;
    const entry = har.log.entries[view.index] ?? view.entry;
    const responseText = contentText(entry.response.content);
    const redacted: ExchangeView = {
      ...view,
      entry,
      url: new URL(entry.request.url),
      requestJson: jsonOf(entry.request.postData?.text),
      responseJson: jsonOf(responseText),
      responseText,
    };
    views.set(view.index, redacted);
    return redacted;
  };
  return {
    findings: judged.findings.map((finding) => ({
      ...finding,
      exchange: redactView(finding.exchange),
      message: book.replaceIn(finding.message),
      ...(finding.expected === undefined ? {} : { expected: redactValue(finding.expected, book) }),
      ...(finding.actual === undefined ? {} : { actual: redactValue(finding.actual, book) }),
    })),
    unattributed: judged.unattributed.map((exchange) => ({
      ...exchange,
      url: har.log.entries[exchange.index]?.request.url ?? book.replaceIn(exchange.url),
    })),
  };
}
