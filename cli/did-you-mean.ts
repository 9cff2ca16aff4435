/**
 * "Did you mean" for an id typed wrong: the known ids closest to it, by edit distance (an adjacent
 * swap counts as one edit, as in `smoek-ais`), case-insensitively.
 *
 * The ids nearest to it are offered when they are at most a third of the typed id's length away (at
 * least one edit, at most three); when none is, the ids that contain the typed one or are contained
 * in it (`smoke` for `smoke-ais`). Closest first, ties in the order given (a stable sort); at most
 * `limit`.
 */
export function didYouMean(typed: string, known: readonly string[], limit = 3): string[] {
  const wanted = typed.toLowerCase();
  const budget = Math.min(3, Math.max(1, Math.floor(wanted.length / 3)));
  const near: { id: string; distance: number }[] = [];
  const containing: { id: string; distance: number }[] = [];
  for (const id of known) {
    const candidate = id.toLowerCase();
    if (candidate === wanted) continue;
    const distance = editDistance(wanted, candidate);
    if (distance <= budget) near.push({ id, distance });
    else if (wanted.length >= 3 && (candidate.includes(wanted) || wanted.includes(candidate)))
      containing.push({ id, distance });
  }
  // A typo's nearest ids only: `smok-ais` is smoke-ais, not smoke-pis one edit further.
  const best = Math.min(...near.map((n) => n.distance));
  const chosen = near.length > 0 ? near.filter((n) => n.distance === best) : containing;
  return [...chosen]
    .sort((a, b) => a.distance - b.distance)
    .slice(0, limit)
    .map((s) => s.id);
}

/**
 * The sentence offering the suggestions for `typed`: `did you mean smoke-ais?`, `did you mean a or
 * b?`, or undefined when no known id is close.
 */
export function didYouMeanSentence(typed: string, known: readonly string[]): string | undefined {
  const close = didYouMean(typed, known);
  if (close.length === 0) return undefined;
  const last = close.at(-1) ?? '';
  return `did you mean ${close.length === 1 ? last : `${close.slice(0, -1).join(', ')} or ${last}`}?`;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * cols + j] = best;
    }
  }
  return at(a.length, b.length);
}
