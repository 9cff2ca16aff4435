import { describe, expect, it } from 'vitest';
import { notApplicableReason } from '../../../../harness/runner/applicability.ts';
import { lookup } from '../../../../harness/runner/case-context.ts';
import { signatureWindowDate, windowMarginSeconds } from '../../../../harness/runner/signature-window.ts';
import { parseSuite } from '../../../../harness/suite/load-suite.ts';
import type { CaseDefinition } from '../../../../harness/suite/suite-definition.ts';
import type { InstitutionTarget } from '../../../../harness/targets/target-definition.ts';
import { targetCalendar } from '../../../../harness/versions/target-calendar.ts';
import { testTarget } from '../fixtures/target-fixture.ts';

const suite = parseSuite(
  'fresh.yaml',
  `suite: fresh
title: Fresh
versions: [v1.6.2]
roles: [aisp]
cases:
  - id: window
    title: Window
    rules: [TRN-ONE]
    given: { features: { signatureFreshness: true } }
    steps:
      - request: { path: /a, headers: { date: '{{signatureDateBeforeWindow}}' } }
  - id: replay
    title: Replay
    rules: [TRN-TWO]
    given: { features: { signatureReplayCache: true } }
    steps:
      - request: { path: /a }
  - id: dates-only
    title: Dates without the feature
    rules: [TRN-ONE]
    steps:
      - request: { path: /a, headers: { date: '{{signatureDateInWindow}}' } }
`,
  { has: () => true },
);

const definition = (id: string): CaseDefinition => {
  const found = suite.cases.find((c) => c.id === id);
  if (found === undefined) throw new Error(id);
  return found;
};

const plain: InstitutionTarget = {
  code: '10101',
  confirmationSegment: 'confirmation',
  fundsConfirmation: true,
  sandbox: true,
  signatureHeaders: [],
};
const windowOnly: InstitutionTarget = {
  ...plain,
  signatureFreshness: { windowSeconds: 60, replayCache: false },
};
const withCache: InstitutionTarget = {
  ...plain,
  signatureFreshness: { windowSeconds: 60, replayCache: true },
};

const reason = (id: string, institution: InstitutionTarget): string | undefined =>
  notApplicableReason(
    { definition: definition(id), institution, version: 'v1.6.2' },
    { target: testTarget({ institutions: [institution] }), calendar: targetCalendar({ day: '2026-04-02' }) },
  );

describe('cases needing signature freshness', () => {
  it('run only where the target declares the window, and the replay case only where it declares the cache', () => {
    expect(reason('window', windowOnly)).toBeUndefined();
    expect(reason('window', withCache)).toBeUndefined();
    expect(reason('window', plain)).toBe(
      'the target declares no signature freshness (signatureFreshness) at institution 10101',
    );
    expect(reason('replay', withCache)).toBeUndefined();
    expect(reason('replay', windowOnly)).toBe(
      'the target declares no signature replay cache (signatureFreshness.replayCache) at institution 10101',
    );
  });

  it('are not applicable where a window date is used and the institution declares no window', () => {
    expect(reason('dates-only', plain)).toBe(
      'the target declares no signature freshness window at institution 10101 (signatureFreshness)',
    );
    expect(reason('dates-only', windowOnly)).toBeUndefined();
  });
});

describe('dates around the signature freshness window', () => {
  const now = Date.parse('2026-04-02T10:00:00.000Z');

  it('keep a sixth of the window from its edge, between 2 and 30 seconds', () => {
    expect([10, 60, 120, 600].map(windowMarginSeconds)).toEqual([2, 10, 20, 30]);
  });

  it('lie outside the window before and after the bank clock, and inside it in between', () => {
    expect(signatureWindowDate('signatureDateBeforeWindow', 60, now)).toBe('Thu, 02 Apr 2026 09:58:50 GMT');
    expect(signatureWindowDate('signatureDateInWindow', 60, now)).toBe('Thu, 02 Apr 2026 09:59:10 GMT');
    expect(signatureWindowDate('signatureDateAfterWindow', 60, now)).toBe('Thu, 02 Apr 2026 10:01:10 GMT');
  });

  it('give the same instants as Unix seconds for a signature’s created parameter', () => {
    const seconds = now / 1000;
    expect(signatureWindowDate('signatureCreatedBeforeWindow', 60, now)).toBe(seconds - 70);
    expect(signatureWindowDate('signatureCreatedInWindow', 60, now)).toBe(seconds - 50);
    expect(signatureWindowDate('signatureCreatedAfterWindow', 60, now)).toBe(seconds + 70);
  });

  it('are filled from the window of the case’s institution, on this machine’s clock, not the PSU’s', () => {
    const scope = {
      vars: new Map<string, unknown>([['__signatureWindowSeconds', 60]]),
      clockOffsetMs: 86_400_000,
    };
    const filled = Date.parse(String(lookup(scope, 'signatureDateInWindow')));
    expect(Math.abs(filled - (Date.now() - 50_000))).toBeLessThan(2_000);
    expect(() => lookup({ vars: new Map(), clockOffsetMs: 0 }, 'signatureDateInWindow')).toThrow(
      '{{signatureDateInWindow}} has no value at this point of the case',
    );
  });
});
