/**
 * One rule per assertion: which rule of `spec/rules.yaml` judges each expectation of a step, so a
 * miss is a failure or an advisory finding by that rule's basis alone (docs/verdicts.md, "One rule per
 * assertion"). The loader resolves every expectation of every suite with {@link resolveAssertionRule}
 * and refuses a suite where one cannot be resolved; the runner judges each miss by the same function.
 *
 * The order, first match wins:
 * 1. the rule the suite names on the assertion (`rule:` on a `json`/`every`/`links` item, a header or
 *    `text` check, a capture; `expect.rules.<kind>` for status, error, schema, text, pageFields and
 *    the step's outcome);
 * 2. the rule that owns the assertion's kind whatever the step checks ({@link kindRule}): the error
 *    body shapes, the media type, caching and `Allow` headers, an error code of ours; and the members
 *    of bodies the seed never shows (the error body's, error_description, the sandbox's problem);
 * 3. the step's one rule (`rules: [X]`), else the case's one rule, leaving out the rules of step 2
 *    (a case claims those for its error bodies or headers, they judge nothing else);
 * 4. among several rules of the step (or case) that all share one basis, the first: the verdict is
 *    the same whichever of them is named;
 * otherwise the assertion cannot be judged (seed and choice rules mixed, none named): a load error.
 */
import { lookupError } from '../../spec/lib/index.ts';
import type { ScalarAssertion } from './suite-definition.ts';

/** An assertion of a step, as far as its rule depends on it. */
export type Assertion =
  | { kind: Exclude<ScalarAssertion, 'schema' | 'error' | 'outcome'>; rule?: string | undefined }
  /** What the step's action must reach; `journey` the outcome a journey step is driven to. */
  | { kind: 'outcome'; journey?: string | undefined; rule?: string | undefined }
  | { kind: 'schema'; schema: string; rule?: string | undefined }
  | { kind: 'error'; code: string; rule?: string | undefined }
  | { kind: 'header'; name: string; rule?: string | undefined }
  | { kind: 'json' | 'every'; path: string; rule?: string | undefined }
  /** A capture: `path` when it reads the body by JSONPath, `header` when it reads a response header. */
  | { kind: 'capture'; path?: string | undefined; header?: string | undefined; rule?: string | undefined }
  | { kind: 'links'; rule?: string | undefined };

/** The basis of a rule id, or undefined for an unknown id. */
export type BasisOf = (id: string) => 'seed' | 'choice' | undefined;

/** Where an assertion sits: the rules its step and case claim. */
export interface AssertionScope {
  stepRules: readonly string[] | undefined;
  caseRules: readonly string[];
}

/** The rule that judges an assertion, or why none can. */
export type ResolvedRule = { ok: true; rule: string } | { ok: false; problem: string };

/** Error body shapes: the seed says "Error response body shape: not shown". */
const schemaRules: Readonly<Record<string, string>> = {
  ErrorModel: 'ERR-STET-BODY',
  OAuthError: 'ERR-OAUTH-BODY',
};

/** Response headers the seed never names: their checks are our choices. */
const headerRules: Readonly<Record<string, string>> = {
  'content-type': 'TRN-JSON-RESPONSES',
  'cache-control': 'TRN-NO-STORE',
  allow: 'ERR-405-ALLOW',
  'www-authenticate': 'TOK-WWW-AUTHENTICATE',
};

/**
 * JSON members the seed never shows, whose every check is a choice: the members of the STET error body
 * (the seed: "Error response body shape: not shown"; the code itself is the `error:` assertion's, found
 * wherever the body carries it), the RFC 6749 error_description's wording, and the sandbox's problem
 * member (RFC 9457 details next to the error body), judged by the step's own choice rule when it has one.
 */
