import { describe, expect, it } from 'vitest';
import { requestIdMatches } from '../../../../reference-aspsp/pisp/request-id-binding.ts';

describe('requestIdMatches', () => {
  it('lets a read with the initiation X-Request-ID through', () => {
    expect(requestIdMatches({ initiation: 'abc-123', read: 'abc-123' })).toBe(true);
  });

  it('refuses another X-Request-ID, even one differing only in case', () => {
    expect(requestIdMatches({ initiation: 'abc-123', read: 'abc-124' })).toBe(false);
    expect(requestIdMatches({ initiation: 'abc-123', read: 'ABC-123' })).toBe(false);
  });

  it('refuses a read without X-Request-ID', () => {
    expect(requestIdMatches({ initiation: 'abc-123', read: undefined })).toBe(false);
  });
});
