import { describe, expect, it } from 'vitest';
import type { EnrolledTpp } from '../../../../reference-aspsp/tpp/enrolled-tpp.ts';
import { redirectUriEnrolled } from '../../../../reference-aspsp/tpp/redirect-uri-enrolled.ts';

const tpp = { redirectUris: ['https://tpp.example/callback', 'http://127.0.0.1/callback'] } as Pick<
  EnrolledTpp,
  'redirectUris'
> as EnrolledTpp;

describe('redirectUriEnrolled', () => {
  it('matches an enrolled URI exactly', () => {
    expect(redirectUriEnrolled(tpp, 'https://tpp.example/callback')).toBe(true);
    expect(redirectUriEnrolled(tpp, 'https://tpp.example/callback2')).toBe(false);
  });

  it('matches an enrolled loopback URI on any port, same path', () => {
    expect(redirectUriEnrolled(tpp, 'http://127.0.0.1:49152/callback')).toBe(true);
    expect(redirectUriEnrolled(tpp, 'http://127.0.0.1:49152/other')).toBe(false);
    expect(redirectUriEnrolled(tpp, 'https://127.0.0.1:49152/callback')).toBe(false);
  });

  it('never lets a non-loopback host vary its port', () => {
    expect(redirectUriEnrolled(tpp, 'https://tpp.example:8443/callback')).toBe(false);
  });
});
