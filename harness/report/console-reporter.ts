/**
 * The console reporter: live progress while the run goes, then the findings rule by rule, one line per
 * failing case with its cells summarised, and the verdict.
 *
 * On a terminal the progress is one line rewritten in place; elsewhere (CI logs) it is a line every
 * `every` cases, so logs stay short. With `verbose`, each failed or errored cell is also printed in full
 * (rules, message, expected and actual) as it finishes.
 */
import type { CaseFinding, RuleFinding } from './findings.ts';
import { findingsByRule } from './findings.ts';
import { cellLabel, formatDuration, formatValue } from './format-value.ts';
import type { CaseRef, CaseResult, Reporter, RunReport, RunStart, Status, Summary } from './model.ts';
import { deviationLabel, emptySummary, statuses, statusTraits, verdictText } from './model.ts';
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
  /**
   * Without a terminal, print a progress line every this many cases; default 25, or a twentieth of the
   * run when that is more (a full run's log holds some twenty progress lines, not a hundred).
   */
  every?: number;
  /** ANSI colours; default: on a terminal unless `NO_COLOR` is set. */
  color?: boolean;
  /** When given, every line is redacted with it (a safety net: results should arrive redacted). */
  secrets?: SecretSet;
  /** Only failures and the summary: no header, no progress lines. */
  quiet?: boolean;
  /** Print each failed or errored cell in full as it finishes, and every rule with its counts at the end. */
  verbose?: boolean;
  /**
   * When no case has finished for this long, say what the run is waiting on (default 15 s; 0 never):
   * a slow or silent target shows as a wait, not as a hung command.
   */
  heartbeatMs?: number;
}

/** Console output of a run (see the module summary). */
export class ConsoleReporter implements Reporter {
  readonly #stream: ConsoleStream;
  readonly #tty: boolean;
  #every: number;
  readonly #everyGiven: boolean;
  readonly #color: boolean;
  readonly #secrets: SecretSet | undefined;
  readonly #quiet: boolean;
  readonly #verbose: boolean;
  #total = 0;
  readonly #counts: Summary = emptySummary();
  #lastCase = '';
  #lineShown = false;
  readonly #heartbeatMs: number;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #lastEnd = 0;
  readonly #running = new Map<string, number>();

  constructor(options: ConsoleReporterOptions = {}) {
    this.#stream = options.stream ?? process.stdout;
    this.#tty = options.tty ?? this.#stream.isTTY === true;
    this.#every = Math.max(1, options.every ?? 25);
    this.#everyGiven = options.every !== undefined;
    this.#color = options.color ?? (this.#tty && process.env.NO_COLOR === undefined);
    this.#secrets = options.secrets;
    this.#quiet = options.quiet ?? false;
    this.#verbose = options.verbose ?? false;
    this.#heartbeatMs = options.heartbeatMs ?? 15_000;
  }

