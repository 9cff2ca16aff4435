/** Types of caught-error-ignorer.mjs (plain JavaScript: Stryker's workers load it without tsx). */
import type { IgnorerPath } from './fault-switch-ignorer.d.mts';

/** Error classes whose message the bank never sends, each with the reason. */
export declare const caughtErrors: ReadonlyMap<string, string>;

/** DER reader functions whose argument at that position only names a field in a DerError message. */
export declare const messageLabelArguments: ReadonlyMap<string, number>;

/** Says why the mutants under `path` are ignored, or undefined to keep them. */
export declare const caughtErrorIgnorer: {
  shouldIgnore(path: IgnorerPath & { readonly listKey?: string | null }): string | undefined;
};

/** The plugin declaration Stryker loads (`ignorers: ["caught-error-message"]`). */
export declare const strykerPlugins: unknown[];
