import { describe, expect, it } from 'vitest';
import { versionCalendar } from '../../../../spec/lib/index.ts';
import { createHostResolver } from '../../../../reference-aspsp/institutions/host-resolver.ts';
import {
  loadInstitutions,
  parseInstitutions,
} from '../../../../reference-aspsp/institutions/load-institutions.ts';

const resolve = createHostResolver(loadInstitutions(), versionCalendar().hosts);

describe('host resolution', () => {
  it('resolves the live and sandbox forms, with or without port', () => {
    const live = resolve('api-10101.psd2.groupbank.example:8443', '2026-01-01');
    expect(live.ok && [live.institution.code, live.form]).toEqual(['10101', 'live']);
    const sandbox = resolve('SANDBOX-20202.psd2.groupbank.example', '2026-01-01');
    expect(sandbox.ok && [sandbox.institution.code, sandbox.form]).toEqual(['20202', 'sandbox']);
  });

  it('serves the former live form until 2025-09-27 and refuses it from 2025-09-28', () => {
    expect(resolve('psd2-10101.groupbank.example', '2025-09-27').ok).toBe(true);
    expect(resolve('psd2-10101.groupbank.example', '2025-09-28')).toEqual({
      ok: false,
      code: 'HOST_WITHDRAWN',
    });
  });

  it('refuses unknown codes, unknown forms and the sandbox of a non-sandbox institution', () => {
    expect(resolve('api-12345.psd2.groupbank.example', '2026-01-01')).toEqual({
      ok: false,
      code: 'INSTITUTION_UNKNOWN',
    });
    expect(resolve('sandbox-30303.psd2.groupbank.example', '2026-01-01')).toEqual({
      ok: false,
      code: 'INSTITUTION_UNKNOWN',
    });
    expect(resolve('127.0.0.1:8443', '2026-01-01')).toEqual({ ok: false, code: 'HOST_UNKNOWN' });
    expect(resolve('[::1]:8443', '2026-01-01')).toEqual({ ok: false, code: 'HOST_UNKNOWN' });
    expect(resolve('[::1]', '2026-01-01')).toEqual({ ok: false, code: 'HOST_UNKNOWN' });
    expect(resolve('api-1010.psd2.groupbank.example', '2026-01-01')).toEqual({
      ok: false,
      code: 'HOST_UNKNOWN',
    });
  });
});

describe('the institutions file', () => {
  it('holds the three reference institutions with their differences', () => {
    const byCode = new Map(loadInstitutions().map((i) => [i.code, i]));
    expect(byCode.get('20202')?.confirmationSegment).toBe('o-confirmation');
    expect(byCode.get('30303')?.fundsConfirmation).toBe(false);
    expect(byCode.get('30303')?.signatureHeaders).toContain('date');
  });

  it('refuses a malformed code and a duplicate with ERR_INSTITUTIONS_INVALID', () => {
    const entry = {
      code: '1',
      name: 'x',
      sandbox: true,
      signatureHeaders: ['(request-target)'],
      confirmationSegment: 'confirmation',
      fundsConfirmation: true,
      segment: 'private',
    };
    expect(() => parseInstitutions({ institutions: [entry] })).toThrow(
      expect.objectContaining({ code: 'ERR_INSTITUTIONS_INVALID' }),
    );
    const ok = { ...entry, code: '11111' };
    expect(() => parseInstitutions({ institutions: [ok, ok] })).toThrow(/twice/);
  });
});