const choicePaths: ReadonlyArray<{ path: RegExp; rule: string; stepChoiceFirst: boolean }> = [
  { path: /^\$\.(status|timestamp|path|message)$/, rule: 'ERR-STET-BODY', stepChoiceFirst: false },
  { path: /^\$\.error_description$/, rule: 'TOK-ERROR-DESCRIPTION', stepChoiceFirst: false },
  { path: /^\$\.problem(\.|\[|$)/, rule: 'ERR-SANDBOX-PROBLEM-MEMBERS', stepChoiceFirst: true },
  // The payment initiation's response is not shown: its consent link (STET's) is the reference's.
  { path: /^\$\._links\.consentApproval(\.|$)/, rule: 'PIS-INITIATE-RESPONSE', stepChoiceFirst: false },
];

/**
 * The rules about the sandbox's problem member: they judge checks under `$.problem` only, so a case
 * claiming one beside its seed rules leaves its other assertions to those.
 */
const problemRules: ReadonlySet<string> = new Set([
  'ERR-SANDBOX-PROBLEM-MEMBERS',
  'ERR-SANDBOX-PROBLEM-DETAIL',
  'PIS-SANDBOX-PROBLEM-DETAIL',
  'QTA-TMRQ-EXPLAINED-IN-SANDBOX',
]);

/** Every rule {@link kindRule} or the status refinement (runner/expectation-basis.ts) can name. */
const kindRules: ReadonlySet<string> = new Set([
  ...Object.values(schemaRules),
  ...Object.values(headerRules),
  ...choicePaths.map((c) => c.rule),
  ...problemRules,
  'ERR-REFERENCE-CODE',
  'ERR-STATUS-OF-CODE',
]);

/**
 * The rule that owns an assertion by its kind alone, whatever rules its step checks: the shape of an
 * error body, a response header the seed does not name, an error code the seed does not give for the
 * refusal (`origin: reference` or `codeIsChoice` in spec/errors.yaml). Undefined: the step decides.
 */
export function kindRule(assertion: Assertion): string | undefined {
  switch (assertion.kind) {
    case 'schema':
      return schemaRules[assertion.schema];
    case 'header':
      return headerRules[assertion.name.toLowerCase()];
    case 'outcome':
      // A journey left to time out ends only once the bank's screen timeout is over, whose length is
      // the bank's (the seed: "Callback is also called on refusal or interruption (e.g. screen timeout)").
      return assertion.journey === 'timeout' ? 'TOK-JOURNEY-SCREEN-TIMEOUT' : undefined;
    case 'capture':
      // The Location suites read is the payment initiation's, whose response the seed does not show.
      return assertion.header?.toLowerCase() === 'location' ? 'PIS-INITIATE-RESPONSE' : undefined;
    case 'error': {
      const entry = lookupError(assertion.code);
      return entry !== undefined && (entry.origin === 'reference' || entry.codeIsChoice)
        ? 'ERR-REFERENCE-CODE'
        : undefined;
    }
    default:
      return undefined;
  }
}

/** The one rule that judges `assertion` in `scope` (see the module comment for the order). */
export function resolveAssertionRule(
  assertion: Assertion,
  scope: AssertionScope,
  basisOf: BasisOf,
): ResolvedRule {
  if (assertion.rule !== undefined) return { ok: true, rule: assertion.rule };
  const owned = kindRule(assertion);
  if (owned !== undefined) return { ok: true, rule: owned };
  // A kind's own rule judges that kind only: a case claims it for its error bodies or headers.
  const claimed = scope.stepRules ?? scope.caseRules;
  const others = claimed.filter((id) => !kindRules.has(id));
  const path = 'path' in assertion ? assertion.path : undefined;
  const choicePath = path === undefined ? undefined : choicePaths.find((c) => c.path.test(path));
  if (choicePath !== undefined) {
    // The member is ours whatever the step checks.
    const stepChoice = choicePath.stepChoiceFirst
      ? (claimed.find((id) => problemRules.has(id)) ?? others.find((id) => basisOf(id) === 'choice'))
      : undefined;
    return { ok: true, rule: stepChoice ?? choicePath.rule };
  }
  const rules = others.length > 0 ? others : claimed;
  const [first] = rules;
  if (first === undefined) return { ok: false, problem: 'the case names no rule' };
  if (rules.length === 1) return { ok: true, rule: first };
  const bases = new Set(rules.map(basisOf));
  if (bases.size === 1 && !bases.has(undefined)) return { ok: true, rule: first };
  const seed = rules.filter((id) => basisOf(id) === 'seed');
  const choice = rules.filter((id) => basisOf(id) === 'choice');
  return {
    ok: false,
    problem:
      `its ${describe(assertion)} could be judged by seed rule${seed.length > 1 ? 's' : ''} ${seed.join(', ')} ` +
      `or choice rule${choice.length > 1 ? 's' : ''} ${choice.join(', ')}: name one with ${hint(assertion)}, ` +
      'or give the step `rules:` of one basis',
  };
}

function describe(assertion: Assertion): string {
  switch (assertion.kind) {
    case 'header':
      return `header ${assertion.name} check`;
    case 'schema':
      return `schema ${assertion.schema} check`;
    case 'error':
      return `error ${assertion.code} check`;
    case 'outcome':
      return 'outcome (what the step must reach)';
    default:
      return `${assertion.kind} check`;
  }
}

function hint(assertion: Assertion): string {
  switch (assertion.kind) {
    case 'status':
    case 'error':
    case 'schema':
    case 'text':
    case 'pageFields':
    case 'outcome':
      return `\`expect.rules: { ${assertion.kind}: RULE }\``;
    default:
      return '`rule: RULE` on it';
  }
}

/**
 * The runner's view of {@link resolveAssertionRule} for one step: the rule of each assertion. The
 * loader refuses every suite where one cannot be resolved, so the fallback (the step's first seed
 * rule: a miss between seed and choice is a failure) only serves definitions built by hand, in tests.
 */
export function assertionRules(scope: AssertionScope, basisOf: BasisOf): (assertion: Assertion) => string {
  return (assertion) => {
    const resolved = resolveAssertionRule(assertion, scope, basisOf);
    if (resolved.ok) return resolved.rule;
    const claimed = scope.stepRules ?? scope.caseRules;
    return claimed.find((id) => basisOf(id) === 'seed') ?? claimed[0] ?? '';
  };
}
