/**
 * Checks a schema-valid suite for what a schema cannot say: rule ids that exist, unique case ids,
 * case versions within the suite's, step rules among the case's, every assertion judged by one rule, regular expressions that compile, and every `{{name}}` or
 * `link:` referring to a built-in or to a capture of an earlier step.
 */
import { signatureFormatProblems } from '../client/signature-format.ts';
import type { RawCase, RawRequest, RawStep, RawSuite } from './suite-schema.generated.ts';
import type { SourceProblem } from './suite-error.ts';
import { usesSandbox } from './normalize-suite.ts';
import { isBuiltinRef, templateRefs } from './template.ts';
import { resolveAssertionRule, type Assertion, type BasisOf } from './expectation-rules.ts';
import type { YamlSource } from './yaml-source.ts';

/** What the checker needs to know about rule ids (from `spec/lib`, injected so tests can pass a list). */
export interface RuleCatalogue {
  has(id: string): boolean;
  /**
   * Why the rule cannot be checked through the API (`check: manual` in `spec/rules.yaml`), or
   * undefined for a rule cases can check. Absent: every known rule is checkable.
   */
  manualReason?(id: string): string | undefined;
  /**
   * The basis of a rule (`seed` or `choice`), so each assertion can be resolved to one rule
   * (expectation-rules.ts). Absent: rules of a step are taken to share one basis.
   */
  basisOf?(id: string): 'seed' | 'choice' | undefined;
}

/** Every problem found in `raw`; empty when the suite can run. */
export function checkSuite(raw: RawSuite, source: YamlSource, rules: RuleCatalogue): SourceProblem[] {
  const problems: SourceProblem[] = [];
  const report = (pointer: string, message: string): void => {
    problems.push({ where: source.locate(pointer), message });
  };
  const ids = new Map<string, number>();
  raw.cases.forEach((c, i) => {
    const pointer = `/cases/${i}`;
    const previous = ids.get(c.id);
    if (previous !== undefined)
      report(`${pointer}/id`, `case id "${c.id}" is already used by case ${previous + 1}`);
    ids.set(c.id, i);
    c.rules.forEach((rule, r) => {
      if (!rules.has(rule)) {
        report(`${pointer}/rules/${r}`, `unknown rule id "${rule}" (not in spec/rules.yaml)`);
        return;
      }
      // A case claiming a rule no call can show would count it as covered without checking it.
      const manual = rules.manualReason?.(rule);
      if (manual !== undefined)
        report(
          `${pointer}/rules/${r}`,
          `rule ${rule} is not checkable through the API (check: manual, ${manual}): no case can claim it`,
        );
    });
    (c.versions ?? []).forEach((v, k) => {
      if (!raw.versions.includes(v))
        report(`${pointer}/versions/${k}`, `version ${v} is not among the suite's versions`);
    });
    const role = c.given?.role;
    if (role !== undefined && !raw.roles.includes(role)) {
      report(`${pointer}/given/role`, `role ${role} is not among the suite's roles`);
    }
    const needs = c.given?.needs ?? [];
    if (
      needs.includes('live') &&
      (needs.includes('sandbox') || c.given?.clock !== undefined || usesSandbox(c.steps))
    ) {
      // A live host has no control API: such a case could never run anywhere.
      report(
        `${pointer}/given/needs`,
        'a case needing live cannot use the sandbox (needs sandbox, clock, sandbox steps, the timeout journey)',
      );
    }
    checkCase(c, pointer, report);
    checkAssertionRules(c, pointer, rules, report);
  });
  return problems;
}

function checkCase(c: RawCase, pointer: string, report: (pointer: string, message: string) => void): void {
  const known = new Set<string>();
  const visit = (steps: readonly RawStep[], base: string): void => {
    steps.forEach((step, i) => {
      const at = `${base}/${i}`;
      (step.rules ?? []).forEach((rule, r) => {
        if (!c.rules.includes(rule)) report(`${at}/rules/${r}`, `rule ${rule} is not among the case's rules`);
      });
      for (const [path, template] of templatesOf(step)) {
        for (const ref of templateRefs(template)) {
          if (!isBuiltinRef(ref) && !known.has(ref)) {
            report(`${at}/${path}`, `{{${ref}}} is neither a built-in nor captured by an earlier step`);
          }
        }
      }
      const link = step.request?.link ?? (typeof step.journey === 'object' ? step.journey.link : undefined);
      if (link !== undefined && !known.has(link)) {
        report(
          `${at}/${step.request === undefined ? 'journey' : 'request'}/link`,
          `link "${link}" is not captured by an earlier step`,
        );
      }
      if (step.expect?.pageFields !== undefined && step.journey === undefined) {
        // Only a journey shows pages; elsewhere the expectation could never be judged.
        report(`${at}/expect/pageFields`, 'pageFields applies to journey steps only');
      }
      for (const [path, pattern] of regexesOf(step)) {
        try {
          new RegExp(pattern);
        } catch {
          report(`${at}/${path}`, `"${pattern}" is not a valid regular expression`);
        }
      }
      const signature = step.request?.signature;
      if (signature !== undefined) checkSignatureOverride(signature, `${at}/request/signature`, report);
      if (step.repeat !== undefined) visit(step.repeat.steps, `${at}/repeat/steps`);
      for (const name of Object.keys(step.capture ?? {})) known.add(name);
    });
  };
  visit(c.steps, `${pointer}/steps`);
}

/**
 * Every assertion of every step resolves to one rule (expectation-rules.ts): a rule the suite names on
 * an assertion exists and is among the case's, and no assertion is left between a seed and a choice rule.
 */
