import { CodedError } from '../lib/coded-error.ts';
import { faultCatalogue, isFaultName } from '../reference-aspsp/faults/catalogue.ts';
import { didYouMeanSentence } from './did-you-mean.ts';

/** A `--fault` name the reference does not know. */
export class FaultNameError extends CodedError<'ERR_FAULT_NAME'> {}

/**
 * Checks `--fault` names before anything starts (`serve`, `run`, `repro`): an unknown one is refused
 * (`ERR_FAULT_NAME`, exit 2) with the close names, not later by the reference as a nested start error.
 */
export function checkFaultNames(names: readonly string[]): void {
  for (const name of names) {
    if (isFaultName(name)) continue;
    const sentence = didYouMeanSentence(
      name,
      faultCatalogue.map((fault) => fault.name),
    );
    throw new FaultNameError(
      'ERR_FAULT_NAME',
      `unknown fault ${name}${sentence === undefined ? '' : `: ${sentence}`}`,
      {
        hint: '`stet-harness faults` lists every fault name',
      },
    );
  }
}
