/**
 * The rule catalogue of `spec/rules.yaml`: every checkable statement of the seed, with the seed section
 * it comes from, the versions and the roles it applies to.
 */
import { array, oneOf, optionalBoolean, optionalString, reader, string } from './parse.ts';
import type { At } from './parse.ts';
import { readSpecYaml } from './spec-files.ts';
import { SpecError } from './spec-error.ts';
import { apiVersions } from './versions.ts';
import type { ApiVersion } from './versions.ts';

/** A PSD2 role, named after its OAuth scope family. */
export type Role = 'aisp' | 'cbpii' | 'pisp';

/** Every role. */
export const roles: readonly Role[] = ['aisp', 'cbpii', 'pisp'];

/**
 * How a rule is checked: `api` (the default), by suite cases over HTTP; `manual`, by nobody through the
 * API (an announcement on the portal, an e-mail), with the one-line reason why. Coverage lists manual
 * rules apart instead of as gaps, and a suite case may not claim one.
 */
export type RuleCheck = { kind: 'api' } | { kind: 'manual'; reason: string };

/**
 * Why the rule binds a bank: `seed`, a statement of the seed (`quote`, verbatim, found in the seed's
 * text by `npm run spec:check`); or `choice`, our reading where the seed is silent or says "not shown"
 * (`reason`, one line), with `alternate`, the other seed-true behaviour the alternate bank
 * (`serve --choices alternate`, reference-aspsp/choices) implements. A check of a `choice` rule is
 * advisory: reported, never failing a run unless `run --strict` (docs/verdicts.md).
 */
export type RuleBasis =
  { kind: 'seed'; quote: string } | { kind: 'choice'; reason: string; alternate: string };

/**
 * The verdict of the seed-quote review (issue 30): the quote states what the checks assert (`ok`),
 * another sentence of the seed states it (`requoted`), the rule kept the seed's part and our part went
 * to new choice rules (`split`, their ids), or nothing of the seed states it (`reclassified`: now a
 * choice).
 */
export type ReviewVerdict =
  { kind: 'ok' } | { kind: 'requoted' } | { kind: 'split'; into: string[] } | { kind: 'reclassified' };

/** A rule's review: `asserts`, one line saying what its checks assert, and the verdict. */
export interface RuleReview {
  asserts: string;
  verdict: ReviewVerdict;
}

/**
 * How much a finding of the rule matters to the bank that must fix it, most first: `security` (security
 * and data exposure: a certificate, role, signature, token or consent not enforced, a quota bypassed),
 * `behaviour` (the API does something else than the seed says), `format` (the shape of a body, a header,
 * a status or code, wording). Reports show it on every finding and sort by it.
 */
export type Severity = 'security' | 'behaviour' | 'format';

/** Every severity, most serious first (the order reports sort by). */
export const severities: readonly Severity[] = ['security', 'behaviour', 'format'];

/** One rule: what is checked, where the seed says it, for which versions and roles. */
export interface Rule {
  /** Stable UPPER-KEBAB id with a family prefix (docs/contracts.md §11), never reused. */
  id: string;
  title: string;
  /** Seed heading path below the title, `##` > `###` texts, optionally a labelled paragraph last. */
  section: string;
  versions: ApiVersion[];
  roles: Role[];
  check: RuleCheck;
  basis: RuleBasis;
  /** How much a finding matters (see {@link Severity}); required of every rule. */
  severity: Severity;
  /**
   * The seed says the behaviour is offered in live only (GET payment status, the confirmation): what a
   * sandbox does there is its own choice, so a finding against a sandbox is advisory.
   */
  liveOnly: boolean;
  /**
   * The seed-quote review (`asserts:` and `review:`), listed in docs/verdicts.md; `npm run spec:check`
   * requires it of every seed rule.
   */
  review?: RuleReview;
}

