import { describe, expect, it } from 'vitest';
import {
  addDays,
  applyCalendarOverrides,
  decommissionDate,
  versionCalendar,
} from '../../../../../spec/lib/index.ts';
import type { FaultName } from '../../../../../reference-aspsp/faults/catalogue.ts';
import { noFaults } from '../../../../../reference-aspsp/faults/no-faults.ts';
import { referenceChoices } from '../../../../../reference-aspsp/choices/index.ts';
import { ApiError } from '../../../../../reference-aspsp/server/api-error.ts';
import type { Route } from '../../../../../reference-aspsp/server/route.ts';
import { Router } from '../../../../../reference-aspsp/server/router.ts';
import { routeStage } from '../../../../../reference-aspsp/server/stages/route-stage.ts';

const handler = () => Promise.resolve({ status: 200 });
const routes: Route[] = [
  { method: 'GET', path: '/stet/psd2/{version}/accounts', versions: ['v1', 'v1.6.2'], auth: 'none', handler },
  { method: 'PUT', path: '/stet/psd2/{version}/consents', versions: ['v1', 'v1.6.2'], auth: 'none', handler },
];
const router = new Router(routes);
// v1.4.2 live on 2025-01-01: v1 is decommissioned some months later.
const calendar = applyCalendarOverrides(versionCalendar(), { 'v1.4.2': '2025-01-01' });
const gone = decommissionDate(calendar, 'v1') ?? '';

function stage(method: string, path: string, today: string, faults: ReadonlySet<FaultName> = noFaults) {
  return routeStage({ router, calendar, faults, choices: referenceChoices }, { method, path, today });
}

function refusal(
  run: () => unknown,
): { code: string; headers: Readonly<Record<string, string>> } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, headers: error.headers };
    throw error;
  }
  return undefined;
}

describe('the route stage', () => {
  it('gives the route, its parameters and its version', () => {
    const found = stage('GET', '/stet/psd2/v1.6.2/accounts', gone);
    expect([found.route, found.version]).toEqual([routes[0], 'v1.6.2']);
  });

  it('refuses an unknown path and answers a known one with another method 405 with Allow', () => {
    expect(refusal(() => stage('GET', '/stet/psd2/v1/payments', '2025-01-01'))?.code).toBe(
      'RESOURCE_UNKNOWN',
    );
    expect(refusal(() => stage('POST', '/stet/psd2/v1/consents', '2025-01-01'))).toEqual({
      code: 'NIMP',
      headers: { allow: 'PUT' },
    });
  });

  it('serves a version until the day before its decommission date and refuses it from that day', () => {
    expect(gone).not.toBe('');
    expect(stage('GET', '/stet/psd2/v1/accounts', addDays(gone, -1)).version).toBe('v1');
    expect(refusal(() => stage('GET', '/stet/psd2/v1/accounts', gone))?.code).toBe('VERSION_DECOMMISSIONED');
    // Decommissioned before the method is looked at: the version is gone whatever the verb.
    expect(refusal(() => stage('POST', '/stet/psd2/v1/consents', gone))?.code).toBe('VERSION_DECOMMISSIONED');
  });

  it('keeps serving a decommissioned version under the fault version-not-decommissioned', () => {
    const faults = new Set<FaultName>(['version-not-decommissioned']);
    expect(stage('GET', '/stet/psd2/v1/accounts', gone, faults).version).toBe('v1');
  });
});
