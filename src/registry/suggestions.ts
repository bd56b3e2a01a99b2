/** Queries longer than this get no suggestions: no real name is that long, and the work would grow with it. */
const MAX_QUERY_LENGTH = 64;

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions,
 * so 'hoem' is one edit from 'home'), giving up once it exceeds `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/**
 * Up to `limit` candidates close to `query`, closest first. A candidate is
 * close when it is a few edits away, or when it starts with something a few
 * edits away (so 'hoem' also suggests 'home-outline').
 */
export function closestNames(query: string, candidates: Iterable<string>, limit = 5): string[] {
  if (query.length === 0 || query.length > MAX_QUERY_LENGTH) return [];
  const needle = query.toLowerCase();
  const tolerance = Math.max(1, Math.floor(needle.length / 3));
  const scored: Array<{ name: string; score: number }> = [];
  for (const name of candidates) {
    const whole = editDistance(needle, name, tolerance);
    const start = name.length > needle.length ? editDistance(needle, name.slice(0, needle.length), tolerance) : whole;
    // A match of the whole name ranks before a match of its beginning at the same distance.
    if (whole <= tolerance || start <= tolerance) scored.push({ name, score: whole <= start ? whole : start + 0.5 });
  }
  scored.sort((a, b) => a.score - b.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
  return scored.slice(0, limit).map((entry) => entry.name);
}