  onRunStart(start: RunStart): void {
    this.#total = start.total;
    if (!this.#everyGiven) this.#every = Math.max(25, Math.ceil(start.total / 20));
    this.#lastEnd = Date.now();
    if (this.#quiet) return;
    if (this.#heartbeatMs > 0) {
      this.#heartbeat = setInterval(() => this.#waiting(), Math.max(100, this.#heartbeatMs / 3));
      this.#heartbeat.unref();
    }
    const matrix = `${start.matrix.versions.join(', ')} × ${start.matrix.institutions.join(', ')}`;
    this.#print(`${start.tool.name} ${start.tool.version} → ${start.target.name} (${start.target.baseUrl})`);
    this.#print(`${start.total} cases over ${matrix}`);
  }

  onCaseStart(ref: CaseRef): void {
    this.#running.set(cellLabel(ref), Date.now());
    this.#lastCase = `${ref.suite}/${ref.case} [${ref.version} · ${ref.institution}]`;
    if (this.#tty && !this.#quiet) this.#drawProgress();
  }

  onCaseEnd(result: CaseResult): void {
    this.#running.delete(cellLabel(result));
    this.#lastEnd = Date.now();
    this.#counts[result.status] += 1;
    this.#counts.total += 1;
    this.#lastCase = cellLabel(result);
    // With --verbose each failure is printed once, in full, as it happens; the summary then gives one
    // line per failing case either way.
    if (this.#verbose && statusTraits[result.status].problem) this.#print(failureText(result, this.#color));
    if (this.#quiet) return;
    if (this.#tty) this.#drawProgress();
    else if (this.#counts.total % this.#every === 0) this.#print(this.#progressText());
  }

  async onRunEnd(report: RunReport): Promise<void> {
    if (this.#heartbeat !== undefined) clearInterval(this.#heartbeat);
    this.#clearProgress();
    this.#write(
      formatConsoleSummary(report, { color: this.#color, verbose: this.#verbose, failures: false }),
    );
  }

  /** The heartbeat: when nothing finished for a while, the oldest case still waiting and for how long. */
  #waiting(): void {
    const now = Date.now();
    if (now - this.#lastEnd < this.#heartbeatMs) return;
    const oldest = [...this.#running.entries()].sort((a, b) => a[1] - b[1])[0];
    if (oldest === undefined) return;
    this.#lastEnd = now;
    this.#print(
      `… waiting: ${this.#running.size} case(s) running, ${oldest[0]} for ${formatDuration(now - oldest[1])}`,
    );
  }

  #progressText(): string {
    const done = this.#counts.total;
    const of = this.#total > 0 ? `/${this.#total}` : '';
    const parts = statuses.map((status) =>
      this.#paint(status, `${statusTraits[status].symbol} ${this.#counts[status]}`),
    );
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
    return paintStatus(this.#color, status, text);
  }
}

/** Options of {@link formatConsoleSummary}. */
export interface SummaryFormatOptions {
  color?: boolean;
  /** Every failed or errored cell in full, and every rule with its counts (default: only rules with a problem). */
  verbose?: boolean;
  /** With `verbose`, print each problem cell in full (default true; the live reporter printed them already). */
  failures?: boolean;
}

/**
 * The end-of-run text: with `verbose`, each failed or errored cell once with expected vs actual (unless
 * already printed); one compact line per suite; the findings by rule, most serious first, one line per
 * failing case with its cells summarised (every rule with its counts too, with `verbose`); what the
 * baseline accepted, found fixed or found new; then the totals and the verdict.
 */
export function formatConsoleSummary(report: RunReport, options: SummaryFormatOptions = {}): string {
  const color = options.color === true;
  const paint = (status: Status, text: string): string => paintStatus(color, status, text);
  const lines: string[] = [];
  const problems = report.results.filter((r) => statusTraits[r.status].problem);
  if (options.verbose === true && options.failures !== false && problems.length > 0) {
    lines.push('', 'Failures');
    for (const result of problems) lines.push(failureText(result, color));
  }
  lines.push('', 'Suites');
  for (const [suite, counts] of countsBy(report.results, (r) => [r.suite])) {
    lines.push(
      `  ${paint(worstOf(counts), statusTraits[worstOf(counts)].symbol)} ${suite} [${countText(counts)}]`,
    );
  }
  const findings = findingsByRule(report.results);
  if (findings.length > 0) {
    lines.push(
      '',
      `Findings by rule, most serious first: ${severityCounts(findings)} (details: --verbose, report.html)`,
    );
    for (const finding of findings) lines.push(...findingLines(finding, report, paint));
  }
  const rules = [...rulesOf(report.results).values()]
    .filter(() => options.verbose === true)
    .sort((a, b) => rank(worstOf(a.counts)) - rank(worstOf(b.counts)) || a.id.localeCompare(b.id));
  if (rules.length > 0) {
    lines.push('', 'Rules');
    for (const group of rules) {
      const status = worstOf(group.counts);
      const about = [group.title, group.section === '' ? '' : `(§${group.section})`].filter((t) => t !== '');
      lines.push(
        `  ${paint(status, statusTraits[status].symbol)} ${group.id} [${countText(group.counts)}]${about.length > 0 ? ` ${about.join(' ')}` : ''}`,
      );
    }
  }
  lines.push(...baselineLines(report));
  const s = report.summary;
  const elapsed = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  lines.push(
    '',
    `${s.total} results: ${statuses.map((status) => paint(status, `${s[status]} ${status}`)).join(', ')}` +
      (Number.isFinite(elapsed) ? ` in ${formatDuration(Math.max(0, elapsed))}` : ''),
  );
  lines.push(`${report.target.name}: ${verdictText(report)}`, '');
  return lines.join('\n');
}

/** The rules and cells of each severity, e.g. `2 security rules (18 cells), 1 format rule (3 cells)`. */
function severityCounts(findings: readonly RuleFinding[]): string {
  const groups = new Map<string, { rules: number; cells: number }>();
  for (const f of findings) {
    const key = f.severity ?? 'unrated';
    const group = groups.get(key) ?? { rules: 0, cells: 0 };
    group.rules += 1;
    group.cells += f.cellCount;
    groups.set(key, group);
  }
  return [...groups]
    .map(
      ([key, g]) =>
        `${g.rules} ${key} rule${g.rules === 1 ? '' : 's'} (${g.cells} cell${g.cells === 1 ? '' : 's'})`,
    )
    .join(', ');
}

/** Longest message on a case's line; the rest is in `--verbose` and the HTML report. */
const maxMessageChars = 160;

/** A rule's line (severity, id, counts, title), then one line per failing case. */
function findingLines(
  finding: RuleFinding,
  report: RunReport,
  paint: (status: Status, text: string) => string,
): string[] {
  const cells = `${finding.cases.length} case${finding.cases.length === 1 ? '' : 's'}, ${finding.cellCount} cell${finding.cellCount === 1 ? '' : 's'}`;
  const severity = finding.severity === undefined ? '' : `${finding.severity.toUpperCase()} `;
  const head = `  ${paint(finding.status, statusTraits[finding.status].symbol)} ${severity}${finding.id} [${cells}] ${finding.title}`;
  return [head, ...finding.cases.map((one) => `    ${caseLine(one, report, paint)}`)];
}

/**
 * One failing case on one line: its status, the case, its cells summarised (`v1.4.2, v1.6.2 × 10101,
 * 20202: 4 of 6 cells`) and its first message, cut.
 */
function caseLine(
  one: CaseFinding,
  report: RunReport,
  paint: (status: Status, text: string) => string,
): string {
  const status: Status = one.cells.some((r) => r.status === 'errored')
    ? 'errored'
    : one.cells.some((r) => r.status === 'failed')
      ? 'failed'
      : 'advisory';
  const messages = [...new Set(one.cells.map((r) => r.failure?.message ?? r.reason ?? ''))];
  const first = messages[0] ?? '';
  const message = first.length > maxMessageChars ? `${first.slice(0, maxMessageChars - 1)}…` : first;
  const more =
    messages.length > 1 ? ` (+${messages.length - 1} other message${messages.length === 2 ? '' : 's'})` : '';
  return `${paint(status, statusTraits[status].symbol)} ${one.suite}/${one.case} [${cellsSummary(one.cells, report)}: ${one.cells.length} of ${one.all.length} cells] ${message}${more}`;
}

/**
 * The cells of a case in few words: `every version × 10101` or `v1, v1.4.2 × 10101, 20202` when they
 * form a cross product, else each cell (`v1·10101, v1.6.2·20202`).
 */
export function cellsSummary(cells: readonly CaseRef[], report: Pick<RunReport, 'matrix'>): string {
  const versions = [...new Set(cells.map((c) => c.version))];
  const institutions = [...new Set(cells.map((c) => c.institution))];
  const keys = new Set(cells.map((c) => `${c.version} ${c.institution}`));
  if (keys.size === versions.length * institutions.length) {
    const all = (values: string[], of: readonly string[], word: string): string =>
      of.length > 1 && of.every((v) => values.includes(v)) ? `every ${word}` : values.join(', ');
    return `${all(versions, report.matrix.versions, 'version')} × ${all(institutions, report.matrix.institutions, 'institution')}`;
  }
  return cells.map((c) => `${c.version}·${c.institution}`).join(', ');
}

/** A failed or errored cell in full: status, cell, rules, message, expected and actual. */
function failureText(result: CaseResult, color: boolean): string {
  const head = `${paintStatus(color, result.status, `${statusTraits[result.status].symbol} ${result.status.toUpperCase()}`)} ${cellLabel(result)}`;
  const lines = [head];
  if (result.rules.length > 0) lines.push(`    rules: ${result.rules.map((rule) => rule.id).join(', ')}`);
  const failure = result.failure;
  const message = failure?.message ?? result.reason;
  if (message !== undefined) lines.push(`    ${message}`);
  if (failure !== undefined && 'expected' in failure)
    lines.push(indent('expected: ', formatValue(failure.expected)));
  if (failure !== undefined && 'actual' in failure)
    lines.push(indent('actual:   ', formatValue(failure.actual)));
  return lines.join('\n');
}

/** The baseline's part of the summary: accepted deviations, fixed ones, new ones. */
function baselineLines(report: RunReport): string[] {
  const baseline = report.baseline;
  if (baseline === undefined) return [];
  const label = deviationLabel;
  const lines = ['', `Baseline ${baseline.file}`];
  for (const d of baseline.accepted) lines.push(`  accepted: ${label(d)}`);
  for (const d of baseline.fixed)
    lines.push(`  no longer deviates: ${label(d)} — remove it from the baseline`);
  for (const d of baseline.unexpected) lines.push(`  new deviation: ${label(d)}`);
  if (baseline.accepted.length + baseline.fixed.length + baseline.unexpected.length === 0)
    lines.push('  no deviation, none accepted');
  return lines;
}

function paintStatus(color: boolean, status: Status, text: string): string {
  return color ? `\x1b[${statusTraits[status].color}m${text}\x1b[0m` : text;
}

/**
 * Ordering of statuses in summaries, the one that describes a group first: errors, failures, other
 * problems, accepted deviations, passes, then what did not run (a group with one pass shows ✓).
 */
function rank(status: Status): number {
  if (status === 'errored') return 0;
  if (status === 'failed') return 1;
  if (statusTraits[status].problem) return 2;
  if (status === 'accepted') return 3;
  return status === 'passed' ? 4 : 5;
}

/** The status that best describes a group: the first problem status present, else passed, else any. */
function worstOf(counts: Summary): Status {
  const present = statuses.filter((status) => counts[status] > 0);
  return present.sort((a, b) => rank(a) - rank(b))[0] ?? 'not-applicable';
}

/** Counts per key (a cell may count under several keys). */
function countsBy(
  results: readonly CaseResult[],
  keys: (result: CaseResult) => readonly string[],
): Map<string, Summary> {
  const groups = new Map<string, Summary>();
  for (const result of results) {
    for (const key of keys(result)) {
      const counts = groups.get(key) ?? emptySummary();
      counts[result.status] += 1;
      counts.total += 1;
      groups.set(key, counts);
    }
  }
  return groups;
}

interface RuleGroup {
  id: string;
  title: string;
  section: string;
  counts: Summary;
}

/** Groups cells by rule; a cell checking several rules counts under each, cells without rules under `(no rule)`. */
function rulesOf(results: readonly CaseResult[]): Map<string, RuleGroup> {
  const groups = new Map<string, RuleGroup>();
  for (const result of results) {
    const rules = result.rules.length > 0 ? result.rules : [{ id: '(no rule)', title: '', section: '' }];
    for (const rule of rules) {
      const group = groups.get(rule.id) ?? { ...rule, counts: emptySummary() };
      group.counts[result.status] += 1;
      group.counts.total += 1;
      groups.set(rule.id, group);
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
  const pad = ' '.repeat(4 + label.length);
  return `    ${label}${text.split('\n').join(`\n${pad}`)}`;
}
