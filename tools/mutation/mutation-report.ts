/**
 * Reading Stryker's JSON report (the mutation-testing-report-schema) and the per-folder figures the
 * mutation scripts print. Parsed, not cast: only the fields used here are checked.
 */
import { readFileSync } from 'node:fs';
import { CodedError } from '../../lib/coded-error.ts';
import { advisoryOnlyPrefix } from './suites-test-runner.mjs';

/** A mutant's outcome as the report schema names it. */
export type MutantStatus =
  'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

const mutantStatuses: readonly string[] = [
  'Killed',
  'Survived',
  'NoCoverage',
  'Timeout',
  'CompileError',
  'RuntimeError',
  'Ignored',
  'Pending',
];

/** One mutant of a report: where, what, and its outcome. */
export interface ReportMutant {
  id: string;
  mutatorName: string;
  status: MutantStatus;
  line: number;
  replacement: string | undefined;
  /** Killed by advisory results only (a check of a `basis: choice` rule): a `--strict` run's kill. */
  advisoryOnly: boolean;
}

/** A report reduced to what the figures need: the mutants of every file (paths from the project root). */
export interface MutationReport {
  files: Map<string, ReportMutant[]>;
  /** The raw JSON, kept so a merged report can be written back whole. */
  raw: Record<string, unknown>;
}

/** The report file is missing or not a mutation-testing report. */
export class MutationReportError extends CodedError<'ERR_MUTATION_REPORT'> {}

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseMutant(value: unknown, where: string): ReportMutant {
  if (!isObject(value)) throw invalid(`${where}: a mutant is not an object`);
  const { id, mutatorName, status, location, replacement, statusReason } = value;
  if (typeof id !== 'string' || typeof mutatorName !== 'string')
    throw invalid(`${where}: a mutant has no id or mutatorName`);
  if (typeof status !== 'string' || !mutantStatuses.includes(status))
    throw invalid(`${where}: mutant ${id} has status ${String(status)}`);
  const start = isObject(location) && isObject(location['start']) ? location['start']['line'] : undefined;
  return {
    id,
    mutatorName,
    status: status as MutantStatus,
    line: typeof start === 'number' ? start : 0,
    replacement: typeof replacement === 'string' ? replacement : undefined,
    advisoryOnly:
      status === 'Killed' && typeof statusReason === 'string' && statusReason.startsWith(advisoryOnlyPrefix),
  };
}

/** Parses a report's JSON text; throws `ERR_MUTATION_REPORT` when it is not one. */
export function parseMutationReport(text: string, source: string): MutationReport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (cause) {
    throw new MutationReportError('ERR_MUTATION_REPORT', `${source} is not JSON`, {
      cause,
      hint: 'run `npm run mutation` to write it again',
    });
  }
  if (!isObject(raw) || !isObject(raw['files'])) throw invalid(`${source} has no "files" object`);
  const files = new Map<string, ReportMutant[]>();
  for (const [path, file] of Object.entries(raw['files'])) {
    const mutants = isObject(file) ? file['mutants'] : undefined;
    if (!Array.isArray(mutants)) throw invalid(`${source}: ${path} has no mutants list`);
    files.set(
      path,
      mutants.map((m) => parseMutant(m, `${source}: ${path}`)),
    );
  }
  return { files, raw };
}

/** Reads and parses a report file. */
export function readMutationReport(path: string): MutationReport {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new MutationReportError('ERR_MUTATION_REPORT', `cannot read ${path}`, {
      cause,
      hint: 'run `npm run mutation` first',
    });
  }
  return parseMutationReport(text, path);
}

function invalid(message: string): MutationReportError {
  return new MutationReportError('ERR_MUTATION_REPORT', message, {
    hint: 'the file must be a Stryker JSON report (mutation-testing-report-schema)',
  });
}

/** Counts of one folder (or of everything). */
export interface FolderFigures {
  folder: string;
  files: number;
  killed: number;
  /** Of `killed`, those only advisory results saw (a `--strict` run fails, a default run does not). */
  advisoryKilled: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Ignored (static mutants), compile and runtime errors: outside the score, as Stryker counts. */
  excluded: number;
  /** Stryker's mutation score: detected / (detected + undetected), in percent; undefined with no mutant. */
  score: number | undefined;
  /** The score of a default (not `--strict`) run: advisory-only kills counted as survivors. */
  seedScore: number | undefined;
}

/** The folder a file is counted under: `reference-aspsp/<domain>` or its top folder (`protocol`). */
export function folderOf(path: string): string {
  const parts = path.split('/');
  return parts[0] === 'reference-aspsp' && parts.length > 2 ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
}

function figuresOf(folder: string, files: ReadonlyArray<readonly ReportMutant[]>): FolderFigures {
  const f: FolderFigures = {
    folder,
    files: files.length,
    killed: 0,
    advisoryKilled: 0,
    timeout: 0,
    survived: 0,
    noCoverage: 0,
    excluded: 0,
    score: undefined,
    seedScore: undefined,
  };
  for (const m of files.flat()) {
    if (m.advisoryOnly) f.advisoryKilled += 1;
    if (m.status === 'Killed') f.killed += 1;
    else if (m.status === 'Timeout') f.timeout += 1;
    else if (m.status === 'Survived') f.survived += 1;
    else if (m.status === 'NoCoverage') f.noCoverage += 1;
    else f.excluded += 1;
  }
  const detected = f.killed + f.timeout;
  const valid = detected + f.survived + f.noCoverage;
  f.score = valid === 0 ? undefined : (100 * detected) / valid;
  f.seedScore = valid === 0 ? undefined : (100 * (detected - f.advisoryKilled)) / valid;
  return f;
}

/** Figures per folder (sorted), then the total as the last entry (folder `total`). */
export function folderFigures(report: MutationReport): FolderFigures[] {
  const byFolder = new Map<string, ReportMutant[][]>();
  for (const [path, mutants] of report.files) {
    const folder = folderOf(path);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), mutants]);
  }
  const rows = [...byFolder.keys()].sort().map((folder) => figuresOf(folder, byFolder.get(folder) ?? []));
  return [...rows, figuresOf('total', [...report.files.values()])];
}

/** The figures as a fixed-width table. */
export function formatFigures(rows: readonly FolderFigures[]): string {
  const header = [
    'folder',
    'files',
    'killed',
    'of which advisory',
    'timeout',
    'survived',
    'no cov',
    'excluded',
    'score',
    'seed-only score',
  ];
  const percent = (value: number | undefined): string => (value === undefined ? '-' : `${value.toFixed(1)}%`);
  const lines = rows.map((r) => [
    r.folder,
    String(r.files),
    String(r.killed),
    String(r.advisoryKilled),
    String(r.timeout),
    String(r.survived),
    String(r.noCoverage),
    String(r.excluded),
    percent(r.score),
    percent(r.seedScore),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [format(header), ...lines.map(format)].join('\n');
}

/** Every surviving or uncovered mutant, one line each: `file:line status mutator → replacement`. */
export function formatSurvivors(report: MutationReport): string {
  const lines: string[] = [];
  for (const [path, mutants] of report.files) {
    for (const m of mutants) {
      if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
      const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80);
      lines.push(`${path}:${m.line} ${m.status} ${m.mutatorName} → ${replacement}`);
    }
  }
  return lines.join('\n');
}
