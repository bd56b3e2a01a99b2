/** Queries are cut to this length: no real name is longer, and the work grows with it. */
const MAX_QUERY_LENGTH = 48;
/** Names examined closely per query, at most: those sharing the most letter pairs with it. */
const MAX_EXAMINED = 256;

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

/** The query as it is compared: lower-cased and cut. */
function needleOf(query: string): string {
  return query.toLowerCase().slice(0, MAX_QUERY_LENGTH);
}

/**
 * Up to `limit` candidates close to `query`, closest first. A candidate is
 * close when it is a few edits away, or when it starts with something a few
 * edits away (so 'hoem' also suggests 'home-outline').
 */
export function closestNames(query: string, candidates: Iterable<string>, limit = 5): string[] {
  if (query.length === 0) return [];
  const needle = needleOf(query);
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

/** The letter pairs of a name, with its start and end marked ('^h', 'ho', ..., 'e$'). */
function pairsOf(text: string): Set<string> {
  const marked = `^${text}$`;
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < marked.length; i++) pairs.add(marked.slice(i, i + 2));
  return pairs;
}

/**
 * The names of a large pack indexed by letter pairs, so that a suggestion
 * examines a bounded number of names however many the pack has: the
 * MAX_EXAMINED names that share the most pairs with the query (a name
 * one edit away shares all but two or three), then `closestNames` on them.
 */
export class NameIndex {
  private readonly postings = new Map<string, Int32Array>();
  /** Memory the index holds, for cache bounds. */
  readonly bytes: number;

  constructor(private readonly names: readonly string[]) {
    const lists = new Map<string, number[]>();
    names.forEach((name, index) => {
      for (const pair of pairsOf(name)) {
        let list = lists.get(pair);
        if (!list) lists.set(pair, (list = []));
        list.push(index);
      }
    });
    let bytes = names.reduce((sum, name) => sum + 2 * name.length + 32, 0);
    for (const [pair, list] of lists) {
      this.postings.set(pair, Int32Array.from(list));
      bytes += list.length * 4 + 64;
    }
    this.bytes = bytes;
  }

  closest(query: string, limit = 5): string[] {
    if (query.length === 0) return [];
    const shared = new Uint8Array(this.names.length);
    for (const pair of pairsOf(needleOf(query))) {
      const list = this.postings.get(pair);
      if (list) for (const index of list) shared[index] = Math.min(255, (shared[index] as number) + 1);
    }
    // Counting sort on the number of shared pairs: the best MAX_EXAMINED, in name order within a count.
    const byCount: number[][] = [];
    shared.forEach((count, index) => {
      if (count > 0) (byCount[count] ??= []).push(index);
    });
    const examined: string[] = [];
    for (let count = byCount.length - 1; count > 0 && examined.length < MAX_EXAMINED; count--) {
      for (const index of byCount[count] ?? []) {
        if (examined.length === MAX_EXAMINED) break;
        examined.push(this.names[index] as string);
      }
    }
    return closestNames(query, examined, limit);
  }
}
