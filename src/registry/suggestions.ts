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

/** Codes of the characters of names: a-z, 0-9, '-', the start and end marks, and anything else. */
const START = 38;
const END = 39;
const CODES = 41;
const PAIRS = CODES * CODES;

function codeOf(char: number): number {
  if (char >= 97 && char <= 122) return char - 96; // a-z: 1-26
  if (char >= 48 && char <= 57) return char - 21; // 0-9: 27-36
  if (char === 45) return 37; // '-'
  return 40;
}

/** Calls `visit` with the code of each letter pair of `text`, its start and end marked ('^h', 'ho', ..., 'e$'). */
function forEachPair(text: string, visit: (pair: number) => void): void {
  let previous = START;
  for (let i = 0; i < text.length; i++) {
    const current = codeOf(text.charCodeAt(i));
    visit(previous * CODES + current);
    previous = current;
  }
  visit(previous * CODES + END);
}

/**
 * The names of a large pack indexed by letter pairs, so that a suggestion
 * examines a bounded number of names however many the pack has: the
 * MAX_EXAMINED names that share the most pairs with the query (a name one
 * edit away shares all but two or three), then `closestNames` on them. The
 * index is one typed array of name numbers per pair, built in two passes.
 */
export class NameIndex {
  /** Where each pair's name numbers begin in `postings` (and the next pair's begin). */
  private readonly offsets = new Int32Array(PAIRS + 1);
  private readonly postings: Int32Array | Uint16Array;
  /** Memory the index holds, for cache bounds. */
  readonly bytes: number;

  constructor(private readonly names: readonly string[]) {
    // A name's pair is counted once, however often it occurs in the name.
    const lastSeen = new Int32Array(PAIRS).fill(-1);
    const counts = new Int32Array(PAIRS);
    names.forEach((name, index) => {
      forEachPair(name, (pair) => {
        if (lastSeen[pair] === index) return;
        lastSeen[pair] = index;
        counts[pair] = (counts[pair] as number) + 1;
      });
    });
    for (let pair = 0; pair < PAIRS; pair++) this.offsets[pair + 1] = (this.offsets[pair] as number) + (counts[pair] as number);
    this.postings = names.length <= 0xffff ? new Uint16Array(this.offsets[PAIRS] as number) : new Int32Array(this.offsets[PAIRS] as number);
    const next = this.offsets.slice(0, PAIRS);
    lastSeen.fill(-1);
    names.forEach((name, index) => {
      forEachPair(name, (pair) => {
        if (lastSeen[pair] === index) return;
        lastSeen[pair] = index;
        const at = next[pair] as number;
        this.postings[at] = index;
        next[pair] = at + 1;
      });
    });
    this.bytes = this.offsets.byteLength + this.postings.byteLength + names.reduce((sum, name) => sum + name.length + 24, 0);
  }

  closest(query: string, limit = 5): string[] {
    if (query.length === 0) return [];
    const shared = new Uint8Array(this.names.length);
    const seen = new Set<number>();
    forEachPair(needleOf(query), (pair) => {
      if (seen.has(pair)) return;
      seen.add(pair);
      const end = this.offsets[pair + 1] as number;
      for (let k = this.offsets[pair] as number; k < end; k++) {
        const index = this.postings[k] as number;
        shared[index] = (shared[index] as number) + 1;
      }
    });
    // The lowest count that still fits MAX_EXAMINED names at or above it; names at it fill up in name order.
    const histogram = new Int32Array(256);
    for (const count of shared) histogram[count] = (histogram[count] as number) + 1;
    let threshold = 255;
    let above = 0;
    while (threshold > 1 && above + (histogram[threshold] as number) < MAX_EXAMINED) above += histogram[threshold--] as number;
    const examined: string[] = [];
    let atThreshold = MAX_EXAMINED - above;
    shared.forEach((count, index) => {
      if (count > threshold || (count === threshold && atThreshold-- > 0)) examined.push(this.names[index] as string);
    });
    return closestNames(query, examined, limit);
  }
}
