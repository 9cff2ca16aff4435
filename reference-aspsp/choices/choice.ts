/**
 * Which bank the reference plays where the seed is silent: `reference`, the readings of
 * spec/rules.yaml's `basis: choice` rules (what the suites check, strictly with `run --strict`), or
 * `alternate`, a second bank that makes the other, seed-true choice of every one of them
 * (`serve --choices alternate`; a default run against it gives advisory findings and no failure).
 */
export type ChoiceBank = 'reference' | 'alternate';

/** The banks, in the order `--choices` lists them. */
export const choiceBanks: readonly ChoiceBank[] = ['reference', 'alternate'];

/** True when `name` names a bank of {@link ChoiceBank}. */
export function isChoiceBank(name: string): name is ChoiceBank {
  return (choiceBanks as readonly string[]).includes(name);
}

/**
 * The two behaviours of one choice rule: the reference's and the alternate bank's, of one type (a
 * value, a function, an object of functions) that domain code receives resolved and calls without
 * knowing which bank it plays.
 */
export interface ChoiceEntry<T> {
  /** What the rule's title says: the reference's reading. */
  readonly reference: T;
  /** The rule's `alternate:` in spec/rules.yaml: another seed-true behaviour. */
  readonly alternate: T;
}

/**
 * One entry of a family's table, its type given once so both behaviours are checked against it:
 *
 * ```ts
 * 'BAD-OVERSIZED-BODY': choice<BodyLimit>({ reference: { bytes: 65_536, status: 413 }, alternate: … }),
 * ```
 */
export function choice<T>(entry: ChoiceEntry<T>): ChoiceEntry<T> {
  return entry;
}
