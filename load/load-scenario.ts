/**
 * Reads load scenarios: a name of `load/scenarios/` or a YAML file, validated against
 * `load/scenario.schema.json` with `file:line:col` problems, then normalised.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseYamlSource } from '../harness/suite/yaml-source.ts';
import { compileLocatedValidator, type LocatedValidator } from '../harness/suite/schema-validator.ts';
import type { ApiVersion, Role } from '../spec/lib/index.ts';
import { LoadError } from './load-error.ts';
import type { MixPart, Scenario, ScenarioStep, SingleScenario } from './scenario-definition.ts';
import { checkStages, parseStages, type Stage } from './stage-plan.ts';
import { parseThreshold } from './threshold.ts';

/** The folder of the scenarios shipped with the product. */
export const scenariosDir = join(import.meta.dirname, 'scenarios');

/** The default scenario of `stet-harness load`. */
export const defaultScenario = 'mix';

/** Schema of a scenario file, for editors (`# yaml-language-server: $schema=…`). */
export const scenarioSchemaUrl = new URL('./scenario.schema.json', import.meta.url);

interface RawStep {
  token?: 'refresh' | 'client-credentials';
  request?: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: Record<string, unknown> };
  expect?: number[];
  follow?: string[];
}

interface RawStage {
  duration: string;
  rate: number;
}

interface RawScenario {
  scenario: string;
  title: string;
  role?: Role;
  persona?: string;
  version?: ApiVersion;
  consent?: 'all' | 'none';
  psuConnected?: boolean;
  psus?: number;
  connections?: number;
  rate?: number;
  stages?: RawStage[];
  institutions?: string[];
  steps?: RawStep[];
  mix?: Array<{ scenario: string; rate?: number; stages?: RawStage[]; connections?: number }>;
  thresholds?: string[];
}

let validator: LocatedValidator<RawScenario> | undefined;

/** Names of the shipped scenarios. */
export function listScenarios(): string[] {
  return readdirSync(scenariosDir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => basename(f, '.yaml'))
    .sort();
}

/**
 * A scenario by name (`load/scenarios/<name>.yaml`) or file path. Throws `ERR_LOAD_SCENARIO_UNKNOWN`
 * or `ERR_LOAD_SCENARIO_INVALID`.
 */
export function loadScenario(nameOrFile: string): Scenario {
  return readScenario(resolveScenario(nameOrFile, scenariosDir), []);
}

function resolveScenario(nameOrFile: string, dir: string): string {
  if (/\.ya?ml$/.test(nameOrFile)) {
    const file = resolve(nameOrFile);
    if (existsSync(file)) return file;
  } else {
    for (const folder of [dir, scenariosDir]) {
      const file = join(folder, `${nameOrFile}.yaml`);
      if (existsSync(file)) return file;
    }
  }
  throw new LoadError('ERR_LOAD_SCENARIO_UNKNOWN', `no scenario ${nameOrFile}`, {
    hint: `shipped scenarios: ${listScenarios().join(', ')}; or give a .yaml file`,
  });
}

function readScenario(file: string, chain: readonly string[]): Scenario {
  if (chain.includes(file)) {
    throw new LoadError('ERR_LOAD_SCENARIO_INVALID', `${file}: a mix includes itself`, {
      hint: 'a mix lists single scenarios',
    });
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new LoadError('ERR_LOAD_SCENARIO_UNKNOWN', `cannot read ${file}`, {
      cause: error,
      hint: 'check the path',
    });
  }
  const parsed = parseYamlSource(file, text);
  if (!parsed.ok) throw invalid(parsed.problems.map((p) => `${p.where}: ${p.message}`));
  validator ??= compileLocatedValidator<RawScenario>(scenarioSchemaUrl);
  const checked = validator.validate(parsed.source);
  if (!checked.ok) throw invalid(checked.problems.map((p) => `${p.where}: ${p.message}`));
  const raw = checked.value;
  const thresholds = (raw.thresholds ?? []).map(parseThreshold);
  if (raw.mix !== undefined) {
    const parts: MixPart[] = raw.mix.map((part) => {
      const inner = readScenario(resolveScenario(part.scenario, dirname(file)), [...chain, file]);
      if (inner.kind === 'mix') {
        throw invalid([
          `${parsed.source.locate('/mix')}: ${part.scenario} is a mix; a mix lists single scenarios`,
        ]);
      }
      // A part's own rate or stages replace the scenario's.
      const own = part.rate !== undefined || part.stages !== undefined;
      return {
        scenario: inner,
        rate: own ? part.rate : inner.rate,
        stages: own ? stagesOf(part.stages, `${file}: ${part.scenario}`) : inner.stages,
        connections: part.connections ?? inner.connections,
      };
    });
    return { kind: 'mix', name: raw.scenario, title: raw.title, file, parts, thresholds };
  }
  return single(raw, file, thresholds);
}

function single(raw: RawScenario, file: string, thresholds: SingleScenario['thresholds']): SingleScenario {
  const steps: ScenarioStep[] = (raw.steps ?? []).map((step) =>
    step.token !== undefined
      ? { kind: 'token', grant: step.token }
      : {
          kind: 'request',
          method: step.request?.method ?? 'GET',
          path: step.request?.path ?? '/',
          body: step.request?.body,
          expect: step.expect ?? [step.request?.method === 'POST' ? 201 : 200],
          follow: step.follow ?? [],
        },
  );
  return {
    kind: 'single',
    name: raw.scenario,
    title: raw.title,
    file,
    role: raw.role ?? 'aisp',
    persona: raw.persona ?? 'alice',
    version: raw.version,
    consent: raw.consent !== 'none',
    psuConnected: raw.psuConnected ?? true,
    psus: raw.psus ?? 1,
    connections: raw.connections,
    rate: raw.rate,
    stages: stagesOf(raw.stages, file),
    institutions: raw.institutions,
    steps,
    thresholds,
  };
}

function stagesOf(raw: RawStage[] | undefined, where: string): Stage[] | undefined {
  if (raw === undefined) return undefined;
  let stages: Stage[];
  try {
    stages = parseStages(raw);
  } catch (error) {
    throw invalid([`${where}: ${error instanceof Error ? error.message : String(error)}`]);
  }
  checkStages(stages, where);
  return stages;
}

function invalid(problems: string[]): LoadError {
  return new LoadError('ERR_LOAD_SCENARIO_INVALID', `invalid scenario:\n  ${problems.join('\n  ')}`, {
    hint: 'see load/scenario.schema.json and docs/load.md',
  });
}
