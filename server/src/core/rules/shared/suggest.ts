/** Did-you-mean suggestions by edit distance (on one token's text, never on source). */

export function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j];
      previous[j] = Math.min(previous[j] + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length];
}

/** Lower case without separators, an `is`/`has` prefix or a `Hint` suffix: `isDestructive` ≈ `destructiveHint`. */
function normalise(name: string): string {
  return name.toLowerCase().replace(/[_\-\s]/g, '').replace(/^(is|has)(?=[a-z]{4})/, '').replace(/hint$/, '');
}

/**
 * The candidate the text most likely meant: the same word up to case, separators and
 * `Hint`, or one within a small edit distance (about a third of its length, at most 3).
 */
export function closestMatch(text: string, candidates: readonly string[]): string | undefined {
  const normalised = normalise(text);
  const same = candidates.find((c) => normalise(c) === normalised);
  if (same) return same;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = Math.min(editDistance(text.toLowerCase(), candidate.toLowerCase()), editDistance(normalised, normalise(candidate)));
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  const limit = Math.min(3, Math.max(1, Math.floor(Math.min(text.length, best?.length ?? 0) / 3)));
  return bestDistance <= limit ? best : undefined;
}
