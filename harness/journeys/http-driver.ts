/**
 * The `http` journey driver: walks the bank's server-rendered pages with plain requests (no browser),
 * filling the fields of contracts §6 (`identifier`, `otp`, `decision`, `account`). Fast, and the
 * default against the reference.
 */
import type { HttpExchange, StetClient } from '../client/stet-client.ts';
import { parseForm, pageError, type HtmlForm } from './html-form.ts';
import { JourneyError, type JourneyDriver, type JourneyInput, type JourneyResult } from './journey-driver.ts';

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
      let url = new URL(input.authorizeUrl);
      let method = 'GET';
      let body: string | undefined;
      let travelled = false;
      for (let page = 0; page < maxPages; page += 1) {
        const headers: Record<string, string> = { accept: 'text/html' };
        if (cookies.size > 0) headers['cookie'] = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
        const exchange = await client.send({
          institution: input.institution,
          method,
          path: `${url.pathname}${url.search}`,
          headers,
          body,
          tpp: null,
          signing: 'unsigned',
          host: url.host,
        });
        exchanges.push(exchange);
        storeCookies(exchange, cookies);
        const location = header(exchange, 'location');
        if (exchange.status >= 300 && exchange.status < 400 && location !== undefined) {
          const next = new URL(location, url);
          if (`${next.origin}${next.pathname}` === stripQuery(input.redirectUri)) {
            return {
              callback: Object.fromEntries(next.searchParams),
              exchanges,
              pageFields: [...pageFields],
            };
          }
          url = next;
          method = 'GET';
          body = undefined;
          continue;
        }
        if (exchange.status !== 200) fail(`journey page ${url.pathname} answered ${exchange.status}`);
        const form = parseForm(exchange.text);
        if (form === undefined) fail(`journey page ${url.pathname} has no form${errorSuffix(exchange.text)}`);
        if (form.method !== 'post') fail(`journey form of ${url.pathname} is not method="post"`);
        for (const field of form.fields) if (field.name !== '') pageFields.add(field.name);
        if (input.outcome === 'timeout' && !travelled) {
          if (input.travel === undefined)
            fail('the timeout outcome needs the sandbox capability (time travel)');
          await input.travel('PT6M');
          travelled = true;
        }
        body = new URLSearchParams(fill(form, input)).toString();
        url = new URL(form.action === '' ? url.href : form.action, url);
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

function stripQuery(uri: string): string {
  const u = new URL(uri);
  return `${u.origin}${u.pathname}`;
}

function errorSuffix(html: string): string {
  const error = pageError(html);
  return error === undefined ? '' : ` (page says: ${error})`;
}
