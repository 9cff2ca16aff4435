/**
 * Resolves the includes of a schema-valid suite at load time: each `- use: <name>` step becomes the
 * steps of the fragment, each `given: { use: <name>, … }` starts from the fragment's given (the keys the
 * case writes replace the fragment's). Fragments may use fragments; a cycle is refused.
 *
 * The result keeps every position: a problem found later in an included step is reported at its line
 * in the fragment file, followed by the line of the suite that used it.
 */
import type { FragmentLibrary } from './fragment-library.ts';
import type { RawCase, RawGiven, RawStep, RawSuite } from './suite-schema.generated.ts';
import type { SourceProblem, SuiteErrorCode } from './suite-error.ts';
import type { YamlSource } from './yaml-source.ts';

/** A problem of an include, with the code it stops the load with. */
export interface IncludeProblem extends SourceProblem {
  code: SuiteErrorCode;
}

/** The suite with its includes resolved, or the problems found. */
export type ExpandResult =
  { ok: true; suite: RawSuite; source: YamlSource } | { ok: false; problems: IncludeProblem[] };

/** Where a node of the expanded suite was written: a file and the pointer there. */
interface Origin {
  source: YamlSource;
  pointer: string;
  /** `file:line:col` of the `use:` that brought it in, when it comes from a fragment. */
  usedAt: string | undefined;
}

/** A step of the expanded case and where it was written (a repeat's steps with theirs). */
interface Placed {
  step: RawStep;
  from: Origin;
  repeat?: Placed[];
}

/** Expands the includes of `suite` read from `source`; fragments come from `library`. */
export function expandIncludes(suite: RawSuite, source: YamlSource, library: FragmentLibrary): ExpandResult {
  if (!usesFragments(suite)) return { ok: true, suite, source };
  const origins = new Map<string, Origin>();
  const problems: IncludeProblem[] = [];

  const fragment = (name: string, from: Origin, chain: readonly string[]) => {
    const where = locate(from);
    if (chain.includes(name)) {
      problems.push({
        where,
        code: 'ERR_SUITE_INCLUDE_CYCLE',
        message: `include cycle: ${[...chain, name].join(' → ')}`,
      });
      return undefined;
    }
    const lookup = library.find(name, from.source.file);
    if (lookup.kind === 'missing') {
      problems.push({
        where,
        code: 'ERR_SUITE_INCLUDE_MISSING',
        message: `no fragment "${name}": looked for ${lookup.nearest} and in every folder above`,
      });
      return undefined;
    }
    if (lookup.kind === 'invalid') {
      problems.push(...lookup.problems.map((p) => ({ ...p, code: 'ERR_SUITE_INVALID' as const })));
      return undefined;
    }
    return lookup.fragment;
  };

  const expandSteps = (steps: readonly RawStep[], at: Origin, chain: readonly string[]): Placed[] =>
    steps.flatMap((step, i): Placed[] => {
      const from: Origin = { ...at, pointer: `${at.pointer}/${i}` };
      if (step.use !== undefined) {
        const useAt: Origin = { ...from, pointer: `${from.pointer}/use` };
        const used = fragment(step.use, useAt, chain);
        if (used === undefined) return [];
        if (used.value.steps === undefined) {
          problems.push({
            where: locate(useAt),
            code: 'ERR_SUITE_INVALID',
            message: `fragment "${step.use}" has no steps (it is a given: use it as given: { use: ${step.use} })`,
          });
          return [];
        }
        const origin: Origin = { source: used.source, pointer: '/steps', usedAt: locate(from) };
        return expandSteps(used.value.steps, origin, [...chain, step.use]);
      }
      if (step.repeat === undefined) return [{ step, from }];
      const inner = { ...from, pointer: `${from.pointer}/repeat/steps` };
      return [{ step, from, repeat: expandSteps(step.repeat.steps, inner, chain) }];
    });

  // Records where each step of the expanded case came from, now that its index is known.
  const place = (placed: readonly Placed[], into: string): RawStep[] =>
    placed.map(({ step, from, repeat }, i) => {
      const pointer = `${into}/${i}`;
      origins.set(pointer, from);
      if (repeat === undefined || step.repeat === undefined) return step;
      return { ...step, repeat: { ...step.repeat, steps: place(repeat, `${pointer}/repeat/steps`) } };
    });

  const expandGiven = (given: RawGiven, at: Origin, into: string, chain: readonly string[]): RawGiven => {
    const { use, ...own } = given;
    const base = use === undefined ? {} : (usedGiven(use, at, into, chain) ?? {});
    // After the fragment's keys are recorded: a key written here replaces the fragment's, position too.
    for (const key of Object.keys(own))
      origins.set(`${into}/${key}`, { ...at, pointer: `${at.pointer}/${key}` });
    return { ...base, ...own };
  };

  const usedGiven = (
    use: string,
    at: Origin,
    into: string,
    chain: readonly string[],
  ): RawGiven | undefined => {
    const useAt: Origin = { ...at, pointer: `${at.pointer}/use` };
    const used = fragment(use, useAt, chain);
    if (used === undefined) return undefined;
    if (used.value.given === undefined) {
      problems.push({
        where: locate(useAt),
        code: 'ERR_SUITE_INVALID',
        message: `fragment "${use}" has no given (it is steps: use it as a step - use: ${use})`,
      });
      return undefined;
    }
    const origin: Origin = { source: used.source, pointer: '/given', usedAt: locate(at) };
    return expandGiven(used.value.given, origin, into, [...chain, use]);
  };

  const top: Origin = { source, pointer: '', usedAt: undefined };
  const cases: RawCase[] = suite.cases.map((c, i) => {
    const pointer = `/cases/${i}`;
    const steps = place(
      expandSteps(c.steps, { ...top, pointer: `${pointer}/steps` }, []),
      `${pointer}/steps`,
    );
    if (c.given === undefined) return { ...c, steps };
    const given = expandGiven(c.given, { ...top, pointer: `${pointer}/given` }, `${pointer}/given`, []);
    return { ...c, given, steps };
  });
  if (problems.length > 0) return { ok: false, problems };
  const expanded: RawSuite = { ...suite, cases };
  return {
    ok: true,
    suite: expanded,
    source: {
      file: source.file,
      value: expanded,
      locate: (pointer) => locate(originOf(pointer, origins, top)),
    },
  };
}

/** True when some case of `suite` uses a fragment (most suites do not: they keep their source as is). */
function usesFragments(suite: RawSuite): boolean {
  const inSteps = (steps: readonly RawStep[]): boolean =>
    steps.some((s) => s.use !== undefined || (s.repeat !== undefined && inSteps(s.repeat.steps)));
  return suite.cases.some((c) => c.given?.use !== undefined || inSteps(c.steps));
}

/** The origin of the deepest recorded ancestor of `pointer`, with the rest of the pointer below it. */
function originOf(pointer: string, origins: ReadonlyMap<string, Origin>, top: Origin): Origin {
  for (let prefix = pointer; prefix !== ''; prefix = prefix.slice(0, prefix.lastIndexOf('/'))) {
    const origin = origins.get(prefix);
    if (origin !== undefined) return { ...origin, pointer: origin.pointer + pointer.slice(prefix.length) };
  }
  return { ...top, pointer };
}

function locate(origin: Origin): string {
  const where = origin.source.locate(origin.pointer);
  return origin.usedAt === undefined ? where : `${where} (used at ${origin.usedAt})`;
}
