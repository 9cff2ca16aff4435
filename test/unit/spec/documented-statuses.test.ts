import { describe, expect, it } from 'vitest';
import { documentedStatuses } from '../../../spec/lib/index.ts';

describe('documentedStatuses', () => {
  it('lists the statuses the document gives an operation, ascending', () => {
    expect(documentedStatuses('v1.4.2', 'PUT', '/stet/psd2/v1.4.2/consents')).toEqual([
      201, 400, 401, 403, 404, 405, 410, 413, 421, 500,
    ]);
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
