import { isChoiceBank, type ChoiceBank } from '../reference-aspsp/choices/choice.ts';

/**
 * `--choices <bank>` of `serve` and `run`: `reference` or `alternate` (reference-aspsp/choices);
 * anything else is the command's option error (exit 2), made by `refuse`. choice.ts alone is read:
 * the reference itself loads only when a command starts it.
 */
export function parseChoicesOption(
  value: string,
  refuse: (message: string, hint: string) => Error,
): ChoiceBank {
  if (!isChoiceBank(value)) throw refuse(`--choices ${value} is unknown`, 'use reference or alternate');
  return value;
}
