/**
 * # Choices: the reference bank and the alternate bank
 *
 * Where the seed is silent or says "not shown", the reference had to choose (a `basis: choice` rule
 * of spec/rules.yaml). `serve --choices alternate` plays a second bank that makes, for every one of
 * those rules, the other seed-true choice the rule's `alternate:` describes, so a run proves that a
 * bank choosing otherwise is reported advisory, never failed (docs/verdicts.md).
 *
 * Variation by substitution, not by flags: each choice rule has one entry here holding the two
 * behaviours (a value, a function, an object of functions) of one type; the server resolves them
 * once at start-up ({@link resolveChoices}) and domain code receives the resolved behaviour through
 * `ctx.choices` (or its service's `choices`), asking it by rule id:
 *
 * ```ts
 * const allow = ctx.choices.of('ERR-405-ALLOW')(methods); // never "is the alternate on?"
 * ```
 *
 * Adding a family's choices:
 * 1. write `choices/<family>-choices.ts` exporting `<family>Choices = { 'RULE-ID': choice<Type>({
 *    reference, alternate }), … } as const` — the rule id is the key, `choice<Type>` checks both
 *    behaviours against one type;
 * 2. import it below and add it to {@link choiceFamilies} and to `entries` (one line each);
 * 3. read the behaviour where it happens with `choices.of('RULE-ID')`, and give the rule its
 *    `alternate:` line in spec/rules.yaml.
 *
 * test/unit/reference-aspsp/choices checks that every choice rule has an entry, that every entry
 * names a choice rule, and that no id is declared by two families.
 */
import type { ChoiceBank, ChoiceEntry } from './choice.ts';
import { badChoices } from './bad-choices.ts';
import { errChoices } from './err-choices.ts';
import { fbkChoices } from './fbk-choices.ts';
import { regChoices } from './reg-choices.ts';
import { trnChoices } from './trn-choices.ts';
import { aisChoices } from './ais-choices.ts';
import { cbpChoices } from './cbp-choices.ts';
import { cnsChoices } from './cns-choices.ts';
import { qtaChoices } from './qta-choices.ts';
import { tokChoices } from './tok-choices.ts';
import { pisChoices } from './pis-choices.ts';

export { choice, choiceBanks, isChoiceBank, type ChoiceBank, type ChoiceEntry } from './choice.ts';

/** Every family's table, for the test that no rule id is declared twice. */
export const choiceFamilies: readonly Readonly<Record<string, ChoiceEntry<unknown>>>[] = [
  trnChoices,
  errChoices,
  badChoices,
  regChoices,
  fbkChoices,
  aisChoices,
  cbpChoices,
  cnsChoices,
  qtaChoices,
  pisChoices,
  tokChoices,
];

const entries = {
  ...trnChoices,
  ...errChoices,
  ...badChoices,
  ...regChoices,
  ...fbkChoices,
  ...aisChoices,
  ...cbpChoices,
  ...cnsChoices,
  ...qtaChoices,
  ...tokChoices,
  ...pisChoices,
} as const;

/** The id of a choice rule the reference implements both ways. */
export type ChoiceRuleId = keyof typeof entries;

/** The behaviour of one choice rule, as domain code receives it. */
export type ChoiceBehaviour<K extends ChoiceRuleId> = (typeof entries)[K][ChoiceBank];

/**
 * The choices a reference was started with, resolved once and shared by every request's context
 * (`ctx.choices`), as the faults are (`ctx.faults`).
 */
export interface Choices {
  /** Which bank this is. For the start line and logs only: behaviour comes from {@link of}. */
  readonly bank: ChoiceBank;
  /** The behaviour of choice rule `id` in this bank. */
  of<K extends ChoiceRuleId>(id: K): ChoiceBehaviour<K>;
}

/** Every rule id of the table, in family order. */
export const choiceRuleIds: readonly string[] = Object.keys(entries);

/** The choices of `bank`. */
export function resolveChoices(bank: ChoiceBank): Choices {
  return {
    bank,
    of(id) {
      return entries[id][bank];
    },
  };
}

/** The reference's own choices: what unit tests give code that takes the choices. */
export const referenceChoices: Choices = resolveChoices('reference');
