import { checkFilter, FilterError, type RunFilter, type Target } from '../harness/index.ts';
import type { SuiteDefinition } from '../harness/suite/suite-definition.ts';
import { didYouMeanSentence } from './did-you-mean.ts';

/**
 * {@link checkFilter}, with a "did you mean" for a typo: a filter value naming no suite, case, rule,
 * tag, version or institution but close to one is refused (`ERR_FILTER_UNKNOWN`, exit 2) with the
 * close ids instead of the list of every valid one; a value close to nothing keeps the full list.
 */
export function checkFilterWithSuggestions(
  filter: RunFilter,
  suites: readonly SuiteDefinition[],
  target?: Pick<Target, 'versions' | 'institutions'>,
): void {
  try {
    checkFilter(filter, suites, target);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    const suggestion = firstSuggestion(filter, suites, target);
    if (suggestion === undefined) throw error;
    throw new FilterError(
      'ERR_FILTER_UNKNOWN',
      `unknown ${suggestion.kind} ${suggestion.typed}: ${suggestion.sentence}`,
      {
        hint: `\`stet-harness list\` shows every suite, case and rule; fix the --${suggestion.kind} option`,
        cause: error,
      },
    );
  }
}

/** Up to this many valid ids, the message lists them all after the suggestion. */
const shortList = 10;

interface Suggestion {
  readonly kind: string;
  readonly typed: string;
  readonly sentence: string;
}

/** The first unknown filter value close to a known id, in the order checkFilter checks the kinds. */
function firstSuggestion(
  filter: RunFilter,
  suites: readonly SuiteDefinition[],
  target: Pick<Target, 'versions' | 'institutions'> | undefined,
): Suggestion | undefined {
  const caseIds = suites.flatMap((s) => s.cases.flatMap((c) => [c.id, `${s.suite}/${c.id}`]));
  const ruleIds = [...new Set(suites.flatMap((s) => s.cases.flatMap((c) => c.rules)))].sort();
  const tags = [...new Set(suites.flatMap((s) => s.cases.flatMap((c) => c.tags)))].sort();
  const kinds: [string, readonly string[], readonly string[]][] = [
    ['suite', filter.suites, suites.map((s) => s.suite)],
    ['case', filter.cases ?? [], caseIds],
    // A prefix (`AIS-TRX-*`) is not a typo of one id.
    ['rule', filter.rules.filter((r) => !r.endsWith('*') && !r.endsWith('-')), ruleIds],
    ['tag', filter.tags, tags],
    ['version', target === undefined ? [] : filter.versions, target?.versions ?? []],
    [
      'institution',
      target === undefined ? [] : filter.institutions,
      target?.institutions.map((i) => i.code) ?? [],
    ],
  ];
  for (const [kind, values, known] of kinds) {
    for (const typed of values) {
      if (known.includes(typed)) continue;
      const suggested = didYouMeanSentence(typed, known);
      if (suggested === undefined) continue;
      // A short list is worth showing whole beside the suggestion (versions, institutions).
      const sentence = known.length <= shortList ? `${suggested} (valid: ${known.join(', ')})` : suggested;
      return { kind, typed, sentence };
    }
  }
  return undefined;
}
