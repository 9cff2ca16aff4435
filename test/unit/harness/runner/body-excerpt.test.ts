import { describe, expect, it } from 'vitest';
import { bodyExcerpt } from '../../../../harness/runner/body-excerpt.ts';
import { SecretSet } from '../../../../harness/report/secret-set.ts';
import { findSecretLeaks } from '../../../../harness/report/secret-scan.ts';

describe('bodyExcerpt', () => {
  it('keeps a short body whole', () => {
    expect(bodyExcerpt('{"message":"FF01"}')).toBe('{"message":"FF01"}');
  });

  it('cuts a long body at the length, marking the cut', () => {
    expect(bodyExcerpt('abcdefghij', 4)).toBe('abcd…');
  });

  it('ends before a JSON string the cut would split, so no piece of a credential is shown', () => {
    const token = 'reg-token-0123456789abcdef';
    const body = `{"client_id":"c1","registration_access_token":"${token}"}`;
    const length = body.indexOf(token) + 6;
    const excerpt = bodyExcerpt(body, length);
    expect(excerpt).toBe('{"client_id":"c1","registration_access_token":…');
    // What the report's last check would refuse, had the piece stayed.
    const secrets = new SecretSet();
    secrets.add('registration_access_token', token);
    expect(findSecretLeaks(secrets.redact(body.slice(0, length)), secrets)).not.toEqual([]);
    expect(findSecretLeaks(secrets.redact(excerpt), secrets)).toEqual([]);
  });

  it('reads escaped quotes inside strings as part of the string', () => {
    const body = '{"a":"x\\"y","b":"long value here"}';
    expect(bodyExcerpt(body, 20)).toBe('{"a":"x\\"y","b":…');
  });
});
