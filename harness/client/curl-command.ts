/**
 * A curl command that reproduces one request, as Hurl and StepCI print for a failing step.
 */

/** What the command needs to know. */
export interface CurlInput {
  method: string;
  /** URL with the institution host. */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Address actually dialled, for `--resolve`. */
  connect: { host: string; port: number } | undefined;
  /** Whether the request presented the QWAC. */
  clientCertificate: boolean;
}

/** Builds the command; secrets are removed by the reporters' redaction, which knows every one. */
export function curlCommand(input: CurlInput): string {
  const url = new URL(input.url);
  const parts = ['curl', '-sS', '-X', input.method];
  if (input.connect !== undefined) {
    parts.push('--resolve', quote(`${url.hostname}:${url.port || '443'}:${input.connect.host}`));
    if (input.connect.port !== Number(url.port || '443')) {
      parts.push(
        '--connect-to',
        quote(`${url.hostname}:${url.port || '443'}:${input.connect.host}:${input.connect.port}`),
      );
    }
  }
  parts.push('--cacert', 'ca.pem');
  if (input.clientCertificate) parts.push('--cert', 'qwac.pem', '--key', 'qwac-key.pem');
  for (const [name, value] of Object.entries(input.headers)) parts.push('-H', quote(`${name}: ${value}`));
  if (input.body !== undefined && input.body !== '') parts.push('--data-binary', quote(input.body));
  parts.push(quote(input.url));
  return parts.join(' ');
}

function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
