/**
 * `docs/errors.md`: the page of every error code, generated from the registry `lib/error-codes.ts` by
 * `npm run spec:build` and compared by `npm run spec:check`, so the page never disagrees with the code.
 */
import { errorCodes, type ErrorArea, type ErrorCodeEntry } from '../../lib/error-codes.ts';
import { writeOrCheck } from './generated-file.ts';

/** The page, relative to `spec/` as {@link writeOrCheck} takes it. */
const PAGE = '../docs/errors.md';

const areaTitles: Readonly<Record<ErrorArea, string>> = {
  cli: 'Command line (`cli/`)',
  harness: 'Suites, targets, runs and reports (`harness/`)',
  traffic: 'Traffic tools (`traffic/`)',
  load: 'Load (`load/`)',
  'reference-aspsp': 'Reference bank (`reference-aspsp/`)',
  spec: 'Specification library (`spec/`)',
  protocol: 'Signatures and certificates (`protocol/`)',
  pki: 'Test PKI (`pki/`)',
  tools: 'Maintenance tools (`tools/`)',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The generated text of `docs/errors.md`. */
export function errorsPageText(codes: Readonly<Record<string, ErrorCodeEntry>> = errorCodes): string {
  const entries = Object.entries(codes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const sections = (Object.keys(areaTitles) as ErrorArea[]).flatMap((area) => {
    const rows = entries
      .filter(([, entry]) => entry.area === area)
      .map(([code, e]) => `| \`${code}\` | ${e.exit} | ${cell(e.meaning)} | ${cell(e.hint)} |`);
    if (rows.length === 0) return [];
    return [
      `## ${areaTitles[area]}`,
      '',
      '| code | exit | meaning | what to do |',
      '|---|---|---|---|',
      ...rows,
      '',
    ];
  });
  return [
    '<!-- Generated from lib/error-codes.ts by npm run spec:build - do not edit; npm run spec:check compares. -->',
    '',
    '# Error codes',
    '',
    'Every error the tool raises on purpose carries a stable code (never renamed, never reused) and a hint.',
    'The CLI prints `stet-harness: error CODE: message` and `hint: …` on stderr and exits with the status',
    'below: **2** when the harness could not do its job (bad input, unreachable host, broken file), never',
    'a stack trace; **1** when the error is a finding about the bank. A case of a run that the harness',
    'could not judge is `errored`, its failure message starting with one of these codes. Tests and',
    'scripts branch on the code, never on the message.',
    '',
    `${entries.length} codes, by the folder that raises them.`,
    '',
    ...sections,
  ].join('\n');
}

/** Writes (or with `check`, compares) `docs/errors.md`; the problem found, or undefined. */
export function buildErrorsDoc(check: boolean): string | undefined {
  return writeOrCheck(PAGE, errorsPageText(), check)
    ? undefined
    : 'docs/errors.md differs from lib/error-codes.ts: run npm run spec:build';
}
