import { describe, expect, it } from 'vitest';
import { observedState, probePath } from '../../../../harness/versions/version-probe.ts';

describe('reading a version probe', () => {
  it('probes the accounts resource of the version', () => {
    expect(probePath('v1.4.2')).toBe('/stet/psd2/v1.4.2/accounts');
  });

  it('calls a version served when the resource asks for a token or a role, or answers', () => {
    expect(observedState(401, 'invalid_token')).toBe('served');
    expect(observedState(403, 'ROLE_MISSING')).toBe('served');
    expect(observedState(200, undefined)).toBe('served');
  });

  it('calls a version gone on 404 or 410, whatever the path code', () => {
    expect(observedState(404, 'VERSION_DECOMMISSIONED')).toBe('gone');
    expect(observedState(404, 'RESOURCE_UNKNOWN')).toBe('gone');
    expect(observedState(410, undefined)).toBe('gone');
  });

  it('cannot tell when the refusal is about the host, or on any other status', () => {
    expect(observedState(404, 'INSTITUTION_UNKNOWN')).toBe('unclear');
    expect(observedState(410, 'HOST_WITHDRAWN')).toBe('unclear');
    expect(observedState(500, 'INTE')).toBe('unclear');
    expect(observedState(400, 'FF01')).toBe('unclear');
    expect(observedState(302, undefined)).toBe('unclear');
  });
});
