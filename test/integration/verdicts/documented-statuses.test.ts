import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selftestEnvironments, suitesFor } from '../../../cli/selftest/selftest-environments.ts';
import { startSetUp } from '../../../cli/selftest/start-set-up.ts';
import { loadSuites, runSuites, specRuleCatalogue } from '../../../harness/index.ts';
import type { CaseResult } from '../../../harness/report/model.ts';
import { undocumentedStatuses } from '../../../harness/runner/status-conformance.ts';
import { isApiVersion, matchOperation, schemaValidator } from '../../../spec/lib/index.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const pkiDir = mkdtempSync(join(tmpdir(), 'documented-statuses-'));
const results: CaseResult[] = [];

// Every suite against the reference, in every set-up the selftest uses, keeping every exchange.
beforeAll(async () => {
  const suites = loadSuites([join(root, 'suites')], specRuleCatalogue);
  for (const environment of selftestEnvironments) {
    const institutionsFile = await environment.institutionsFile?.(pkiDir);
    const { reference, target } = await startSetUp(environment, {
      pkiDir,
      name: environment.name,
      institutionsFile,
    });
    try {
      const { report } = await runSuites({
        suites: suitesFor(suites, environment.name),
        target,
        concurrency: 4,
        reporter: { onRunEnd: async () => undefined },
        schemas: schemaValidator,
        transcripts: 'all',
        tool: { name: 'stet-harness', version: 'test' },
        ...(environment.calendar === undefined ? {} : { calendar: environment.calendar }),
      });
      results.push(...report.results);
    } finally {
      await reference.close();
    }
  }
}, 600_000);

afterAll(() => rmSync(pkiDir, { recursive: true, force: true }));

describe('the OpenAPI documents and the reference', () => {
  it('list every status the reference answers over a whole suite run', () => {
    const undocumented = results.flatMap((r) =>
      isApiVersion(r.version)
        ? undocumentedStatuses(r.steps, r.version).map((u) => `${u.method} ${u.operation} ${u.status}`)
        : [],
    );
    expect([...new Set(undocumented)]).toEqual([]);
    expect(results.filter((r) => r.status === 'advisory' || r.status === 'failed')).toEqual([]);
  });

  // 405 never shows here: a wrong verb matches no operation of the documents (allowedMethods answers it).
  it('were compared with answers of every kind, refusals of hosts and payment conflicts included', () => {
    const seen = new Set<string>();
    for (const result of results) {
      if (!isApiVersion(result.version)) continue;
      for (const step of result.steps) {
        for (const { request, response } of step.transcript) {
          const path = new URL(request.url).pathname;
          if (response !== undefined && matchOperation(result.version, request.method, path) !== undefined)
            seen.add(String(response.status));
        }
      }
    }
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        '200',
        '201',
        '302',
        '303',
        '400',
        '401',
        '403',
        '404',
        '409',
        '410',
        '413',
        '421',
        '429',
        '501',
      ]),
    );
  });
});
