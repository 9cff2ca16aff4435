import { describe, expect, it } from 'vitest';
import { notApplicableReason } from '../../../../harness/runner/applicability.ts';
import { parseSuite } from '../../../../harness/suite/load-suite.ts';
import type { CaseDefinition } from '../../../../harness/suite/suite-definition.ts';
import type { InstitutionTarget, Target } from '../../../../harness/targets/target-definition.ts';
import { testTarget } from '../fixtures/target-fixture.ts';
import { targetCalendar } from '../../../../harness/versions/target-calendar.ts';
import { applyCalendarOverrides, versionCalendar } from '../../../../spec/lib/index.ts';

const suite = parseSuite(
  'a.yaml',
  `suite: a
title: A
versions: [v1, v1.4.2, v1.6.2]
roles: [aisp]
cases:
  - id: live
    title: Live
    rules: [TRN-ONE]
    given: { needs: [live] }
    steps:
      - request: { path: /stet/psd2/oauth/authorize, query: { login_hint: '{{sandboxIdentifier}}' }, auth: none }
      - journey: { outcome: consent, otp: '{{sandboxOtp}}' }
  - id: live-consent
    title: Live consent
    rules: [TRN-ONE]
    given: { needs: [live] }
    steps:
      - journey: { outcome: wrong-otp }
      - journey: { outcome: consent }
  - id: calendar
    title: Calendar
    rules: [VER-ONE]
    steps:
      - calendar: check
`,
  { has: () => true },
);

const definition = (id: string): CaseDefinition => {
  const found = suite.cases.find((c) => c.id === id);
  if (found === undefined) throw new Error(id);
  return found;
};

const institution: InstitutionTarget = {
  code: '10101',
  confirmationSegment: 'confirmation',
  fundsConfirmation: true,
  sandbox: false,
  signatureHeaders: [],
};

const liveTarget: Target = testTarget({
  name: 'live',
  institutions: [institution],
  personas: { alice: { identifier: '50000001', otp: undefined, driver: 'http', institutions: undefined } },
  capabilities: ['live'],
  sandboxPersonas: { alice: { identifier: '10000001' } },
  sandboxOtp: '12345678',
});

const calendar = targetCalendar({ day: '2026-04-02' });

const reason = (
  id: string,
  target: Target,
  options: { version?: 'v1' | 'v1.4.2' | 'v1.6.2'; cal?: typeof calendar } = {},
): string | undefined =>
  notApplicableReason(
    { definition: definition(id), institution, version: options.version ?? 'v1.6.2' },
    { target, calendar: options.cal ?? calendar },
  );

describe('notApplicableReason', () => {
  it('runs a case needing live on a live host that names the sandbox data', () => {
    expect(reason('live', liveTarget)).toBeUndefined();
  });

  it('reports a case needing live not applicable on a host that is not live, never runs it', () => {
    expect(reason('live', { ...liveTarget, capabilities: [] })).toBe(
      'target is not a live host (capability live): sandbox data can only be refused by a live host',
    );
  });

  it('reports it not applicable when the live host names no sandbox identifier or code to try', () => {
    expect(reason('live', { ...liveTarget, sandboxPersonas: {} })).toBe(
      'target names no sandbox identifier of persona alice (sandboxPersonas)',
    );
    expect(reason('live', { ...liveTarget, sandboxOtp: undefined })).toBe(
      'target names no fixed sandbox code (sandboxOtp)',
    );
  });

  it('reports a journey typing the PSU’s code not applicable on a live host that gives no code and no phone', () => {
    expect(reason('live-consent', liveTarget)).toBe(
      'target gives persona alice no one-time code (otp) and cannot read the one the host sends',
    );
    const phones = {
      hold: <T>(_psu: unknown, use: (lastCode: () => string | undefined) => Promise<T>) =>
        use(() => '123456'),
    };
    expect(reason('live-consent', { ...liveTarget, psuPhones: phones })).toBeUndefined();
    const withCode = {
      alice: { identifier: '50000001', otp: '654321', driver: 'http' as const, institutions: undefined },
    };
    expect(reason('live-consent', { ...liveTarget, personas: withCode })).toBeUndefined();
    const manual = {
      alice: { identifier: '50000001', otp: undefined, driver: 'manual' as const, institutions: undefined },
    };
    expect(reason('live-consent', { ...liveTarget, personas: manual })).toBeUndefined();
  });

  it('does not judge a version the calendar has not put live yet on the target’s day', () => {
    const upcoming = targetCalendar({
      calendar: applyCalendarOverrides(versionCalendar(), { 'v1.6.2': '2026-06-01' }),
      day: '2026-04-02',
    });
    expect(reason('calendar', liveTarget, { cal: upcoming })).toMatch(
      /^v1\.6\.2 is not live on 2026-04-02: not judged \(goes live on 2026-06-01\)/,
    );
    expect(reason('calendar', liveTarget, { version: 'v1', cal: upcoming })).toBeUndefined();
    expect(reason('calendar', liveTarget)).toBeUndefined();
  });
});
