/**
 * The console reporter: live progress while the run goes, then a verdict rule by rule.
 *
 * On a terminal the progress is one line rewritten in place; elsewhere (CI logs) it is a line every
 * `every` cases, so logs stay short. Failed, errored and advisory cases are printed as they finish
 * either way.
 */
import { cellLabel, formatDuration, formatValue } from './format-value.ts';
import type { CaseRef, CaseResult, Reporter, RunReport, RunStart, Status, Summary } from './model.ts';
import { statuses, summarize } from './model.ts';
import type { SecretSet } from './secret-set.ts';

/** Where the console reporter writes: a writable stream, with `isTTY` when it is a terminal. */
export interface ConsoleStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Options of {@link ConsoleReporter}. */
export interface ConsoleReporterOptions {
  /** Default `process.stdout`. */
  stream?: ConsoleStream;
  /** Rewrite one progress line in place; default: whether the stream is a terminal. */
  tty?: boolean;
  /** Without a terminal, print a progress line every this many cases; default 25. */
  every?: number;
  /** ANSI colours; default: on a terminal unless `NO_COLOR` is set. */
  color?: boolean;
  /** When given, every line is redacted with it (a safety net: results should arrive redacted). */
  secrets?: SecretSet;
}

const symbols: Record<Status, string> = {
  passed: '✓',
  failed: '✗',
  errored: '!',
  skipped: '-',
  'not-applicable': '∅',
  advisory: '?',
};

const colors: Record<Status, string> = {
  passed: '32',
  failed: '31',
  errored: '35',
  skipped: '33',
  'not-applicable': '90',
  advisory: '36',
};

/** Console output of a run (see the module summary). */
export class ConsoleReporter implements Reporter {
  readonly #stream: ConsoleStream;
  readonly #tty: boolean;
  readonly #every: number;
  readonly #color: boolean;
  readonly #secrets: SecretSet | undefined;
  #total = 0;
  readonly #counts: Summary = summarize([]);
  #lastCase = '';
  #lineShown = false;

  constructor(options: ConsoleReporterOptions = {}) {
    this.#stream = options.stream ?? process.stdout;
    this.#tty = options.tty ?? this.#stream.isTTY === true;
    this.#every = Math.max(1, options.every ?? 25);
    this.#color = options.color ?? (this.#tty && process.env.NO_COLOR === undefined);
    this.#secrets = options.secrets;
  }

  onRunStart(start: RunStart): void {
    this.#total = start.total;
    const matrix = `${start.matrix.versions.join(', ')} × ${start.matrix.institutions.join(', ')}`;
    this.#print(`${start.tool.name} ${start.tool.version} → ${start.target.name} (${start.target.baseUrl})`);
    this.#print(`${start.total} cases over ${matrix}`);
  }

  onCaseStart(ref: CaseRef): void {
    this.#lastCase = `${ref.suite}/${ref.case} [${ref.version} · ${ref.institution}]`;
    if (this.#tty) this.#drawProgress();
  }

  onCaseEnd(result: CaseResult): void {
    this.#counts[result.status] += 1;
    this.#counts.total += 1;
    this.#lastCase = cellLabel(result);
    if (isProblem(result.status)) {
      const why = result.failure?.message ?? result.reason ?? '';
      this.#print(
        `${this.#paint(result.status, `${symbols[result.status]} ${result.status.toUpperCase()}`)} ${cellLabel(result)}${why === '' ? '' : `: ${why}`}`,
      );
    }
    if (this.#tty) this.#drawProgress();
    else if (this.#counts.total % this.#every === 0) this.#print(this.#progressText());
  }

  async onRunEnd(report: RunReport): Promise<void> {
    this.#clearProgress();
    this.#write(formatConsoleSummary(report, { color: this.#color }));
  }

  #progressText(): string {
    const done = this.#counts.total;
    const of = this.#total > 0 ? `/${this.#total}` : '';
    const parts = statuses.map((status) => this.#paint(status, `${symbols[status]} ${this.#counts[status]}`));
    return `[${done}${of}] ${parts.join('  ')}`;
  }

  #drawProgress(): void {
    let line = `${this.#progressText()}  ${this.#lastCase}`;
    const width = this.#stream.columns;
    // Without colours the visible width is the text length; cut so the line never wraps.
    if (width !== undefined && !this.#color && line.length >= width) line = line.slice(0, width - 1);
    this.#write(`\r\x1b[2K${line}`);
    this.#lineShown = true;
  }

  #clearProgress(): void {
    if (this.#lineShown) this.#stream.write('\r\x1b[2K');
    this.#lineShown = false;
  }

  #print(line: string): void {
    this.#clearProgress();
    this.#write(`${line}\n`);
  }

  #write(text: string): void {
    this.#stream.write(this.#secrets === undefined ? text : this.#secrets.redact(text));
  }