export function checkAssertionRules(
  c: RawCase,
  pointer: string,
  catalogue: RuleCatalogue,
  report: (pointer: string, message: string) => void,
): void {
  const basisOf: BasisOf = (id) => (catalogue.basisOf === undefined ? 'seed' : catalogue.basisOf(id));
  const visit = (steps: readonly RawStep[], base: string, inherited: readonly string[] | undefined): void => {
    steps.forEach((step, i) => {
      const at = `${base}/${i}`;
      const stepRules = step.rules ?? inherited;
      if (step.repeat !== undefined) {
        visit(step.repeat.steps, `${at}/repeat/steps`, stepRules);
        return;
      }
      for (const [path, assertion] of stepAssertions(step)) {
        if (assertion.rule !== undefined) {
          if (!catalogue.has(assertion.rule))
            report(`${at}/${path}`, `unknown rule id "${assertion.rule}" (not in spec/rules.yaml)`);
          else if (!c.rules.includes(assertion.rule))
            report(`${at}/${path}`, `rule ${assertion.rule} is not among the case's rules`);
          continue;
        }
        const resolved = resolveAssertionRule(assertion, { stepRules, caseRules: c.rules }, basisOf);
        if (!resolved.ok) report(`${at}/${path}`, `this step cannot be judged: ${resolved.problem}`);
      }
    });
  };
  visit(c.steps, `${pointer}/steps`, undefined);
}

/** The assertions of a step, each with its pointer below the step (expectation-rules.ts). */
export function stepAssertions(step: RawStep): Array<[string, Assertion]> {
  const out: Array<[string, Assertion]> = [];
  const e = step.expect ?? {};
  const named = e.rules ?? {};
  if (e.status !== undefined) out.push(['expect/status', { kind: 'status', rule: named.status }]);
  if (e.error !== undefined) out.push(['expect/error', { kind: 'error', code: e.error, rule: named.error }]);
  if (e.schema !== undefined)
    out.push(['expect/schema', { kind: 'schema', schema: e.schema, rule: named.schema }]);
  if (e.text !== undefined) out.push(['expect/text', { kind: 'text', rule: e.text.rule ?? named.text }]);
  if (e.pageFields !== undefined)
    out.push(['expect/pageFields', { kind: 'pageFields', rule: named.pageFields }]);
  for (const [name, check] of Object.entries(e.headers ?? {}))
    out.push([
      `expect/headers/${name}`,
      { kind: 'header', name, rule: typeof check === 'string' ? undefined : check.rule },
    ]);
  e.json?.forEach((check, i) =>
    out.push([`expect/json/${i}`, { kind: 'json', path: check.path, rule: check.rule }]),
  );
  e.every?.forEach((check, i) =>
    out.push([`expect/every/${i}`, { kind: 'every', path: check.path, rule: check.rule }]),
  );
  const links = e.links === undefined ? [] : Array.isArray(e.links) ? e.links : [e.links];
  links.forEach((check, i) => out.push([`expect/links/${i}`, { kind: 'links', rule: check.rule }]));
  // A capture of what the step itself sent (`sent:`) cannot miss: it asserts nothing of the bank.
  for (const [name, source] of Object.entries(step.capture ?? {}))
    if (source.sent === undefined)
      out.push([
        `capture/${name}`,
        { kind: 'capture', path: source.json, header: source.header, rule: source.rule },
      ]);
  // What the action itself must reach: a journey's callback, a calendar verdict, a link to follow.
  if (step.journey !== undefined || step.calendar !== undefined || step.request?.link !== undefined)
    out.push([
      'expect/rules/outcome',
      {
        kind: 'outcome',
        journey: typeof step.journey === 'object' ? step.journey.outcome : step.journey,
        rule: named.outcome,
      },
    ]);
  return out;
}

/**
 * A step's `signature`: a `created` or `expires` written as a literal is whole Unix seconds (a
 * template is checked when filled), and a `format` names only slots the signature fills.
 */
function checkSignatureOverride(
  signature: NonNullable<RawRequest['signature']>,
  pointer: string,
  report: (pointer: string, message: string) => void,
): void {
  for (const name of ['created', 'expires'] as const) {
    const value = signature[name];
    if (value !== undefined && templateRefs(value).length === 0 && !/^\d+$/.test(value))
      report(`${pointer}/${name}`, `signature.${name} "${value}" is not whole Unix seconds`);
  }
  if (signature.format === undefined) return;
  const given = { created: signature.created !== undefined, expires: signature.expires !== undefined };
  for (const problem of signatureFormatProblems(signature.format, given))
    report(`${pointer}/format`, problem);
}

/** Every templated string of a step (not descending into repeat), with its pointer below the step. */
function templatesOf(step: RawStep): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') out.push([path, value]);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}/${i}`));
    else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) walk(v, `${path}/${k}`);
    }
  };
  for (const key of ['request', 'journey', 'token', 'sandbox', 'expect'] as const) {
    if (step[key] !== undefined) walk(step[key], key);
  }
  return out;
}

function regexesOf(step: RawStep): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const e = step.expect;
  e?.json?.forEach((c, i) => c.matches !== undefined && out.push([`expect/json/${i}/matches`, c.matches]));
  e?.every?.forEach((c, i) => c.matches !== undefined && out.push([`expect/every/${i}/matches`, c.matches]));
  if (e?.text?.matches !== undefined) out.push(['expect/text/matches', e.text.matches]);
  for (const [name, c] of Object.entries(e?.headers ?? {})) {
    if (typeof c === 'object' && c.matches !== undefined)
      out.push([`expect/headers/${name}/matches`, c.matches]);
  }
  return out;
}
