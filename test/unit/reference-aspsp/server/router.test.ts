import { describe, expect, it } from 'vitest';
import { Router } from '../../../../reference-aspsp/server/router.ts';
import type { Route } from '../../../../reference-aspsp/server/route.ts';

const handler = () => Promise.resolve({ status: 200 });
const route = (method: Route['method'], path: string, versions?: Route['versions']): Route => ({
  method,
  path,
  versions,
  auth: 'none',
  handler,
});

const router = new Router([
  route('GET', '/stet/psd2/{version}/accounts', ['v1', 'v1.4.2', 'v1.6.2']),
  route('GET', '/stet/psd2/{version}/accounts/{accountResourceId}/balances', ['v1', 'v1.4.2', 'v1.6.2']),
  route('GET', '/stet/psd2/{version}/accounts/{accountResourceId}/overdrafts', ['v1.6.2']),
  route('PUT', '/stet/psd2/{version}/consents', ['v1', 'v1.4.2', 'v1.6.2']),
  route('GET', '/stet/psd2/oauth/authorize'),
  route('GET', '/items/special'),
  route('GET', '/items/{id}'),
  route('POST', '/items/{id}'),
]);

describe('Router', () => {
  it('matches a template and gives the version and decoded parameters', () => {
    const match = router.match('GET', '/stet/psd2/v1.4.2/accounts/ACC%201/balances');
    expect(match.kind === 'found' && [match.version, match.params]).toEqual([
      'v1.4.2',
      { accountResourceId: 'ACC 1' },
    ]);
  });

  it('does not match a version the route does not list', () => {
    expect(router.match('GET', '/stet/psd2/v1/accounts/A/overdrafts').kind).toBe('not-found');
    expect(router.match('GET', '/stet/psd2/v2/accounts').kind).toBe('not-found');
  });

  it('lists the allowed methods of a known path for a wrong verb', () => {
    expect(router.match('POST', '/stet/psd2/v1/accounts')).toEqual({
      kind: 'method-not-allowed',
      allow: ['GET'],
      version: 'v1',
    });
    expect(router.match('DELETE', '/items/7')).toEqual({
      kind: 'method-not-allowed',
      allow: ['GET', 'POST'],
      version: undefined,
    });
  });

  it('prefers a literal segment over a parameter', () => {
    const match = router.match('GET', '/items/special');
    expect(match.kind === 'found' && match.route.path).toBe('/items/special');
  });

  it('does not match an empty parameter segment or a malformed escape', () => {
    expect(router.match('GET', '/stet/psd2/v1/accounts//balances').kind).toBe('not-found');
    expect(router.match('GET', '/items/%E0%A4%A').kind).toBe('not-found');
  });

  it('refuses a route declared twice and a {version} route without versions', () => {
    expect(() => new Router([route('GET', '/a'), route('GET', '/a')])).toThrow(/twice/);
    expect(() => new Router([route('GET', '/{version}/a')])).toThrow(/versions/);
  });

  it('refuses a bearer route whose path names no version (its handler is given the version profile)', () => {
    const bearer = (path: string): Route => ({
      method: 'GET',
      path,
      versions: ['v1.6.2'],
      auth: 'bearer',
      role: 'aisp',
      handler,
    });
    expect(() => new Router([bearer('/stet/psd2/accounts')])).toThrow(/bearer route .* has no \{version\}/);
    expect(() => new Router([bearer('/stet/psd2/{version}/accounts')])).not.toThrow();
  });

  it('refuses a body schema on a route whose path names no version (schemas are per version)', () => {
    const withSchema = (path: string, versions?: Route['versions']): Route => ({
      ...route('POST', path, versions),
      body: { kind: 'json', schema: 'ConsentRequest' },
    });
    expect(() => new Router([withSchema('/stet/psd2/consents')])).toThrow(/body schema ConsentRequest/);
    expect(() => new Router([withSchema('/stet/psd2/{version}/consents', ['v1'])])).not.toThrow();
  });

  it('decodes only the segments that hold a percent sign, and refuses a malformed one', () => {
    const found = router.match('GET', '/items/a%2Fb');
    expect(found.kind === 'found' && found.params).toEqual({ id: 'a/b' });
    expect(router.match('GET', '/items/%E0%A4%A').kind).toBe('not-found');
  });
});