  #paint(status: Status, text: string): string {
    return this.#color ? `\x1b[${colors[status]}m${text}\x1b[0m` : text;
  }
}

/** Options of {@link formatConsoleSummary}. */
export interface SummaryFormatOptions {
  color?: boolean;
}

/**
 * The end-of-run text: every rule with its counts, failed, errored and advisory cells under their rule
 * with expected vs actual, then the totals. Rules with a failure or error come first, then advisories.
 */
export function formatConsoleSummary(report: RunReport, options: SummaryFormatOptions = {}): string {
  const paint = (status: Status, text: string): string =>
    options.color === true ? `\x1b[${colors[status]}m${text}\x1b[0m` : text;
  const groups = groupByRule(report.results);
  const worst = (group: RuleGroup): number =>
    group.counts.errored > 0
      ? 0
      : group.counts.failed > 0
        ? 1
        : group.counts.advisory > 0
          ? 2
          : group.counts.passed > 0
            ? 3
            : 4;
  const ordered = [...groups.values()].sort((a, b) => worst(a) - worst(b) || a.id.localeCompare(b.id));
  const lines: string[] = ['', 'Rules'];
  for (const group of ordered) {
    const status: Status =
      group.counts.errored > 0
        ? 'errored'
        : group.counts.failed > 0
          ? 'failed'
          : group.counts.advisory > 0
            ? 'advisory'
            : group.counts.passed > 0
              ? 'passed'
              : 'not-applicable';
    const about = [group.title, group.section === '' ? '' : `(§${group.section})`].filter((t) => t !== '');
    lines.push(
      `  ${paint(status, symbols[status])} ${group.id} [${countText(group.counts)}]${about.length > 0 ? ` ${about.join(' ')}` : ''}`,
    );
    for (const result of group.problems) {
      lines.push(`      ${paint(result.status, result.status)} ${cellLabel(result)}`);
      const failure = result.failure;
      const message = failure?.message ?? result.reason;
      if (message !== undefined) lines.push(`        ${message}`);
      if (failure !== undefined && 'expected' in failure)
        lines.push(indent('expected: ', formatValue(failure.expected)));
      if (failure !== undefined && 'actual' in failure)
        lines.push(indent('actual:   ', formatValue(failure.actual)));
    }
  }
  const s = report.summary;
  const elapsed = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  lines.push(
    '',
    `${s.total} results: ${statuses.map((status) => paint(status, `${s[status]} ${status}`)).join(', ')}` +
      (Number.isFinite(elapsed) ? ` in ${formatDuration(Math.max(0, elapsed))}` : ''),
  );
  const verdict =
    s.errored > 0
      ? 'the harness could not check everything'
      : s.failed > 0
        ? 'the target does not conform'
        : s.advisory > 0
          ? `the target conforms to the seed (${s.advisory} advisory finding(s) on our choices: --strict fails them)`
          : 'the target conforms';
  lines.push(`${report.target.name}: ${verdict}`, '');
  return lines.join('\n');
}

/** Cells printed as they finish and listed under their rule: failures, harness errors, advisories. */
function isProblem(status: Status): boolean {
  return status === 'failed' || status === 'errored' || status === 'advisory';
}

interface RuleGroup {
  id: string;
  title: string;
  section: string;
  counts: Summary;
  problems: CaseResult[];
}

/** Groups cells by rule; a cell checking several rules counts under each, cells without rules under `(no rule)`. */
function groupByRule(results: readonly CaseResult[]): Map<string, RuleGroup> {
  const groups = new Map<string, RuleGroup>();
  for (const result of results) {
    const rules = result.rules.length > 0 ? result.rules : [{ id: '(no rule)', title: '', section: '' }];
    for (const rule of rules) {
      let group = groups.get(rule.id);
      if (group === undefined) {
        group = {
          ...rule,
          counts: summarize([]),
          problems: [],
        };
        groups.set(rule.id, group);
      }
      group.counts[result.status] += 1;
      group.counts.total += 1;
      if (isProblem(result.status)) group.problems.push(result);
    }
  }
  return groups;
}

function countText(counts: Summary): string {
  return statuses
    .filter((status) => counts[status] > 0)
    .map((status) => `${counts[status]} ${status}`)
    .join(', ');
}

function indent(label: string, text: string): string {
  const pad = ' '.repeat(8 + label.length);
  return `        ${label}${text.split('\n').join(`\n${pad}`)}`;
}
