import type { Answer, ReferenceClient } from './reference-client.ts';

/** Where a journey ended: the redirect's query, or the page it stopped on. */
export interface JourneyEnd {
  readonly redirect: URL | undefined;
  readonly page: Answer;
}

/** The action URL of the single form of a journey page. */
export function formAction(page: Answer): string {
  const match = /<form method="post" action="([^"]+)"/.exec(page.text);
  if (match?.[1] === undefined)
    throw new Error(`no form on the page (status ${page.status}): ${page.text.slice(0, 300)}`);
  return match[1].replaceAll('&amp;', '&');
}

/** A PSU in a browser (no client certificate), driving the pages with plain HTTP. */
export class PsuBrowser {
  readonly #client: ReferenceClient;
  readonly #host: string;

  constructor(client: ReferenceClient, host: string) {
    this.#client = client;
    this.#host = host;
  }

  async open(query: Record<string, string>): Promise<Answer> {
    return this.#client.call({
      path: `/stet/psd2/oauth/authorize?${new URLSearchParams(query).toString()}`,
      host: this.#host,
      tpp: null,
      noDigest: true,
    });
  }

  async submit(page: Answer, fields: Record<string, string>): Promise<Answer> {
    return this.#client.call({
      method: 'POST',
      path: formAction(page),
      host: this.#host,
      tpp: null,
      noDigest: true,
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  /** The redirect target of a 303, or undefined. */
  static redirectOf(answer: Answer): URL | undefined {
    const location = answer.headers.location;
    return answer.status === 303 && typeof location === 'string' ? new URL(location) : undefined;
  }
}
