import {
  isApiVersion,
  matchOperation,
  parseHostName,
  versionCalendar,
  type ApiVersion,
} from '../../spec/lib/index.ts';
import type { Har, HarEntry } from '../har/har.ts';
import { contentText, headerOf, jsonOf } from '../har/har-access.ts';
import { TrafficError } from '../traffic-error.ts';

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
  isOAuth: boolean;
  /** Parsed JSON bodies (undefined when absent or not JSON). */
  requestJson: unknown;
  responseJson: unknown;
  responseText: string | undefined;
}

const versionedPath = /^\/stet\/psd2\/(v[\d.]+)\//;

function institutionOf(host: string): string {
  return parseHostName(versionCalendar(), host)?.code ?? host;
}

/**
 * The exchanges of the STET PSD2 API in a HAR (paths under `/stet/psd2/`), in file order, each with
 * its version, institution and operation. Throws `ERR_HAR_NOT_STET` when there is none: a HAR of
 * another API cannot be checked.
 */
export function exchangeViews(har: Har): ExchangeView[] {
  const relevant = har.log.entries
    .map((entry, index) => ({ entry, index, url: new URL(entry.request.url) }))
    .filter(({ url }) => url.pathname.startsWith('/stet/psd2/'));
  const versions = relevant
    .map(({ url }) => versionedPath.exec(url.pathname)?.[1])
    .filter((v): v is ApiVersion => v !== undefined && isApiVersion(v));
  if (versions.length === 0)
    throw new TrafficError(
      'ERR_HAR_NOT_STET',
      'the HAR holds no exchange of the STET PSD2 API (no path under /stet/psd2/<version>/)',
      {
        hint: 'record the traffic of an institution host (stet-harness record), or export it from the browser devtools of a TPP application',
      },
    );
  let current: ApiVersion = versions[0] ?? 'v1.6.2';
  return relevant.map(({ entry, index, url }) => {
    const pathVersion = versionedPath.exec(url.pathname)?.[1];
    if (pathVersion !== undefined && isApiVersion(pathVersion)) current = pathVersion;
    const operation = matchOperation(current, entry.request.method, url.pathname);
    const responseText = contentText(entry.response.content);
    return {
      index,
      entry,
      url,
      method: entry.request.method,
      status: entry.response.status,
      version: current,
      institution: institutionOf(url.host),
      template: operation?.pathTemplate,
      isOAuth: url.pathname.startsWith('/stet/psd2/oauth/'),
      requestJson: jsonOf(entry.request.postData?.text),
      responseJson: jsonOf(responseText),
      responseText,
    };
  });
}

/** The request header `name` of an exchange. */
export function requestHeader(view: ExchangeView, name: string): string | undefined {
  return headerOf(view.entry.request.headers, name);
}

/** The response header `name` of an exchange. */
export function responseHeader(view: ExchangeView, name: string): string | undefined {
  return headerOf(view.entry.response.headers, name);
}
