/** Queries are cut to this length: no real name is longer, and the work grows with it. */
const MAX_QUERY_LENGTH = 48;

/** Rows of the table `distances` fills, kept for every call: a table is never wider than the longest query and its limit. */
const scratch = { before: new Int32Array(0), previous: new Int32Array(0), current: new Int32Array(0) };

function rowsOf(width: number): typeof scratch {
  if (scratch.current.length < width) {
    scratch.before = new Int32Array(width);
    scratch.previous = new Int32Array(width);
    scratch.current = new Int32Array(width);
  }
  return scratch;
}

/**
 * Optimal string alignment distances (Levenshtein plus adjacent
 * transpositions, so 'hoem' is one edit from 'home') from `a` to the whole of
 * `b` and to its first `a.length` characters, in one table: each is exact, or
 * `limit + 1` when it exceeds `limit`. Only the cells within `limit` of the
 * diagonal are computed (the others exceed it), and the work stops once a
 * whole row does. The rows are reused from call to call: a miss compares its
 * query with a few thousand names, and a table each was most of its garbage.
 */
function distances(a: string, b: string, limit: number): { whole: number; start: number } {
  const far = limit + 1;
  // Columns past a.length + limit can bring neither within the limit.
  const columns = Math.min(b.length, a.length + limit);
  const rows = rowsOf(columns + 1);
  let { before, previous, current } = rows;
  before.fill(far, 0, columns + 1);
  previous.fill(far, 0, columns + 1);
  current.fill(far, 0, columns + 1);
  for (let j = 0; j <= Math.min(columns, limit); j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const low = Math.max(1, i - limit);
    const high = Math.min(columns, i + limit);
    current[low - 1] = low === 1 && i <= limit ? i : far;
    let rowMinimum = current[low - 1]!;
    for (let j = low; j <= high; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost, far);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (high < columns) current[high + 1] = far;
    if (rowMinimum > limit) return { whole: far, start: far };
    [before, previous, current] = [previous, current, before];
  }
  const whole = b.length <= columns ? previous[b.length]! : far;
  return { whole, start: b.length > a.length ? previous[a.length]! : whole };
}

/** The distance from `a` to `b` (see `distances`), or `limit + 1` when it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  return distances(a, b, limit).whole;
}

/** The query as it is compared: lower-cased and cut. */
function needleOf(query: string): string {
  return query.toLowerCase().slice(0, MAX_QUERY_LENGTH);
}

/**
 * Candidates ranked by how close they are to one query, each scored once
 * however often it is offered. A candidate is close when it is a few edits
 * away, or when it starts with something a few edits away (so 'hoem' also
 * suggests 'home-outline').
 */
export class Closeness {
  readonly needle: string;
  private readonly tolerance: number;
  /** Every candidate offered, so that none is scored twice. */
  private readonly offered = new Set<string>();
  /** The close candidates, with their scores: few beside those offered, and all that ranking reads. */
  private readonly close: Array<{ name: string; score: number }> = [];
  /** Whether `close` is in ranking order. */
  private sorted = true;

  constructor(query: string) {
    this.needle = needleOf(query);
    this.tolerance = Math.max(1, Math.floor(this.needle.length / 3));
  }

  offer(name: string): void {
    if (this.offered.has(name)) return;
    this.offered.add(name);
    const { needle, tolerance } = this;
    const { whole, start } = distances(needle, name, tolerance);
    if (whole > tolerance && start > tolerance) return;
    // A match of the whole name ranks before a match of its beginning at the same distance.
    this.close.push({ name, score: whole <= start ? whole : start + 0.5 });
    this.sorted = false;
  }

  /** How many close candidates were found. */
  get found(): number {
    return this.close.length;
  }

  /** Up to `limit` close candidates, closest first, then shortest, then by name. */
  best(limit: number): string[] {
    if (!this.sorted) {
      this.close.sort((a, b) => a.score - b.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
      this.sorted = true;
    }
    return this.close.slice(0, limit).map((entry) => entry.name);
  }
}

/**
 * Up to `limit` candidates close to `query`, closest first. Compares every
 * candidate: for short lists, such as the pack ids (a pack's names are
 * searched with `closestStoredNames`).
 */
export function closestNames(query: string, candidates: Iterable<string>, limit = 5): string[] {
  if (query.length === 0) return [];
  const closeness = new Closeness(query);
  for (const name of candidates) closeness.offer(name);
  return closeness.best(limit);
}
