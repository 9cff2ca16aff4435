/**
 * JUnit XML: one `<testsuite>` per suite, one `<testcase>` per case × version × institution.
 *
 * CI servers read this format; its vocabulary is smaller than ours, so: `failed` → `<failure>` (with
 * expected and actual), `errored` → `<error>`, and the statuses that are neither a pass nor a problem
 * (`accepted` by a baseline, `skipped`, `not-applicable`) → `<skipped message>` whose message starts
 * with the status and gives the reason (`statusTraits` in `model.ts` says which element each becomes).
 * A merge that went without some shards adds a `shards` suite with one `<error>` per missing shard.
 */
import { writeFile } from 'node:fs/promises';
import { cellLabel, failingStep, formatValue } from './format-value.ts';
import { escapeAttribute, escapeMarkup } from './markup-escape.ts';
import type { CaseResult, Reporter, RunReport } from './model.ts';
import { missingShards, shardLabel, statuses, statusTraits, summarize } from './model.ts';

/** Renders a run as a JUnit XML document. */
export function toJunitXml(report: RunReport): string {
  const bySuite = new Map<string, CaseResult[]>();
  for (const result of report.results) {
    const list = bySuite.get(result.suite) ?? [];
    list.push(result);
    bySuite.set(result.suite, list);
  }
  // A merge without some shards (`merge-reports --allow-partial`) is an error CI must see: one each.
  const missing = report.run?.missing ?? [];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeAttribute(`${report.tool.name} ${report.target.name}`)}" ${counts(report.results, missing.length)} time="${seconds(elapsed(report))}" timestamp="${escapeAttribute(report.startedAt)}">`,
  ];
  for (const [suite, results] of bySuite) {
    const time = results.reduce((sum, r) => sum + r.durationMs, 0);
    lines.push(
      `  <testsuite name="${escapeAttribute(suite)}" ${counts(results)} time="${seconds(time)}" timestamp="${escapeAttribute(report.startedAt)}">`,
    );
    for (const result of results) lines.push(...testcase(result));
    lines.push('  </testsuite>');
  }
  if (missing.length > 0) {
    lines.push(
      `  <testsuite name="shards" tests="${missing.length}" failures="0" errors="${missing.length}" skipped="0" time="0.000" timestamp="${escapeAttribute(report.startedAt)}">`,
    );
    for (const shard of missing) {
      const said = missingShards({ run: { id: '', shard, missing: [shard] } }) ?? '';
      lines.push(
        `    <testcase classname="shards" name="${escapeAttribute(`shard ${shardLabel(shard)}`)}" time="0.000">`,
        `      <error message="${escapeAttribute(said)}" type="incomplete">${escapeMarkup(`${said}: its cells were never merged into this report`)}</error>`,
        '    </testcase>',
      );
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/** A reporter writing {@link toJunitXml} to a file when the run ends. */
export function junitReporter(path: string): Reporter {
  return { onRunEnd: (report) => writeFile(path, toJunitXml(report), 'utf8') };
}

function testcase(result: CaseResult): string[] {
  const name = `${result.case}: ${result.title} [${result.version} · ${result.institution}]`;
  const open = `    <testcase classname="${escapeAttribute(result.suite)}" name="${escapeAttribute(name)}" time="${seconds(result.durationMs)}">`;
  const body: string[] = [];
  body.push('      <properties>');
  body.push(`        <property name="version" value="${escapeAttribute(result.version)}"/>`);
  body.push(`        <property name="institution" value="${escapeAttribute(result.institution)}"/>`);
  for (const rule of result.rules) {
    body.push(
      `        <property name="rule" value="${escapeAttribute(`${rule.id} (§${rule.section}) ${rule.title}`)}"/>`,
    );
  }
  // An advisory finding passes in CI's eyes: a property says so and the finding goes to system-out.
  if (statusTraits[result.status].junit === 'note')
    body.push(
      `        <property name="verdict" value="${escapeAttribute(`${result.status}: a check of the reference's choices did not hold`)}"/>`,
    );
  body.push('      </properties>');
  const ruleIds = result.rules.map((rule) => rule.id).join(' ');
  switch (statusTraits[result.status].junit) {
    case 'failure':
      body.push(
        `      <failure message="${escapeAttribute(result.failure?.message ?? 'failed')}" type="${escapeAttribute(ruleIds || 'failed')}">${escapeMarkup(details(result))}</failure>`,
      );
      break;
    case 'error':
      body.push(
        `      <error message="${escapeAttribute(result.failure?.message ?? result.reason ?? 'harness error')}" type="errored">${escapeMarkup(details(result))}</error>`,
      );
      break;
    case 'skipped':
      body.push(
        `      <skipped message="${escapeAttribute(result.reason === undefined ? result.status : `${result.status}: ${result.reason}`)}"/>`,
      );
      break;
    case 'note':
      body.push(
        `      <system-out>${escapeMarkup(`${result.status.toUpperCase()} ${details(result)}`)}</system-out>`,
      );
      break;
    case 'pass':
      break;
  }
  return [open, ...body, '    </testcase>'];
}

/** The text of a `<failure>`/`<error>`: what, where, expected vs actual, and the curl of the step. */
function details(result: CaseResult): string {
  const lines = [cellLabel(result)];
  for (const rule of result.rules) lines.push(`rule ${rule.id} (§${rule.section}): ${rule.title}`);
  const failure = result.failure;
  if (failure !== undefined) {
    lines.push(failure.message);
    if ('expected' in failure) lines.push(`expected: ${formatValue(failure.expected)}`);
    if ('actual' in failure) lines.push(`actual:   ${formatValue(failure.actual)}`);
  } else if (result.reason !== undefined) {
    lines.push(result.reason);
  }
  const step = failingStep(result);
  if (step !== undefined) {
    lines.push(`step: ${step.name} (${step.kind})${step.message === undefined ? '' : `: ${step.message}`}`);
    if (step.curl !== undefined) lines.push(step.curl);
  }
  return lines.join('\n');
}

function counts(results: readonly CaseResult[], missingCount = 0): string {
  const summary = summarize(results);
  const count = (kind: 'failure' | 'error' | 'skipped'): number =>
    statuses.filter((s) => statusTraits[s].junit === kind).reduce((sum, s) => sum + summary[s], 0);
  return `tests="${summary.total + missingCount}" failures="${count('failure')}" errors="${count('error') + missingCount}" skipped="${count('skipped')}"`;
}

function elapsed(report: RunReport): number {
  const ms = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
