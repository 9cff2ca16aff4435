import type { CaseResult, RunReport, StepResult, TranscriptEntry } from '../../harness/report/model.ts';
import { matrixOf, summarize } from '../../harness/report/model.ts';
import { getRule } from '../../spec/lib/index.ts';
import type { HarEntry } from '../har/har.ts';
import { contentText } from '../har/har-access.ts';
import type { UnattributedExchange } from './exchange-view.ts';
import type { Finding } from './finding.ts';

/** The case name under which the exchanges without an operation are listed. */
export const unattributedCase = 'UNATTRIBUTED-EXCHANGES';

function unattributedResults(exchanges: readonly UnattributedExchange[]): CaseResult[] {
  const cells = new Map<string, UnattributedExchange[]>();
  for (const exchange of exchanges) {
    const key = `${exchange.version}/${exchange.institution}`;
    cells.set(key, [...(cells.get(key) ?? []), exchange]);
  }
  return [...cells.values()].map((list) => ({
    suite: checkSuiteName,
    case: unattributedCase,
    title: 'Exchanges no operation of the OpenAPI documents serves (not judged by operation)',
    version: list[0]?.version ?? '',
    institution: list[0]?.institution ?? '',
    rules: [],
    status: 'skipped',
    reason: `${list.length} exchange(s) not attributed to an operation`,
    durationMs: 0,
    steps: list.map((e) => ({
      name: `#${e.index} ${e.method} ${new URL(e.url).pathname}`,
      kind: 'exchange',
      status: 'skipped',
      durationMs: 0,
      message: `${e.status}: ${e.reason}`,
      transcript: [],
    })),
    tags: ['traffic'],
  }));
}

/** The suite name check results are reported under. */
export const checkSuiteName = 'traffic-check';

function headerMap(headers: HarEntry['request']['headers']): Record<string, string | string[]> {
  const map: Record<string, string | string[]> = {};
  for (const { name, value } of headers) {
    const key = name.toLowerCase();
    const known = map[key];
    map[key] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return map;
}

/** The transcript of one recorded exchange (the HAR is already redacted when it was recorded by us). */
export function transcriptOf(entry: HarEntry): TranscriptEntry {
  const body = contentText(entry.response.content);
  return {
    request: {
      method: entry.request.method,
      url: entry.request.url,
      headers: headerMap(entry.request.headers),
      ...(entry.request.postData === undefined ? {} : { body: entry.request.postData.text }),
    },
    response: {
      status: entry.response.status,
      headers: headerMap(entry.response.headers),
      ...(body === undefined || body === '' ? {} : { body }),
    },
  };
}

function originOf(url: string | undefined): string {
  return url === undefined ? '' : new URL(url).origin;
}

/**
 * The findings as a {@link RunReport}: one case per rule × version × institution, passed when every
 * exchange judged under the rule conforms, each exchange a step with its transcript, so `check` feeds
 * the same reporters as `run`. A finding citing a rule missing from `spec/rules.yaml` is a harness bug
 * and reported `errored`.
 */
export function findingsReport(
  findings: readonly Finding[],
  options: {
    file: string;
    startedAt: Date;
    toolVersion: string;
    /** Advisory findings fail the check too (`check --strict`). */
    strict?: boolean;
    /** Exchanges no operation serves: listed as one skipped case per version and institution. */
    unattributed?: readonly UnattributedExchange[];
  },
): RunReport {
  const cells = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = `${finding.rule}@${finding.exchange.version}/${finding.exchange.institution}`;
    const list = cells.get(key) ?? [];
    list.push(finding);
    cells.set(key, list);
  }
  const results: CaseResult[] = [];
  for (const list of cells.values()) {
    const first = list[0];
    if (first === undefined) continue;
    const rule = getRule(first.rule);
    const choice = rule?.basis.kind === 'choice';
    const steps: StepResult[] = list.map((f) => ({
      name: `#${f.exchange.index} ${f.exchange.method} ${f.exchange.url.pathname}`,
      kind: 'exchange',
      status: f.verdict === 'failed' && choice ? 'advisory' : f.verdict,
      durationMs: Math.max(0, Math.round(f.exchange.entry.time)),
      message: f.message,
      transcript: [transcriptOf(f.exchange.entry)],
    }));
    const failedAt = list.findIndex((f) => f.verdict === 'failed');
    const failed = list[failedAt];
    const base = {
      suite: checkSuiteName,
      case: first.rule,
      title: rule?.title ?? first.rule,
      version: first.exchange.version,
      institution: first.exchange.institution,
      rules:
        rule === undefined
          ? []
          : [{ id: rule.id, title: rule.title, section: rule.section, basis: rule.basis.kind }],
      durationMs: steps.reduce((sum, s) => sum + s.durationMs, 0),
      steps,
      tags: ['traffic'],
    };
    if (rule === undefined)
      results.push({
        ...base,
        status: 'errored',
        failure: { message: `rule ${first.rule} is not in spec/rules.yaml (a bug of the traffic checks)` },
      });
    else if (failed === undefined) results.push({ ...base, status: 'passed' });
    else
      results.push({
        ...base,
        // A deviation from one of our choices (basis: choice, where the seed is silent) is advisory.
        status: choice ? 'advisory' : 'failed',
        failure: {
          message: `${list.filter((f) => f.verdict === 'failed').length} of ${list.length} exchange(s) deviate; first: ${failed.message}`,
          ...(failed.expected === undefined ? {} : { expected: failed.expected }),
          ...(failed.actual === undefined ? {} : { actual: failed.actual }),
          step: failedAt,
        },
      });
  }
  results.push(...unattributedResults(options.unattributed ?? []));
  results.sort(
    (a, b) =>
      a.case.localeCompare(b.case) ||
      a.version.localeCompare(b.version) ||
      a.institution.localeCompare(b.institution),
  );
  return {
    tool: { name: 'stet-harness check', version: options.toolVersion },
    target: { name: options.file, baseUrl: originOf(results[0]?.steps[0]?.transcript[0]?.request.url) },
    startedAt: options.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    matrix: matrixOf(results),
    summary: summarize(results),
    results,
    ...(options.strict === true ? { strict: true as const } : {}),
  };
}
