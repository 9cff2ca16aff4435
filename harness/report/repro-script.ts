/**
 * The bash script `stet-harness repro` writes: it runs one case × version × institution again
 * against a live target (exit 0 passes, 1 the failure is still there, 2 the harness could not run
 * it), then, when `ACCESS_TOKEN` is set, sends the case's requests one by one with
 * `stet-harness sign` (signed afresh, the target's certificates) for a developer to edit.
 *
 * Nothing in it is a placeholder that cannot run: the one-cell run needs nothing but the target;
 * a request of the run that carries a value the reports redact (a token, a code) other than the
 * bearer token is written as a comment saying so, not as a command.
 */
import type { CaseResult, TranscriptRequest } from './model.ts';
import { shellQuote } from './curl.ts';

/** What the script reproduces and how it calls the tool. */
export interface ReproScriptOptions {
  /** The cell as the last run left it (its steps and transcripts, `--transcripts all`). */
  readonly result: CaseResult;
  /** Absolute path of the target file; absent: the embedded reference with `faults`. */
  readonly targetFile?: string;
  readonly faults?: readonly string[];
  /** The shell words that start the tool (`node --import … bin/stet-harness.ts`). */
  readonly tool: readonly string[];
  /** Absolute path of the suites the case was read from (the script runs from any folder). */
  readonly suitesDir: string;
  /** The command line that wrote the script, for its header. */
  readonly writtenBy: string;
}

const redacted = /<redacted[^>]*>/;

/** The text of the script (POSIX bash, `set -u`), ending with the one-cell run's exit code. */
export function reproScript(options: ReproScriptOptions): string {
  const { result } = options;
  const cell = `${result.suite}/${result.case}`;
  const target =
    options.targetFile === undefined
      ? (options.faults ?? []).map((fault) => `--fault ${shellQuote(fault)}`)
      : [`--target ${shellQuote(options.targetFile)}`];
  const failedStep = result.steps.find((step) => step.status === 'failed' || step.status === 'errored');
  const lines = [
    '#!/usr/bin/env bash',
    `# Reproduces ${cell} (${result.title}) on ${result.version}, institution ${result.institution}.`,
    `# Written by: ${options.writtenBy}`,
    `# Last run: ${result.status}${failedStep === undefined ? '' : ` at step "${failedStep.name}"`}${
      result.failure === undefined ? '' : `: ${oneLine(result.failure.message)}`
    }`,
    '# Exit code: 0 the case passes, 1 it fails (the failure is still there), 2 it could not run.',
    'set -u',
    `stet() { ${options.tool.map(shellQuote).join(' ')} "$@"; }`,
    'out=$(mktemp -d)',
    '',
    '# 1. The case, this cell alone, against the live target: its verdict and failure.',
    [
      'stet run',
      ...target,
      `--suites ${shellQuote(options.suitesDir)}`,
      `--case ${shellQuote(cell)}`,
      `--version ${shellQuote(result.version)}`,
      `--institution ${shellQuote(result.institution)}`,
      '--model-runs 0 --reporter console,json --transcripts all --out "$out"',
    ].join(' \\\n  '),
    'status=$?',
    'echo "report of this run: $out/report.json" >&2',
  ];
  if (options.targetFile !== undefined) lines.push('', ...stepCommands(result, options.targetFile));
  lines.push('', 'exit "$status"', '');
  return lines.join('\n');
}

/**
 * The case's resource calls (those with a bearer token) as `stet sign` commands, run only when
 * ACCESS_TOKEN is set: the journey and token steps before them are what that token stands for.
 */
function stepCommands(result: CaseResult, targetFile: string): string[] {
  const persona = result.steps
    .map((step) => /persona (\S+)/.exec(step.name)?.[1])
    .find((p) => p !== undefined);
  const scope = result.steps
    .flatMap((step) => step.transcript)
    .map((entry) => scopeOf(entry.request.url))
    .find((found) => found !== undefined);
  const login = [
    'stet sign',
    `--target ${shellQuote(targetFile)}`,
    `--institution ${shellQuote(result.institution)}`,
    `--login ${shellQuote(persona ?? 'alice')}`,
    `--scope ${shellQuote(scope ?? 'aisp')}`,
  ].join(' ');
  const lines = [
    '# 2. The resource calls of the last run, one by one, each signed afresh (edit them: ids of the',
    "#    run's PSU may differ for another). They run when ACCESS_TOKEN is set, e.g. for a fresh sandbox",
    `#    PSU${persona === undefined ? '' : ` of persona ${persona}`}:`,
    `#    export ACCESS_TOKEN=$(${login} 2>/dev/null | sed -n 's/.*"access_token": "\\([^"]*\\)".*/\\1/p')`,
    'if [ -n "${ACCESS_TOKEN:-}" ]; then',
  ];
  let commands = 0;
  for (const step of result.steps) {
    for (const entry of step.transcript) {
      if (!hasBearer(entry.request)) continue;
      const command = signCommand(entry.request, result.institution, targetFile);
      lines.push(
        command === undefined
          ? `  # step "${oneLine(step.name)}": ${entry.request.method} ${pathOf(entry.request.url)} carries another value of the run the reports redact: not sent alone`
          : `  # step "${oneLine(step.name)}"\n  ${command}`,
      );
      if (command !== undefined) commands += 1;
    }
  }
  if (commands === 0) lines.push('  :');
  lines.push('fi');
  return lines;
}

function hasBearer(request: TranscriptRequest): boolean {
  return Object.entries(request.headers).some(
    ([name, value]) => name.toLowerCase() === 'authorization' && /^bearer /i.test(String(value)),
  );
}

/** The `scope` of an authorization request's URL (the journey's), if this is one. */
function scopeOf(url: string): string | undefined {
  try {
    return new URL(url).searchParams.get('scope')?.split(' ')[0] ?? undefined;
  } catch {
    return undefined;
  }
}

/** `stet sign …` for one recorded request, or undefined when it needs a redacted value. */
function signCommand(
  request: TranscriptRequest,
  institution: string,
  targetFile: string,
): string | undefined {
  const parts = [
    'stet sign',
    `--target ${shellQuote(targetFile)}`,
    `--institution ${shellQuote(institution)}`,
  ];
  // Signed afresh by sign: the recorded signature, digest, date and id are not sent again.
  const recomputed = new Set([
    'host',
    'content-length',
    'connection',
    'transfer-encoding',
    'signature',
    'digest',
    'date',
    'x-request-id',
    'authorization',
    // The PSU's request date of the last run: sign sends none unless given.
    'psu-date',
  ]);
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') {
      const text = Array.isArray(value) ? (value[0] ?? '') : value;
      if (/^bearer /i.test(text)) parts.push('--token "$ACCESS_TOKEN"');
      continue;
    }
    if (recomputed.has(lower)) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      if (redacted.test(one)) return undefined;
      if (lower === 'content-type') continue;
      parts.push(`-H ${shellQuote(`${name}: ${one}`)}`);
    }
  }
  const contentType = Object.entries(request.headers).find(([n]) => n.toLowerCase() === 'content-type')?.[1];
  const form = String(contentType ?? '').includes('x-www-form-urlencoded');
  if (request.body !== undefined && request.body !== '') {
    if (redacted.test(request.body)) return undefined;
    parts.push(`--data ${shellQuote(request.body)}`);
    if (form) parts.push('--form');
  }
  const path = pathOf(request.url);
  if (redacted.test(path)) return undefined;
  parts.push(shellQuote(request.method.toUpperCase()), shellQuote(path));
  return parts.join(' ');
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
