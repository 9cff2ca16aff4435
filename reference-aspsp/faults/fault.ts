/**
 * What catches a fault in `stet-harness selftest`: `suites`, the suite cases tagged with one of its
 * rules (the default); `versions`, those cases and also the deprecation calendar check of
 * `stet-harness versions` (harness/versions), run against a reference whose calendar has
 * decommissioned v1.
 */
export type FaultCheck = 'suites' | 'versions';

/**
 * One deliberate deviation the reference can be started with (`serve --fault NAME`, `run --fault`),
 * so the harness can prove that the suite meant to catch it does (docs/contracts.md §12). The
 * catalogue holds these under their kebab-case names (faults/catalogue.ts).
 */
export interface FaultEntry {
  /** What the deviating bank does, in the words of a bug report. */
  readonly description: string;
  /** Ids of spec/rules.yaml the deviation breaks: a case checking one of them must fail. */
  readonly rules: readonly string[];
  /** The check that must catch it; absent means `suites`. */
  readonly killedBy?: FaultCheck;
}
