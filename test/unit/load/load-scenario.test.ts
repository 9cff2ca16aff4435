import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoadError } from '../../../load/load-error.ts';
import { listScenarios, loadScenario } from '../../../load/load-scenario.ts';
import { partsOf } from '../../../load/scenario-definition.ts';

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'load-scenario-')), 'scenario.yaml');
  writeFileSync(path, text);
  return path;
}

describe('loadScenario', () => {
  it('reads every shipped scenario', () => {
    expect(listScenarios()).toEqual(
      expect.arrayContaining([
        'funds-confirmation-burst',
        'mix',
        'nightly-batch',
        'pisp-initiation',
        'psu-present-reads',
      ]),
    );
    for (const name of listScenarios()) expect(loadScenario(name).name).toBe(name);
  });

  it('reads the nightly batch as batch calls (no PSU-IP-Address) that refresh, then follow links', () => {
    const batch = loadScenario('nightly-batch');
    if (batch.kind !== 'single') throw new Error('nightly-batch is a single scenario');
    expect(batch.psuConnected).toBe(false);
    expect(batch.steps[0]).toEqual({ kind: 'token', grant: 'refresh' });
    expect(batch.steps[1]).toMatchObject({
      kind: 'request',
      method: 'GET',
      path: '/accounts',
      expect: [200],
    });
    expect(batch.thresholds.map((t) => t.source)).toContain('5xx=0');
  });

  it('resolves the parts of a mix with their rates', () => {
    const mix = loadScenario('mix');
    const parts = partsOf(mix);
    expect(parts.map((p) => p.scenario.name)).toContain('nightly-batch');
    expect(parts.every((p) => typeof p.rate === 'number')).toBe(true);
  });

  it('reads ramping stages, a mix part’s own stages replacing its scenario’s rate', () => {
    const ramp = loadScenario('psu-present-ramp');
    if (ramp.kind !== 'single') throw new Error('psu-present-ramp is a single scenario');
    expect(ramp.rate).toBeUndefined();
    expect(ramp.stages).toEqual([
      { durationMs: 10_000, rate: 40 },
      { durationMs: 20_000, rate: 40 },
      { durationMs: 5000, rate: 0 },
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'load-scenario-'));
    const mix = join(dir, 'ramped-mix.yaml');
    writeFileSync(
      mix,
      'scenario: ramped-mix\ntitle: Ramped\nmix:\n  - { scenario: nightly-batch, stages: [{ duration: 0s, rate: 5 }, { duration: 2s, rate: 15 }] }\n  - { scenario: psu-present-reads, rate: 7 }\n',
    );
    const [batch, reads] = partsOf(loadScenario(mix));
    expect(batch).toMatchObject({
      rate: undefined,
      stages: [
        { durationMs: 0, rate: 5 },
        { durationMs: 2000, rate: 15 },
      ],
    });
    expect(reads).toMatchObject({ rate: 7, stages: undefined });
  });

  it('refuses a scenario with both a rate and stages, and stages that reach no rate', () => {
    const both = file(
      'scenario: bad\ntitle: Bad\nrole: aisp\nrate: 5\nstages: [{ duration: 5s, rate: 5 }]\nsteps:\n  - request: { path: /accounts }\n',
    );
    expect(() => loadScenario(both)).toThrow(expect.objectContaining({ code: 'ERR_LOAD_SCENARIO_INVALID' }));
    const idle = file(
      'scenario: bad\ntitle: Bad\nrole: aisp\nstages: [{ duration: 5s, rate: 0 }]\nsteps:\n  - request: { path: /accounts }\n',
    );
    expect(() => loadScenario(idle)).toThrow(/reach no rate/);
  });

  it('names the line of a schema violation', () => {
    const path = file('scenario: bad\ntitle: Bad\nrole: aisp\nsteps:\n  - request: { path: accounts }\n');
    const error = caught(() => loadScenario(path));
    expect(error).toMatchObject({ code: 'ERR_LOAD_SCENARIO_INVALID' });
    expect(String(error)).toContain(`${path}:5`);
  });

  it('refuses a malformed threshold in a scenario', () => {
    const path = file(
      "scenario: bad\ntitle: Bad\nrole: aisp\nsteps:\n  - request: { path: /accounts }\nthresholds: ['p95<3%']\n",
    );
    expect(() => loadScenario(path)).toThrow(expect.objectContaining({ code: 'ERR_LOAD_THRESHOLD_INVALID' }));
  });

  it('refuses an unknown scenario name, listing the shipped ones', () => {
    const error = caught(() => loadScenario('nightly'));
    expect(error).toMatchObject({ code: 'ERR_LOAD_SCENARIO_UNKNOWN' });
    expect(error instanceof LoadError ? error.hint : '').toContain('nightly-batch');
  });
});
