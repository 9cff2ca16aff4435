import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../../../harness/report/model.ts';
import { redactRunReport } from '../../../../harness/report/redact.ts';
import { rawReport, registeredSecrets } from './fixture.ts';
import {
  SecretSet,
  redactBody,
  redactCaseResult,
  redactCurl,
  redactEntry,
  redactHeaders,
  redactUrl,
} from '../../../../harness/report/redact.ts';

describe('SecretSet', () => {
  it('gives each secret a stable placeholder numbered per kind', () => {
    const secrets = new SecretSet();
    expect(secrets.add('access_token', 'tok-aaaa')).toBe('<redacted:access_token#1>');
    expect(secrets.add('access_token', 'tok-bbbb')).toBe('<redacted:access_token#2>');
    expect(secrets.add('otp', '12345678')).toBe('<redacted:otp#1>');
    expect(secrets.add('refresh_token', 'tok-aaaa')).toBe('<redacted:access_token#1>');
    expect(secrets.redact('a tok-aaaa b tok-bbbb c tok-aaaa')).toBe(
      'a <redacted:access_token#1> b <redacted:access_token#2> c <redacted:access_token#1>',
    );
  });

  it('ignores values too short to be credentials', () => {
    const secrets = new SecretSet();
    expect(secrets.add('otp', '12')).toBeUndefined();
    expect(secrets.size).toBe(0);
    expect(secrets.redact('12 and 12')).toBe('12 and 12');
  });

  it('finds a secret percent-encoded, form-encoded and JSON-escaped', () => {
    const secrets = new SecretSet();
    secrets.add('refresh_token', 'a/b+c d"e');
    const text = [
      'q=a%2Fb%2Bc%20d%22e',
      'f=a%2Fb%2Bc+d%22e',
      'l=a%2fb%2bc%20d%22e',
      '{"x":"a/b+c d\\"e"}',
    ].join(' ');
    const out = secrets.redact(text);
    expect(out).not.toContain('a%2F');
    expect(out).not.toContain('a%2f');
    expect(out).not.toContain('a/b+c');
    expect(out.match(/<redacted:refresh_token#1>/g)).toHaveLength(4);
  });

  it('hides a PEM key whole, joined and line by line', () => {
    const secrets = new SecretSet();
    const lines = ['MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 'BKcwggSjAgEAAoIBAQC7'];
    const pem = `-----BEGIN PRIVATE KEY-----\n${lines.join('\n')}\n-----END PRIVATE KEY-----\n`;
    secrets.add('private_key', pem);
    expect(secrets.redact(`key: ${pem}`)).toBe('key: <redacted:private_key#1>');
    expect(secrets.redact(lines.join(''))).toBe('<redacted:private_key#1>');
    expect(secrets.redact(`x ${lines[1] ?? ''} y`)).toBe('x <redacted:private_key#1> y');
  });

  it('prefers the longest secret when two overlap', () => {
    const secrets = new SecretSet();
    secrets.add('code', 'abcd');
    secrets.add('access_token', 'abcdefgh');
    expect(secrets.redact('xabcdefghx abcdx')).toBe('x<redacted:access_token#1>x <redacted:code#1>x');
  });

  it('tells apart secrets whose first characters fold to the same lookup key', () => {
    // "AaAa" and "BBBB" have the same base-31 hash, the key the scan looks candidates up by.
    const secrets = new SecretSet();
    secrets.add('code', 'AaAa-first');
    secrets.add('access_token', 'BBBB-second');
    expect(secrets.redact('x AaAa-first BBBB-second AaAa BBBB-other')).toBe(
      'x <redacted:code#1> <redacted:access_token#1> AaAa BBBB-other',
    );
  });

  it('never lets a registered secret survive in arbitrary text containing it (property)', () => {
    const secret = fc.string({ minLength: 4, maxLength: 40 }).filter((s) => !/[<>]/.test(s));
    fc.assert(
      fc.property(
        fc.array(secret, { minLength: 1, maxLength: 5 }),
        fc.array(fc.string({ maxLength: 30 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 10 }),
        (values, fillers, picks) => {
          const secrets = new SecretSet();
          const placeholders = values.map((v) => secrets.add('secret', v) ?? '');
          // A secret inside a placeholder's own text ("dact") is the documented limitation.
          fc.pre(values.every((v) => placeholders.every((p) => !p.includes(v))));
          let text = '';
          for (const [i, pick] of picks.entries()) {
            text += (fillers[i % fillers.length] ?? '') + (values[pick % values.length] ?? '');
          }
          const out = secrets.redact(text);
          for (const value of values) expect(out).not.toContain(value);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('structural redaction', () => {
  it('keeps the scheme of Authorization and hides the credentials', () => {
    const secrets = new SecretSet();
    const out = redactHeaders(
      { authorization: 'Bearer eyJhbGciOi.payload.sig', 'proxy-authorization': 'Basic dXNlcjpwYXNz' },
      secrets,
    );
    expect(out).toEqual({
      authorization: 'Bearer <redacted:access_token#1>',
      'proxy-authorization': 'Basic <redacted:authorization#1>',
    });
    expect(secrets.has('eyJhbGciOi.payload.sig')).toBe(true);
  });

  it('hides only the signature value of the Signature header', () => {
    const secrets = new SecretSet();
    const header =
      'keyId="tpp-1",algorithm="rsa-sha256",headers="(request-target) digest",signature="QmFzZTY0U2ln=="';
    const out = redactHeaders({ Signature: header }, secrets);
    expect(out.Signature).toBe(
      'keyId="tpp-1",algorithm="rsa-sha256",headers="(request-target) digest",signature="<redacted:signature#1>"',
    );
  });

  it('hides cookie values, keeping names and attributes', () => {
    const secrets = new SecretSet();
    const out = redactHeaders(
      { cookie: 'sid=abc123456; lang=fr', 'set-cookie': ['journey=zzzz9999; Path=/; HttpOnly'] },
      secrets,
    );
    expect(out.cookie).toBe('sid=<redacted:cookie#1>; lang=<redacted:cookie>');
    expect(out['set-cookie']).toEqual(['journey=<redacted:cookie#2>; Path=/; HttpOnly']);
  });

  it('hides OAuth fields in URLs and Location headers, keeping the others', () => {
    const secrets = new SecretSet();
    const url = redactUrl('https://tpp.example/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz', secrets);
    expect(url).toBe('https://tpp.example/cb?code=<redacted:code#1>&state=xyz');
    const headers = redactHeaders(
      { location: 'https://tpp.example/cb?state=s&code=SplxlOBeZQQYbYS6WxSbIA' },
      secrets,
    );
    expect(headers.location).toBe('https://tpp.example/cb?state=s&code=<redacted:code#1>');
  });

  it('hides form fields and JSON token fields in bodies, but not a JSON "code"', () => {
    const secrets = new SecretSet();
    expect(
      redactBody('grant_type=refresh_token&refresh_token=rt%2Fvalue1&code_verifier=verifier-xyz', secrets),
    ).toBe(
      'grant_type=refresh_token&refresh_token=<redacted:refresh_token#1>&code_verifier=<redacted:code_verifier#1>',
    );
    expect(secrets.has('rt/value1')).toBe(true);
    const json = redactBody('{"access_token": "at-1234", "token_type":"Bearer", "code":"ACTC"}', secrets);
    expect(json).toBe('{"access_token": "<redacted:access_token#1>", "token_type":"Bearer", "code":"ACTC"}');
    expect(redactBody('identifier=alice&otp=12345678', secrets)).toBe(
      'identifier=alice&otp=<redacted:otp#1>',
    );
  });

  it('hides a secret learnt in one exchange wherever it appears in the whole case', () => {
    const secrets = new SecretSet();
    const result: CaseResult = {
      suite: 's',
      case: 'c',
      title: 't',
      version: 'v1.4.2',
      institution: '10101',
      rules: [],
      status: 'failed',
      durationMs: 1,
      failure: { message: 'bad token rt-secret-1', expected: { token: 'rt-secret-1' }, actual: 'x' },
      steps: [
        {
          name: 'token',
          kind: 'token',
          status: 'passed',
          durationMs: 1,
          transcript: [
            {
              request: { method: 'POST', url: 'https://h/token', headers: {}, body: 'grant_type=x' },
              response: { status: 200, headers: {}, body: '{"refresh_token":"rt-secret-1"}' },
            },
          ],
          curl: "curl -d 'refresh_token=rt-secret-1'",
        },
        {
          name: 'echo',
          kind: 'request',
          status: 'failed',
          durationMs: 1,
          transcript: [{ request: { method: 'GET', url: 'https://h/x?echo=rt-secret-1', headers: {} } }],
          screenshot: { mediaType: 'image/png', base64: 'iVBORw0KGgo=' },
        },
      ],
    };
    const out = redactCaseResult(result, secrets);
    expect(JSON.stringify(out)).not.toContain('rt-secret-1');
    expect(out.steps[1]?.transcript[0]?.request.url).toBe('https://h/x?echo=<redacted:refresh_token#1>');
    expect(out.failure?.expected).toEqual({ token: '<redacted:refresh_token#1>' });
    expect(out.steps[1]?.screenshot?.base64).toBe('iVBORw0KGgo=');
  });

  it('redacts an exchange without a response', () => {
    const secrets = new SecretSet();
    const out = redactEntry(
      { request: { method: 'GET', url: 'https://h/a', headers: { authorization: 'Bearer abcdefgh' } } },
      secrets,
    );
    expect(out).toEqual({
      request: {
        method: 'GET',
        url: 'https://h/a',
        headers: { authorization: 'Bearer <redacted:access_token#1>' },
      },
    });
  });

  it('redacts a curl command: headers, data fields and registered secrets', () => {
    const secrets = new SecretSet();
    secrets.add('otp', '87654321');
    const command = [
      "curl -X POST 'https://h/oauth/token?code=the-code-1'",
      "-H 'Authorization: Bearer tok-tok-tok'",
      '-H "Signature: keyId=\\"k\\",signature=\\"c2ln\\""',
      "--data 'grant_type=authorization_code&code=the-code-2&note=87654321'",
    ].join(' ');
    const out = redactCurl(command, secrets);
    for (const secret of ['the-code-1', 'tok-tok-tok', 'the-code-2', '87654321']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("-H 'Authorization: Bearer <redacted:access_token#1>'");
    expect(out).toContain('grant_type=authorization_code');
  });

  it('is idempotent: redacting a redacted report changes nothing', () => {
    const secrets = registeredSecrets();
    const once = redactRunReport(rawReport(), secrets);
    const twice = redactRunReport(once, secrets);
    expect(twice).toEqual(once);
    expect(JSON.stringify(twice)).not.toMatch(/#\d+>#/);
  });

  it('leaves placeholders in URLs, forms, headers and curl commands alone', () => {
    const secrets = new SecretSet();
    const url = redactUrl('https://tpp.example/cb?code=abcdefgh&state=s', secrets);
    expect(redactUrl(url, secrets)).toBe(url);
    const body = redactBody('code=abcdefgh&otp=12', secrets);
    expect(body).toBe('code=<redacted:code#1>&otp=<redacted:otp>');
    expect(redactBody(body, secrets)).toBe(body);
    const headers = redactHeaders({ authorization: 'Bearer zzzzzzzz', cookie: 'a=bbbbbbbb' }, secrets);
    expect(redactHeaders(headers, secrets)).toEqual(headers);
    const curl = redactCurl("curl 'https://h/x?code=abcdefgh' --data 'refresh_token=rrrrrrrr'", secrets);
    expect(redactCurl(curl, secrets)).toBe(curl);
    expect(secrets.size).toBe(4);
  });
});
