/**
 * The list of our choices in `docs/verdicts.md`: every `basis: choice` rule of `spec/rules.yaml` with
 * its reason, written between two markers by `npm run spec:build` and compared by `npm run spec:check`
 * (the page never disagrees with the catalogue).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { listRules } from '../../spec/lib/rules.ts';
import type { Rule } from '../../spec/lib/rules.ts';
import { specPath } from '../../spec/lib/spec-files.ts';

const start = '<!-- choices:start (generated from spec/rules.yaml by npm run spec:build) -->';
const end = '<!-- choices:end -->';

/** The page, `docs/verdicts.md`. */
export function verdictsPagePath(): string {
  return specPath('../docs/verdicts.md');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/**
 * The generated table: one row per choice rule, in catalogue order, with what the alternate bank
 * (`serve --choices alternate`) does instead.
 */
export function choicesTable(rules: readonly Rule[]): string {
  const rows = rules.flatMap((rule) =>
    rule.basis.kind === 'choice'
      ? [
          `| \`${rule.id}\` | ${cell(rule.title)} | ${cell(rule.basis.reason)} | ${cell(rule.basis.alternate)} |`,
        ]
      : [],
  );
  return [
    '| rule | what the check expects | why it is our choice | what the alternate bank does |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** `page` with the text between the markers replaced by the table; undefined when a marker is missing. */
export function withChoices(page: string, rules: readonly Rule[]): string | undefined {
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) return undefined;
  return `${page.slice(0, from + start.length)}\n${choicesTable(rules)}\n${page.slice(to)}`;
}

/** Writes (or with `check`, compares) the list in the page; the problem found, or undefined. */
export function buildChoicesDoc(check: boolean): string | undefined {
  const path = verdictsPagePath();
  if (!existsSync(path)) return 'docs/verdicts.md is missing';
  const page = readFileSync(path, 'utf8');
  const next = withChoices(page, listRules());
  if (next === undefined) return `docs/verdicts.md lacks the markers ${start} … ${end}`;
  if (next === page) return undefined;
  if (check) return 'docs/verdicts.md lists other choices than spec/rules.yaml: run npm run spec:build';
  writeFileSync(path, next);
  return undefined;
}
