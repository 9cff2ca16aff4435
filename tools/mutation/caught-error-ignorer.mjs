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

export const caughtErrorIgnorer = {
  /** Ignores the first argument (the message) of `new <listed error>(…)`. */
  shouldIgnore(path) {
    const { parent, listKey, key } = path;
    if (parent?.type !== 'NewExpression' || listKey !== 'arguments' || key !== 0) return undefined;
    const callee = parent.callee;
    return callee?.type === 'Identifier' ? caughtErrors.get(callee.name) : undefined;
  },
};

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'caught-error-message', caughtErrorIgnorer),
];
