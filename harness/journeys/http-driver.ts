/**
 * The `http` journey driver: walks the bank's server-rendered pages with plain requests (no browser),
 * filling the fields of contracts §6 (`identifier`, `otp`, `decision`, `account`). Fast, and the
 * default against the reference.
 */
import { ClientError } from '../client/client-errors.ts';
import type { HttpExchange, StetClient } from '../client/stet-client.ts';
import { bodyExcerpt } from '../runner/body-excerpt.ts';
import { parseForm, pageError, type HtmlForm } from './html-form.ts';
import { JourneyError, type JourneyDriver, type JourneyInput, type JourneyResult } from './journey-driver.ts';

/** How long the timeout outcome leaves a journey page: past the reference's 5-minute screen timeout. */
const screenLeftFor = 'PT6M';

/** A wrong one-time code, for the `wrong-otp` outcome. */
const wrongOtp = '00000000';

/** Enough page loads for identification, authentication (three tries), consent and account choice. */
const maxPages = 12;

/** Drives journeys through `client` (no client certificate: this is the PSU's user agent). */
export function httpJourneyDriver(client: StetClient): JourneyDriver {
  return {
    async run(input: JourneyInput): Promise<JourneyResult> {
      const exchanges: HttpExchange[] = [];
      const cookies = new Map<string, string>();
      // Which screens the bank showed (e.g. no identification page when the TPP supplied the PSU).
      const pageFields = new Set<string>();
      const fail: (message: string) => never = (message) => {
        throw new JourneyError({ message, exchanges });
      };
      const bankHost = new URL(input.authorizeUrl).host;
      const callback = new URL(input.redirectUri);
      let url = new URL(input.authorizeUrl);
      let method = 'GET';
      let body: string | undefined;
      let travelled = false;
      // The last Location to another host than the bank's, for the message of a failure there.
      let elsewhere: string | undefined;
      for (let page = 0; page < maxPages; page += 1) {
        const headers: Record<string, string> = { accept: 'text/html' };
        if (cookies.size > 0) headers['cookie'] = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
        let exchange: HttpExchange;
        try {
          exchange = await client.send({
            institution: input.institution,
            method,
            path: `${url.pathname}${url.search}`,
            headers,
            body,
            tpp: null,
            signing: 'unsigned',
            host: url.host,
          });
        } catch (error) {
          // The bank's own host unreachable or untrusted is the harness's problem; a host the bank sent
          // the PSU to is the bank's doing.
          if (elsewhere === undefined || url.host === bankHost || !(error instanceof ClientError))
            throw error;
          return fail(
            `the bank redirected the PSU to ${elsewhere}, another host than its own (${bankHost}) and not redirect_uri ${input.redirectUri}; that host failed: ${error.code}: ${error.message}`,
          );
        }
        exchanges.push(exchange);
        storeCookies(exchange, cookies);
        const location = header(exchange, 'location');
        const where = `${method} ${url.pathname}`;
        if (exchange.status >= 300 && exchange.status < 400) {
          if (location === undefined)
            fail(`journey page ${where} answered ${exchange.status} without a Location`);
          const next = parseUrl(location, url);
          if (next === undefined)
            fail(`journey page ${where} answered ${exchange.status} with Location "${location}", not a URL`);
          if (`${next.origin}${next.pathname}` === `${callback.origin}${callback.pathname}`) {
            return {
              callback: Object.fromEntries(next.searchParams),
              exchanges,
              pageFields: [...pageFields],
            };
          }
          if (next.host === callback.host)
            fail(
              `journey page ${where} answered ${exchange.status} with Location ${location}: the TPP's host, but not redirect_uri ${input.redirectUri}`,
            );
          if (next.host !== bankHost) elsewhere = location;
          url = next;
          method = 'GET';
          body = undefined;
          continue;
        }
        if (exchange.status !== 200)
          fail(`journey page ${where} answered ${exchange.status}${excerptSuffix(exchange.text)}`);
        const form = parseForm(exchange.text);
        if (form === undefined)
          fail(
            `journey page ${where} has no form${errorSuffix(exchange.text) || excerptSuffix(exchange.text)}`,
          );
        if (form.method !== 'post') fail(`journey form of ${url.pathname} is not method="post"`);
        for (const field of form.fields) if (field.name !== '') pageFields.add(field.name);
        if (input.outcome === 'timeout' && travelled)
          // The page left 6 minutes was taken: the bank's screen timeout is longer (its length is the
          // bank's; the seed only says an interrupted journey calls back), or the journey never times out.
          fail(
            `journey page ${where} answered another page after ${screenLeftFor} without a submission, not the callback: the screen did not time out`,
          );
        if (input.outcome === 'timeout' && !travelled) {
          if (input.travel === undefined)
            fail('the timeout outcome needs the sandbox capability (time travel)');
          await input.travel(screenLeftFor);
          travelled = true;
        }
        body = new URLSearchParams(fill(form, input)).toString();
        const action = parseUrl(form.action === '' ? url.href : form.action, url);
        if (action === undefined)
          fail(`journey form of ${url.pathname} posts to "${form.action}", not a URL`);
        url = action;
        method = 'POST';
      }
      return fail(`no callback to ${input.redirectUri} after ${maxPages} pages`);
    },
  };
}

/** The fields to submit: hidden values kept, known fields filled, one submit button chosen. */
function fill(form: HtmlForm, input: JourneyInput): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let radioDone = false;
  for (const field of form.fields) {
    if (field.type === 'submit') continue;
    if (field.name === 'identifier') out.push(['identifier', input.identifier]);
    else if (field.name === 'otp')
      out.push(['otp', input.outcome === 'wrong-otp' ? wrongOtp : (input.readOtp?.() ?? input.otp)]);
    else if (field.type === 'radio') {
      const wanted = input.account === undefined ? !radioDone : field.value === input.account;
      if (wanted && !radioDone) {
        out.push([field.name, field.value]);
        radioDone = true;
      }
    } else if (field.type === 'checkbox') {
      if (field.checked) out.push([field.name, field.value || 'on']);
    } else out.push([field.name, field.value]);
  }
  const buttons = form.fields.filter((f) => f.type === 'submit');
  const decision = input.outcome === 'refuse' ? 'refuse' : 'accept';
  const button =
    buttons.find((b) => b.name === 'decision' && b.value === decision) ??
    buttons.find((b) => b.name !== 'decision');
  if (button !== undefined) out.push([button.name, button.value]);
  return out;
}

function storeCookies(exchange: HttpExchange, cookies: Map<string, string>): void {
  const raw = exchange.headers['set-cookie'];
  for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

function header(exchange: HttpExchange, name: string): string | undefined {
  const value = exchange.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `text` resolved against `base`, or undefined when it is no URL (a bank's Location or form action). */
function parseUrl(text: string, base: URL): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

/** The start of a page's body, so a failure shows what the bank sent instead. */
function excerptSuffix(text: string): string {
  const excerpt = bodyExcerpt(text.replace(/\s+/g, ' ').trim());
  return excerpt === '' ? ' with an empty body' : `: ${excerpt}`;
}

function errorSuffix(html: string): string {
  const error = pageError(html);
  return error === undefined ? '' : ` (page says: ${error})`;
}
