/**
 * The verdict of one institution × version: the state the calendar expects on the day against the
 * state the probe observed (seed: Versioning > Deprecation, T0 + 3 months).
 */
import type { VersionStatus } from '../../spec/lib/index.ts';
import type { Status } from '../report/model.ts';
import type { ObservedState } from './version-probe.ts';

/** A verdict with the words and values the reports show. */
export interface VersionVerdict {
  status: Extract<Status, 'passed' | 'failed' | 'errored' | 'not-applicable'>;
  /** One sentence: why it failed or errored, or what was found. */
  message: string;
  /** What the calendar expects, e.g. `served (announced: decommissioned from 2026-04-01)`. */
  expected: string;
  /** What the probe saw, e.g. `served (401)`. */
  actual: string;
}

/** What the calendar expects of a version on `day`, in words. */
export function expectedText(status: VersionStatus): string {
  switch (status.state) {
    case 'upcoming':
      return `not judged (goes live on ${status.liveDate ?? '?'})`;
    case 'served':
      return status.decommissionDate === null
        ? 'served (no decommission date)'
        : `served (successor live on ${status.t0 ?? '?'}, decommissioned from ${status.decommissionDate})`;
    case 'announced':
      return `served (announced: decommissioned from ${status.decommissionDate ?? '?'})`;
    case 'decommissioned':
      return `gone (decommissioned from ${status.decommissionDate ?? '?'})`;
  }
}

/** Judges the observed state of `expected.version` on `day` against the calendar. */
export function judgeVersion(
  expected: VersionStatus,
  observed: { state: ObservedState; status: number; code: string | undefined },
  day: string,
): VersionVerdict {
  const version = expected.version;
  const actual = `${observed.state} (${observed.status}${observed.code === undefined ? '' : ` ${observed.code}`})`;
  const base = { expected: expectedText(expected), actual };
  if (observed.state === 'unclear') {
    return {
      status: 'errored',
      message: `cannot tell whether ${version} is served: the probe answered ${observed.status}${observed.code === undefined ? '' : ` ${observed.code}`} (served: 2xx, 401, 403; gone: 404, 410)`,
      ...base,
    };
  }
  if (expected.state === 'upcoming') {
    return {
      status: 'not-applicable',
      message: `${version} goes live on ${expected.liveDate ?? '?'}; its presence is not judged before (observed ${observed.state})`,
      ...base,
    };
  }
  if (expected.state === 'decommissioned') {
    return observed.state === 'gone'
      ? {
          status: 'passed',
          message: `${version} is gone, decommissioned from ${expected.decommissionDate ?? '?'}`,
          ...base,
        }
      : {
          status: 'failed',
          message: `${version} is still served on ${day}, decommissioned from ${expected.decommissionDate ?? '?'} (T0 ${expected.t0 ?? '?'} + 3 months)`,
          ...base,
        };
  }
  if (observed.state === 'served') {
    const until =
      expected.state === 'announced'
        ? `, announced: ${expected.daysLeft ?? '?'} day(s) left before ${expected.decommissionDate ?? '?'}`
        : '';
    return { status: 'passed', message: `${version} is served${until}`, ...base };
  }
  return {
    status: 'failed',
    message:
      expected.decommissionDate === null
        ? `${version} is gone on ${day} although no decommissioning is announced`
        : `${version} is gone on ${day}, before its decommission date ${expected.decommissionDate}`,
    ...base,
  };
}
