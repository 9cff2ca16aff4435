import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noFilter, type RunFilter } from '../../../../harness/runner/run-filter.ts';
import { identifiedReporter, runId, runIdentity } from '../../../../harness/report/run-identity.ts';
import type { RunReport } from '../../../../harness/report/model.ts';
import { loadSuites } from '../../../../harness/suite/load-suite.ts';
import { specRuleCatalogue } from '../../../../harness/suite/spec-rule-catalogue.ts';
import { rawReport } from './fixture.ts';

const root = resolve(import.meta.dirname, '../../../..');
const suites = loadSuites([join(root, 'suites/smoke')], specRuleCatalogue, root);
const target = {
  name: 'embedded reference',
  baseUrl: 'https://api-<institution_code>.psd2.groupbank.example',
  versions: ['v1.4.2', 'v1.6.2'],
  institutions: [{ code: '10101' }, { code: '20202' }],
  capabilities: ['sandbox'],
};

function id(
  overrides: { filter?: RunFilter; toolVersion?: string; embedded?: Record<string, unknown> } = {},
): string {
  return runId({
    toolVersion: overrides.toolVersion ?? '0.1.0',
    // Of the institutions, only their codes are part of the identity (not the address dialled).
    target: {
      ...target,
      institutions: target.institutions.map((i) => ({ ...i, connect: { port: Math.random() } })),
    },
    suites,
    filter: overrides.filter ?? noFilter,
    ...(overrides.embedded === undefined ? {} : { embedded: overrides.embedded }),
  });
}

describe('runId', () => {
  it('is 16 hex digits, the same for the same run whatever the order of its filters', () => {
    const a = id({ filter: { ...noFilter, versions: ['v1.4.2', 'v1.6.2'], institutions: ['10101'] } });
    const b = id({ filter: { ...noFilter, versions: ['v1.6.2', 'v1.4.2'], institutions: ['10101'] } });
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(b).toBe(a);
  });

  it('is the same for the same suites read from another checkout (source positions are left out)', () => {
    const copy = mkdtempSync(join(tmpdir(), 'run-id-'));
    cpSync(join(root, 'suites'), join(copy, 'suites'), { recursive: true });
    const moved = loadSuites([join(copy, 'suites/smoke')], specRuleCatalogue, copy);
    expect(runId({ toolVersion: '0.1.0', target, suites: moved, filter: noFilter })).toBe(
      runId({ toolVersion: '0.1.0', target, suites, filter: noFilter }),
    );
  });

  it('differs with another filter, harness version, embedded fault or suite', () => {
    const base = id();
    expect(id({ filter: { ...noFilter, institutions: ['10101'] } })).not.toBe(base);
    expect(id({ toolVersion: '0.1.1' })).not.toBe(base);
    expect(id({ embedded: { faults: ['code-reusable'] } })).not.toBe(base);
    const fewer = runId({
      toolVersion: '0.1.0',
      target,
      suites: suites.slice(1),
      filter: noFilter,
    });
    expect(fewer).not.toBe(base);
  });
});

describe('identifiedReporter', () => {
  it('hands the inner reporter a report carrying the run id and the shard', async () => {
    let seen: RunReport | undefined;
    const reporter = identifiedReporter(
      {
        onRunEnd: (report) => {
          seen = report;
          return Promise.resolve();
        },
      },
      runIdentity('0123456789abcdef', { index: 2, count: 4 }),
    );
    await reporter.onRunEnd(rawReport());
    expect(seen?.run).toEqual({ id: '0123456789abcdef', shard: { index: 2, count: 4 } });
    expect(runIdentity('0123456789abcdef', undefined).shard).toEqual({ index: 1, count: 1 });
  });
});
