/**
 * The blind mutant set (`mutation/blind/`): hand-written bugs of the reference bank, each a patch
 * contrary to one seed sentence, listed in `mutants.yaml` (docs/mutation.md, "Blind mutants").
 *
 * Reading is strict: an entry with a missing field, a patch file that the index does not list, or an
 * index entry whose patch is missing is an error, so the kill rate is always over the whole set.
 */
import { parse } from 'yaml';
import { CodedError } from '../../lib/coded-error.ts';

/** One mutant of the set, as `mutants.yaml` declares it. */
export interface BlindMutant {
  /** `<nn>-<slug>`, the patch file's name without `.patch`. */
  readonly id: string;
  /** The patch file, relative to the set's folder. */
  readonly file: string;
  /** The one file of the reference the patch changes. */
  readonly target: string;
  /** The rule family of the seed the bug is about (tokens, consent replace, quotas…). */
  readonly family: string;
  /** The seed sentence the bug breaks, verbatim. */
  readonly seed: string;
  /** What the patched bank does. */
  readonly bug: string;
  /** Why a real bank could ship it. */
  readonly why: string;
}

/** The whole index: the commit the patches were made against, and the mutants in order. */
export interface BlindSet {
  readonly base: string;
  readonly mutants: readonly BlindMutant[];
}

const fields = ['id', 'file', 'target', 'family', 'seed', 'bug', 'why'] as const;
const idForm = /^\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Parses the text of `mutants.yaml`; throws naming the first entry and field that is wrong. */
export function parseBlindSet(text: string): BlindSet {
  const document: unknown = parse(text);
  if (!isObject(document)) throw new CodedError('ERR_BLIND_SET_INVALID', 'mutants.yaml: not a mapping');
  const { base, mutants } = document;
  if (typeof base !== 'string' || !/^[0-9a-f]{40}$/.test(base))
    throw new CodedError('ERR_BLIND_SET_INVALID', 'mutants.yaml: base is not a 40-digit commit');
  if (!Array.isArray(mutants) || mutants.length === 0)
    throw new CodedError('ERR_BLIND_SET_INVALID', 'mutants.yaml: no mutants list');
  const list: readonly unknown[] = mutants;
  const seen = new Set<string>();
  const parsed = list.map((entry, index) => {
    const mutant = parseMutant(entry, index);
    if (seen.has(mutant.id))
      throw new CodedError('ERR_BLIND_SET_INVALID', `mutants.yaml: ${mutant.id} is listed twice`);
    seen.add(mutant.id);
    return mutant;
  });
  return { base, mutants: parsed };
}

function parseMutant(entry: unknown, index: number): BlindMutant {
  if (!isObject(entry))
    throw new CodedError('ERR_BLIND_SET_INVALID', `mutants.yaml: entry ${index + 1} is not a mapping`);
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = entry[field];
    if (typeof value !== 'string' || value.trim() === '')
      throw new CodedError('ERR_BLIND_SET_INVALID', `mutants.yaml: entry ${index + 1} has no ${field}`);
    values[field] = value;
  }
  const mutant: BlindMutant = {
    id: values.id ?? '',
    file: values.file ?? '',
    target: values.target ?? '',
    family: values.family ?? '',
    seed: values.seed ?? '',
    bug: values.bug ?? '',
    why: values.why ?? '',
  };
  if (!idForm.test(mutant.id))
    throw new CodedError('ERR_BLIND_SET_INVALID', `mutants.yaml: id ${mutant.id} is not <nn>-<slug>`);
  if (mutant.file !== `${mutant.id}.patch`)
    throw new CodedError(
      'ERR_BLIND_SET_INVALID',
      `mutants.yaml: ${mutant.id} names the patch ${mutant.file}, not ${mutant.id}.patch`,
    );
  if (!mutant.target.startsWith('reference-aspsp/'))
    throw new CodedError(
      'ERR_BLIND_SET_INVALID',
      `mutants.yaml: ${mutant.id} patches ${mutant.target}, outside reference-aspsp/`,
    );
  return mutant;
}

/**
 * The differences between the index and the folder's `.patch` files: patches no entry lists, and
 * entries whose patch is missing. Both empty when they agree.
 */
export function unmatchedPatches(
  set: BlindSet,
  patchFiles: readonly string[],
): { readonly unlisted: readonly string[]; readonly missing: readonly string[] } {
  const listed = new Set(set.mutants.map((mutant) => mutant.file));
  const present = new Set(patchFiles.filter((name) => name.endsWith('.patch')));
  return {
    unlisted: [...present].filter((name) => !listed.has(name)).sort(),
    missing: [...listed].filter((name) => !present.has(name)),
  };
}

/**
 * The files a unified diff changes (its `+++ b/<path>` lines), so the runner can say which file a
 * patch that does not apply was made for.
 */
export function patchedFiles(patch: string): readonly string[] {
  const files: string[] = [];
  for (const line of patch.split('\n')) {
    const match = /^\+\+\+ b\/(\S+)/.exec(line);
    if (match?.[1] !== undefined) files.push(match[1]);
  }
  return files;
}

/**
 * The mutants a run measures: those named by `only` (an id, or its number `07`), else every one, cut
 * to the first `sample` when given (a bounded run). Throws for a name that matches no mutant.
 */
export function selectMutants(
  mutants: readonly BlindMutant[],
  options: { readonly only: readonly string[]; readonly sample: number | undefined },
): readonly BlindMutant[] {
  let chosen = mutants;
  if (options.only.length > 0) {
    chosen = options.only.map((name) => {
      const found = mutants.find((mutant) => mutant.id === name || mutant.id.startsWith(`${name}-`));
      if (found === undefined)
        throw new CodedError(
          'ERR_BLIND_SET_INVALID',
          `no blind mutant ${name} (npm run mutation:blind -- --list)`,
        );
      return found;
    });
  }
  return options.sample === undefined ? chosen : spread(chosen, options.sample);
}

/** `count` mutants spread evenly over the list (a sample touches every family, not the first few). */
function spread(mutants: readonly BlindMutant[], count: number): readonly BlindMutant[] {
  if (count >= mutants.length) return mutants;
  const step = mutants.length / count;
  return Array.from({ length: count }, (_, index) => mutants[Math.floor(index * step)]).filter(
    (mutant): mutant is BlindMutant => mutant !== undefined,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
