import { describe, expect, it } from 'vitest';
import { selectedBy, withoutSurvivors } from '../../../../tools/mutation/retest-selection.ts';

const mutants = (...statuses: string[]): Array<{ id: string; status: string }> =>
  statuses.map((status, i) => ({ id: String(i), status }));

describe('the selection of a retest of survivors', () => {
  it('selects files by path or glob, as --mutate gives them', () => {
    const selected = selectedBy([
      'reference-aspsp/cbpii/*.ts',
      'reference-aspsp/tpp/**/*.ts',
      'protocol/pkce.ts',
    ]);
    expect(selected('reference-aspsp/cbpii/iban.ts')).toBe(true);
    expect(selected('reference-aspsp/tpp/registry/tpp-store.ts')).toBe(true);
    expect(selected('protocol/pkce.ts')).toBe(true);
    expect(selected('reference-aspsp/cbpii/sub/iban.ts')).toBe(false);
    expect(selected('reference-aspsp/ais/quota.ts')).toBe(false);
    expect(selected('protocol/pkce.tsx')).toBe(false);
  });

  it('leaves out what a `!` pattern excludes, as stryker.config.json does', () => {
    const selected = selectedBy(['reference-aspsp/tpp/**/*.ts', '!reference-aspsp/tpp/reference-pki.ts']);
    expect(selected('reference-aspsp/tpp/register-route.ts')).toBe(true);
    expect(selected('reference-aspsp/tpp/reference-pki.ts')).toBe(false);
    expect(
      selectedBy(['!reference-aspsp/tpp/reference-pki.ts'])('reference-aspsp/tpp/register-route.ts'),
    ).toBe(false);
  });

  it('takes out the survivors, timeouts and uncovered mutants of the selected files only, keeping every other result', () => {
    const raw = {
      schemaVersion: '2',
      files: {
        'reference-aspsp/cbpii/iban.ts': {
          language: 'typescript',
          mutants: mutants('Killed', 'Survived', 'Timeout', 'NoCoverage'),
        },
        'reference-aspsp/ais/quota.ts': {
          language: 'typescript',
          mutants: mutants('Killed', 'Survived', 'Timeout'),
        },
      },
    };
    const out = withoutSurvivors(raw, (path) => path.startsWith('reference-aspsp/cbpii/'));
    expect(out).toEqual({
      schemaVersion: '2',
      files: {
        'reference-aspsp/cbpii/iban.ts': {
          language: 'typescript',
          mutants: [{ id: '0', status: 'Killed' }],
        },
        'reference-aspsp/ais/quota.ts': raw.files['reference-aspsp/ais/quota.ts'],
      },
    });
  });
});
