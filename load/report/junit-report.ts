import { escapeMarkup } from '../../harness/report/markup-escape.ts';
import { findingTitles } from '../load-finding.ts';
import type { LoadReport } from '../load-report.ts';

/** Every finding kind, so JUnit lists the checks made under load, passed or not. */
const findingKinds = Object.keys(findingTitles) as Array<keyof typeof findingTitles>;

/**
 * JUnit XML of a load run: a test suite `thresholds` with one test case per threshold, and a test suite
 * `findings under load` with one test case per kind of finding (failed with each finding's rules).
 */
export function loadJunit(report: LoadReport): string {
  const seconds = (report.durationMs / 1000).toFixed(3);
  const thresholdCases = report.thresholds.map((t) => {
    const name = escapeMarkup(t.threshold);
    return t.passed
      ? `    <testcase classname="load.${escapeMarkup(report.scenario.name)}" name="${name}" time="${seconds}"><system-out>${escapeMarkup(t.message)}</system-out></testcase>`
      : `    <testcase classname="load.${escapeMarkup(report.scenario.name)}" name="${name}" time="${seconds}"><failure message="${escapeMarkup(t.message)}" type="threshold"/></testcase>`;
  });
  const findingCases = findingKinds.map((kind) => {
    const found = report.findings.filter((f) => f.kind === kind);
    const name = escapeMarkup(`${kind}: ${findingTitles[kind]}`);
    if (found.length === 0) return `    <testcase classname="load.findings" name="${name}" time="0"/>`;
    const text = found
      .map(
        (f) =>
          `${f.rules.map((r) => r.id).join(', ')} at ${f.institution} ${f.endpoint}: ${f.count} time(s); e.g. ${f.example.path} → ${f.example.status} (X-Request-ID ${f.example.requestId}): ${f.example.detail}`,
      )
      .join('\n');
    const rules = [...new Set(found.flatMap((f) => f.rules.map((r) => r.id)))].join(', ');
    return `    <testcase classname="load.findings" name="${name}" time="0"><failure message="${escapeMarkup(rules)}" type="finding">${escapeMarkup(text)}</failure></testcase>`;
  });
  const failedThresholds = report.thresholds.filter((t) => !t.passed).length;
  const failedFindings = findingKinds.filter((k) => report.findings.some((f) => f.kind === k)).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="stet-harness load ${escapeMarkup(report.scenario.name)}" tests="${thresholdCases.length + findingCases.length}" failures="${failedThresholds + failedFindings}" time="${seconds}">`,
    `  <testsuite name="thresholds" tests="${thresholdCases.length}" failures="${failedThresholds}" time="${seconds}" timestamp="${report.startedAt}">`,
    ...thresholdCases,
    '  </testsuite>',
    `  <testsuite name="findings under load" tests="${findingCases.length}" failures="${failedFindings}" time="0">`,
    ...findingCases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