/** The family prefixes of rule ids (docs/contracts.md §11). */
export const ruleFamilies = [
  'TRN',
  'TOK',
  'CNS',
  'AIS-ACC',
  'AIS-BAL',
  'AIS-TRX',
  'AIS-OTH',
  'QTA',
  'CBP',
  'PIS',
  'FBK',
  'REG',
  'ERR',
  'VER',
  'BAD',
] as const;

const idPattern = new RegExp(`^(?:${ruleFamilies.join('|')})(?:-[A-Z0-9]+)+$`);

/** True when `id` is UPPER-KEBAB with a known family prefix. */
export function isWellFormedRuleId(id: string): boolean {
  return idPattern.test(id);
}

const FILE = 'rules.yaml';
let cached: { list: readonly Rule[]; byId: ReadonlyMap<string, Rule> } | undefined;

function load(): NonNullable<typeof cached> {
  if (cached === undefined) {
    const list = parseRules(readSpecYaml(FILE), FILE);
    cached = { list: Object.freeze(list), byId: new Map(list.map((r) => [r.id, r])) };
  }
  return cached;
}

/** Every rule of `spec/rules.yaml`, in file order; parsed once and cached. */
export function listRules(): readonly Rule[] {
  return load().list;
}

/** The rule with this id, or undefined. */
export function getRule(id: string): Rule | undefined {
  return load().byId.get(id);
}

/** Parses a rule catalogue document; rejects malformed and duplicate ids. */
export function parseRules(value: unknown, file: string): Rule[] {
  const root: At = { file, path: '$' };
  const rules = reader(value, root).get('rules', array(parseRule));
  const seen = new Set<string>();
  for (const rule of rules) {
    if (!isWellFormedRuleId(rule.id)) {
      throw new SpecError(
        'ERR_SPEC_INVALID',
        `${file}: rule id ${rule.id} is not UPPER-KEBAB with a family prefix`,
      );
    }
    if (seen.has(rule.id))
      throw new SpecError('ERR_SPEC_INVALID', `${file}: rule id ${rule.id} is used twice`);
    seen.add(rule.id);
  }
  return rules;
}

const checkKinds = ['api', 'manual'] as const;
const basisKinds = ['seed', 'choice'] as const;

function parseRule(value: unknown, where: At): Rule {
  const o = reader(value, where);
  const id = o.get('id', string);
  const rule = `${where.file}: rule ${id}`;
  const kind = o.get('check', (v, w) => (v === undefined ? 'api' : oneOf(checkKinds)(v, w)));
  const reason = o.get('reason', optionalString);
  const basis = parseBasis(
    o.get('basis', (v, w) => (v === undefined ? undefined : oneOf(basisKinds)(v, w))),
    o.get('quote', optionalString),
    { reason, alternate: o.get('alternate', optionalString) },
    rule,
  );
  if (basis.kind === 'choice' && kind === 'manual')
    throw new SpecError('ERR_SPEC_INVALID', `${rule} is basis: choice and check: manual`, {
      hint: 'a choice nobody can check would be advisory about nothing: a manual rule quotes the seed',
    });
  return {
    id,
    title: o.get('title', string),
    section: o.get('section', string),
    versions: o.get('versions', array(oneOf(apiVersions))),
    roles: o.get('roles', array(oneOf(roles))),
    // A choice's reason is the basis's, not a manual check's.
    check: parseCheck(kind, basis.kind === 'choice' ? undefined : reason, rule),
    basis,
    severity: o.get('severity', (v, w) => {
      if (v === undefined)
        throw new SpecError('ERR_SPEC_INVALID', `${rule} has no severity`, {
          hint: 'add severity: security (security and data exposure), behaviour or format',
        });
      return oneOf(severities)(v, w);
    }),
    liveOnly: o.get('liveOnly', optionalBoolean),
    ...parseReview(o.get('asserts', optionalString), o.get('review', optionalString), rule),
  };
}

const verdictPattern = /^(?:(ok|requoted|reclassified)|split into ([A-Z0-9-]+(?:, [A-Z0-9-]+)*))$/;

