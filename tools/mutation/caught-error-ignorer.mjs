/**
 * A Stryker ignorer (stryker.config.json `ignorers: ["caught-error-message"]`): the message of an
 * error the bank always catches and turns into a refusal of its own never reaches a response, so a
 * mutant of it is unobservable through the API. Each error class is listed with the reason, checked
 * where it is caught. Plain JavaScript: Stryker's worker processes load plugins without a TypeScript
 * loader.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/** Error classes whose message the bank never sends, and why. */
export const caughtErrors = new Map([
  [
    'DerError',
    'unobservable: the bank turns any unreadable certificate into its own refusal (registration: FF01 ' +
      '"jwks x5c is not a PSD2 certificate"; a TLS client certificate: no role, ROLE_MISSING), never ' +
      'the DER error message',
  ],
]);

/**
 * Functions of the DER reader whose argument at the given position only names the field for a
 * DerError message (protocol/der.ts `expectTag`, `decodeString`; protocol/psd2-certificate.ts
 * `parseTime`): a mutant of that name is as unobservable as the message itself.
 */
export const messageLabelArguments = new Map([
  ['expectTag', 2],
  ['decodeString', 1],
  ['parseTime', 1],
]);

const labelReason =
  'unobservable: the field name only goes into a DerError message, which the bank never sends ' +
  '(see DerError above)';

export const caughtErrorIgnorer = {
  /**
   * Ignores the first argument (the message) of `new <listed error>(…)`, and the field-name argument
   * of a DER reader function that only puts it in such a message.
   */
  shouldIgnore(path) {
    const { parent, listKey, key } = path;
    if (listKey !== 'arguments' || parent?.callee?.type !== 'Identifier') return undefined;
    const name = parent.callee.name;
    if (parent.type === 'NewExpression') return key === 0 ? caughtErrors.get(name) : undefined;
    if (parent.type === 'CallExpression' && messageLabelArguments.get(name) === key) return labelReason;
    return undefined;
  },
};

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'caught-error-message', caughtErrorIgnorer),
];
