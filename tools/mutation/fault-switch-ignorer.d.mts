/** Types of fault-switch-ignorer.mjs (plain JavaScript: Stryker's workers load it without tsx). */

/** The part of Babel's NodePath the ignorer reads. */
export interface IgnorerPath {
  readonly node: unknown;
  readonly parent?: unknown;
  readonly key?: string | number | null;
}

/** Says why the mutants under `path` are ignored, or undefined to keep them. */
export declare const faultSwitchIgnorer: { shouldIgnore(path: IgnorerPath): string | undefined };

/** The plugin declaration Stryker loads (`ignorers: ["fault-switch"]`). */
export declare const strykerPlugins: unknown[];
