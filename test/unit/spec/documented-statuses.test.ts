import { describe, expect, it } from 'vitest';
import { documentedStatuses, openApiDocument } from '../../../spec/lib/index.ts';

/** The response keys of one operation, read straight from the document. */
function responseKeys(path: string, method: string): string[] {
  const paths: unknown = openApiDocument('v1.4.2')['paths'];
  const item: unknown = typeof paths === 'object' && paths !== null ? Reflect.get(paths, path) : undefined;
  const operation: unknown =
    typeof item === 'object' && item !== null ? Reflect.get(item, method) : undefined;
  const responses: unknown =
    typeof operation === 'object' && operation !== null ? Reflect.get(operation, 'responses') : undefined;
  return typeof responses === 'object' && responses !== null ? Object.keys(responses) : [];
}

describe('documentedStatuses', () => {
  it("lists the statuses of the operation's responses, ascending", () => {
    const keys = responseKeys('/stet/psd2/v1.4.2/consents', 'put');
    expect(keys).toContain('201');
    expect(documentedStatuses('v1.4.2', 'PUT', '/stet/psd2/v1.4.2/consents')).toEqual(
      keys.map(Number).sort((a, b) => a - b),
    );
    expect(documentedStatuses('v1.6.2', 'GET', '/stet/psd2/v1.6.2/accounts/A1/balances?x=1')).toContain(429);
  });

  it('tells operations of the same path apart by method', () => {
    expect(documentedStatuses('v1.4.2', 'POST', '/stet/psd2/oauth/token')).not.toEqual(
      documentedStatuses('v1.4.2', 'GET', '/stet/psd2/oauth/authorize'),
    );
  });

  it('is undefined where no operation matches', () => {
    expect(documentedStatuses('v1.4.2', 'GET', '/stet/psd2/v1.4.2/standing-orders')).toBeUndefined();
    expect(documentedStatuses('v1.4.2', 'DELETE', '/stet/psd2/v1.4.2/consents')).toBeUndefined();
  });
});
