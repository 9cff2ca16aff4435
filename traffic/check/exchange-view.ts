import {
  allowedMethods,
  matchOperation,
  newestApiVersion,
  parseHostName,
  versionCalendar,
  type ApiVersion,
} from '../../spec/lib/index.ts';
import type { Har, HarEntry } from '../har/har.ts';
import { contentText, headerOf, jsonOf } from '../har/har-access.ts';
import { assertStetHar, pathVersion } from '../har/stet-har.ts';

/** One exchange of a HAR as the offline checks see it. */
export interface ExchangeView {
  index: number;
  entry: HarEntry;
  url: URL;
  method: string;
  status: number;
  /** The API version of the path, or of the surrounding traffic for OAuth paths (which carry none). */
  version: ApiVersion;
  /** Five-digit institution code from the host, or the host itself when it is not an institution host. */
  institution: string;
  /** The matched operation's path template (`/stet/psd2/v1.4.2/accounts/{accountResourceId}/balances`). */
  template: string | undefined;
  /** The matched operation's `operationId`. */
  operationId?: string;
  isOAuth: boolean;
  /** Parsed JSON bodies (undefined when absent or not JSON). */
  requestJson: unknown;
  responseJson: unknown;
  responseText: string | undefined;
}

function institutionOf(host: string): string {
  return parseHostName(versionCalendar(), host)?.code ?? host;
}

/** An exchange the checks cannot attribute to an operation of the OpenAPI documents, and why. */
export interface UnattributedExchange {
  index: number;
  method: string;
  url: string;
  status: number;
  /** The version of the surrounding traffic and the institution of the host, for the report's matrix. */
  version: ApiVersion;
  institution: string;
  reason: string;
}

/** Both halves of a HAR as the checks see it. */
export interface HarViews {
  /** Exchanges of the STET PSD2 API (paths under `/stet/psd2/`), in file order, with their operation if any. */
  views: ExchangeView[];
  /** Every exchange no operation serves (PSU journey pages, the sandbox API, unknown paths, other APIs). */
  unattributed: UnattributedExchange[];
}

/**
 * The exchanges of the STET PSD2 API in a HAR, each with its version (OAuth paths carry none: they take
 * the one of the surrounding traffic), institution and operation, and the list of the exchanges that
 * no operation of the OpenAPI documents serves. Throws `ERR_HAR_NOT_STET` when the HAR holds no exchange under `/stet/psd2/<version>/`.
 */
export function harViews(har: Har): HarViews {
  let current: ApiVersion = assertStetHar(har)[0] ?? newestApiVersion;
  const views: ExchangeView[] = [];
  const unattributed: UnattributedExchange[] = [];
  har.log.entries.forEach((entry, index) => {
    const url = new URL(entry.request.url);
    const version = pathVersion(url.pathname);
    if (version !== undefined) current = version;
    const method = entry.request.method;
    const status = entry.response.status;
    const operation = url.pathname.startsWith('/stet/psd2/')
      ? matchOperation(current, method, url.pathname)
      : undefined;
    if (operation === undefined) {
      const stet = url.pathname.startsWith('/stet/psd2/');
      const known = stet ? allowedMethods(current, url.pathname) : [];
      unattributed.push({
        index,
        method,
        url: entry.request.url,
        status,
        version: current,
        institution: institutionOf(url.host),
        reason: !stet
          ? 'outside the STET PSD2 API (not under /stet/psd2/)'
          : known.length > 0
            ? `${current} documents ${known.join(', ')} on this path, not ${method}`
            : `no operation of the ${current} OpenAPI document has this path`,
      });
      // Exchanges of the API without an operation (journey pages, unknown paths) are still judged on
      // what holds for every response (error body, echo); others are not this API's.
      if (!stet) return;
    }
    const responseText = contentText(entry.response.content);
    views.push({
      index,
      entry,
      url,
      method,
      status,
      version: current,
      institution: institutionOf(url.host),
      template: operation?.pathTemplate,
      ...(operation === undefined ? {} : { operationId: operation.operationId }),
      isOAuth: url.pathname.startsWith('/stet/psd2/oauth/'),
      requestJson: jsonOf(entry.request.postData?.text),
      responseJson: jsonOf(responseText),
      responseText,
    });
  });
  return { views, unattributed };
}

/** The STET PSD2 exchanges of {@link harViews}. */
export function exchangeViews(har: Har): ExchangeView[] {
  return harViews(har).views;
}

/** The request header `name` of an exchange. */
export function requestHeader(view: ExchangeView, name: string): string | undefined {
  return headerOf(view.entry.request.headers, name);
}

/** The response header `name` of an exchange. */
export function responseHeader(view: ExchangeView, name: string): string | undefined {
  return headerOf(view.entry.response.headers, name);
}