/** `asserts` and `review` together, both one line: `ok`, `requoted`, `reclassified` or `split into ID, …`. */
function parseReview(
  asserts: string | undefined,
  review: string | undefined,
  rule: string,
): { review?: RuleReview } {
  if (asserts === undefined && review === undefined) return {};
  const match = review === undefined ? null : verdictPattern.exec(review);
  if (asserts === undefined || /[\r\n]/.test(asserts) || match === null)
    throw new SpecError('ERR_SPEC_INVALID', `${rule} has an incomplete review`, {
      hint: 'give both asserts: (one line) and review: ok, requoted, reclassified or split into RULE-ID, …',
    });
  const [, kind, into] = match;
  const verdict: ReviewVerdict =
    into !== undefined
      ? { kind: 'split', into: into.split(', ') }
      : { kind: kind === 'ok' ? 'ok' : kind === 'requoted' ? 'requoted' : 'reclassified' };
  return { review: { asserts, verdict } };
}

/**
 * `basis` with `quote` (seed) or `reason` (choice). A manual rule is a seed statement (its `reason`
 * says why no call shows it): a choice nobody can check would be advisory about nothing.
 */
function parseBasis(
  kind: (typeof basisKinds)[number] | undefined,
  quote: string | undefined,
  choice: { reason: string | undefined; alternate: string | undefined },
  rule: string,
): RuleBasis {
  const { reason, alternate } = choice;
  if (kind === undefined)
    throw new SpecError('ERR_SPEC_INVALID', `${rule} has no basis`, {
      hint: 'add basis: seed with quote: (a verbatim sentence of the seed), or basis: choice with reason:',
    });
  if (kind === 'seed') {
    if (alternate !== undefined)
      throw new SpecError('ERR_SPEC_INVALID', `${rule} is basis: seed but has an alternate`, {
        hint: 'an alternate is the other choice of a basis: choice rule; the seed leaves a seed rule none',
      });
    if (quote === undefined)
      throw new SpecError('ERR_SPEC_INVALID', `${rule} is basis: seed without a quote`, {
        hint: 'add quote: a sentence or table cell of the seed, verbatim',
      });
    return { kind, quote };
  }
  if (quote !== undefined)
    throw new SpecError('ERR_SPEC_INVALID', `${rule} is basis: choice but has a quote`, {
      hint: 'a choice is ours where the seed is silent: drop the quote, or make it basis: seed',
    });
  if (reason === undefined || /[\r\n]/.test(reason))
    throw new SpecError('ERR_SPEC_INVALID', `${rule} is basis: choice without a one-line reason`, {
      hint: 'add reason: the one line saying why this is our reading (the seed is silent, says not shown…)',
    });
  // Every choice has its other side: the behaviour of the alternate bank (serve --choices alternate).
  if (alternate === undefined || /[\r\n]/.test(alternate))
    throw new SpecError('ERR_SPEC_INVALID', `${rule} is basis: choice without a one-line alternate`, {
      hint: 'add alternate: one line saying what a bank choosing otherwise does, seed-true (reference-aspsp/choices implements it)',
    });
  return { kind, reason, alternate };
}

/** `check` and `reason` together: a manual rule says why in one line; an API rule needs no reason. */
function parseCheck(kind: (typeof checkKinds)[number], reason: string | undefined, rule: string): RuleCheck {
  if (kind === 'api') {
    if (reason !== undefined)
      throw new SpecError('ERR_SPEC_INVALID', `${rule} has a reason but is not check: manual`, {
        hint: 'a reason says why a rule cannot be checked through the API; drop it or add check: manual',
      });
    return { kind };
  }
  if (reason === undefined || /[\r\n]/.test(reason))
    throw new SpecError('ERR_SPEC_INVALID', `${rule} is check: manual without a one-line reason`, {
      hint: 'add reason: the one line saying why no HTTP call can check the rule',
    });
  return { kind, reason };
}
