/**
 * A constraint of the seed model: a small named function judging one answer (or one fact drawn from
 * answers) against one rule of spec/rules.yaml with `basis: seed`. It returns undefined when the
 * answer is one the seed allows, or the reason it is not. {@link enforce} turns a reason into a
 * {@link SeedViolation}, which fast-check shrinks and the run reports with the rule and its quote.
 */
import { CodedError } from '../../lib/coded-error.ts';
import { getRule } from '../../spec/lib/index.ts';
import type { HttpExchange } from '../client/stet-client.ts';
import { quoteExchange } from './answer.ts';

/** One judgement of the seed. */
export interface Constraint<I> {
  /** A stable dotted name, e.g. `tokens.expired-access-401`. */
  readonly name: string;
  /** The rule of spec/rules.yaml it judges (basis: seed). */
  readonly rule: string;
  /** Undefined when `input` is what the seed allows; else why not, in one sentence. */
  readonly judge: (input: I) => string | undefined;
}

/** Declares a constraint (see {@link Constraint}). */
export function constraint<I>(
  name: string,
  rule: string,
  judge: (input: I) => string | undefined,
): Constraint<I> {
  return Object.freeze({ name, rule, judge });
}

/** An answer the seed rules out: the finding of a sequence. */
export class SeedViolation extends CodedError<'ERR_FUZZ_MISMATCH'> {
  readonly constraint: string;
  readonly rule: string;

  constructor(options: { constraint: string; rule: string; reason: string; exchange: string }) {
    const quote = seedQuote(options.rule);
    super(
      'ERR_FUZZ_MISMATCH',
      `[${options.rule}] ${options.reason}${options.exchange === '' ? '' : ` (${options.exchange})`}${
        quote === undefined ? '' : `\nseed: "${quote}"`
      }`,
    );
    this.constraint = options.constraint;
    this.rule = options.rule;
  }
}

/** The seed sentence a rule quotes (undefined for a rule of our choice, which no constraint may cite). */
export function seedQuote(rule: string): string | undefined {
  const basis = getRule(rule)?.basis;
  return basis?.kind === 'seed' ? basis.quote : undefined;
}

/** How many answers each constraint judged since {@link resetJudgements} (a run's figures). */
const judgements = new Map<string, number>();

/** The count of answers judged per constraint name. */
export function judgementCounts(): ReadonlyMap<string, number> {
  return judgements;
}

/** Starts the counts of {@link judgementCounts} again. */
export function resetJudgements(): void {
  judgements.clear();
}

/** Judges `input`; throws a {@link SeedViolation} naming the rule when the seed rules it out. */
export function enforce<I>(judged: Constraint<I>, input: I, exchange?: HttpExchange): void {
  judgements.set(judged.name, (judgements.get(judged.name) ?? 0) + 1);
  const reason = judged.judge(input);
  if (reason === undefined) return;
  throw new SeedViolation({
    constraint: judged.name,
    rule: judged.rule,
    reason,
    exchange: quoteExchange(exchange),
  });
}
