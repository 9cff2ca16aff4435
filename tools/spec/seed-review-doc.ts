/**
 * The review of the seed quotes in `docs/verdicts.md` (issue 30): every rule of `spec/rules.yaml` with a
 * review (`asserts:` and `review:`; every seed rule has one), what its checks assert, its quote and the
 * verdict, written between two markers by `npm run spec:build` and compared by `npm run spec:check`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { listRules } from '../../spec/lib/rules.ts';
import type { ReviewVerdict, Rule } from '../../spec/lib/rules.ts';
import { verdictsPagePath } from './choices-doc.ts';

const start = '<!-- seed-review:start (generated from spec/rules.yaml by npm run spec:build) -->';
const end = '<!-- seed-review:end -->';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function verdictText(verdict: ReviewVerdict): string {
  if (verdict.kind === 'split') return `split into ${verdict.into.map((id) => `\`${id}\``).join(', ')}`;
  return verdict.kind === 'requoted' ? 'quote changed' : verdict.kind;
}

/** The generated table: one row per reviewed rule, in catalogue order. */
export function seedReviewTable(rules: readonly Rule[]): string {
  const rows = rules.flatMap((rule) =>
    rule.review === undefined
      ? []
      : [
          `| \`${rule.id}\` | ${cell(rule.review.asserts)} | ${rule.basis.kind === 'seed' ? `"${cell(rule.basis.quote)}"` : `(choice) ${cell(rule.basis.reason)}`} | ${verdictText(rule.review.verdict)} |`,
        ],
  );
  return ['| rule | what its checks assert | the quote | verdict |', '|---|---|---|---|', ...rows].join('\n');
}

/**
 * The review's own consistency: every seed rule reviewed, a split naming choice rules that exist, a
 * reclassified rule a choice and an `ok` or requoted one a seed rule.
 */
export function seedReviewProblems(rules: readonly Rule[]): string[] {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  return rules.flatMap((rule): string[] => {
    const review = rule.review;
    if (review === undefined)
      return rule.basis.kind === 'seed'
        ? [
            `rule ${rule.id}: a seed rule without asserts: and review: (docs/verdicts.md, Seed quotes reviewed)`,
          ]
        : [];
    const { verdict } = review;
    if (verdict.kind === 'reclassified')
      return rule.basis.kind === 'choice' ? [] : [`rule ${rule.id}: review reclassified but basis: seed`];
    if (rule.basis.kind !== 'seed') return [`rule ${rule.id}: review ${verdict.kind} but basis: choice`];
    if (verdict.kind !== 'split') return [];
    return verdict.into.flatMap((id) =>
      byId.get(id)?.basis.kind === 'choice'
        ? []
        : [`rule ${rule.id}: split into ${id}, which is no choice rule`],
    );
  });
}

/** `page` with the text between the markers replaced by the table; undefined when a marker is missing. */
export function withSeedReview(page: string, rules: readonly Rule[]): string | undefined {
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) return undefined;
  return `${page.slice(0, from + start.length)}\n${seedReviewTable(rules)}\n${page.slice(to)}`;
}

/** Writes (or with `check`, compares) the table in the page; the problems found. */
export function buildSeedReviewDoc(check: boolean): string[] {
  const path = verdictsPagePath();
  if (!existsSync(path)) return ['docs/verdicts.md is missing'];
  const rules = listRules();
  const problems = seedReviewProblems(rules);
  const page = readFileSync(path, 'utf8');
  const next = withSeedReview(page, rules);
  if (next === undefined) return [...problems, `docs/verdicts.md lacks the markers ${start} … ${end}`];
  if (next === page) return problems;
  if (check)
    return [
      ...problems,
      'docs/verdicts.md reviews other seed quotes than spec/rules.yaml: run npm run spec:build',
    ];
  writeFileSync(path, next);
  return problems;
}
