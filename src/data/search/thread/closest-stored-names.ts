import { spelledBackwards } from '../../search-index/set-index.js';
import { Closeness } from '../../../util/edit-distance.js';

/** A pack's icon and alias names in order, read a few at a time from either end (each read is a halving search, in any pack). */
export interface SortedNames {
  /** Up to `count` names at or after `bound`, in order. */
  from(bound: string, count: number): string[];
  /** Up to `count` names spelt backwards, at or after `bound` in that order. */
  backwardsFrom(bound: string, count: number): string[];
}

/** Reads of a pack's names per query, at most: with NAMES_PER_READ, what bounds a miss's work, whatever the pack's size. */
export const MAX_NAME_READS = 64;
/** Names a range read takes: a range this small is read whole, and an exact spelling brings the first names that continue it. */
const RANGE = 32;
/** Names one read returns, at most: a range, and one more to tell whether the range was read whole. */
export const NAMES_PER_READ = RANGE + 1;

type End = 'beginning' | 'ending';

/**
 * The names of a pack close to `query`, closest first, ranked as
 * `closestNames` ranks them, from at most `maxReads` reads of the pack's
 * sorted names, however many it has.
 *
 * A name one edit away (a letter deleted, replaced, inserted, or swapped
 * with the next) keeps the needle's beginning before the edit and its ending
 * after it. So the search first finds, by halving, the shortest beginning
 * and the shortest ending that few enough names share to be read whole: the
 * one covers every edit after it, the other every edit before it. The edits
 * between the two are spelt out, replacing or inserting only the letters
 * that follow the needle's beginning in some name. The names read on the way,
 * close to the needle in one order or the other, are candidates too, and the
 * names that continue the best ones are read, so that `hoem` suggests `home`
 * and the names that begin with it. A needle that may be the beginning of a
 * name (nothing close found) has its earlier edits spelt out as well, since
 * such a name does not share its ending.
 */
export function closestStoredNames(query: string, names: SortedNames, limit = 5, maxReads = MAX_NAME_READS): { names: string[]; reads: number } {
  if (query.length === 0) return { names: [], reads: 0 };
  const search = new EditSearch(query, names, maxReads);
  const { closeness } = search;
  search.readOneEditFrom(closeness.needle, closeness.found === 0);
  // Too few: the names one edit from the closest found are at most two from the needle.
  for (const name of closeness.best(limit)) {
    if (closeness.found >= limit) break;
    search.readOneEditFrom(name, false);
  }
  search.readContinuations(limit);
  return { names: closeness.best(limit), reads: search.reads };
}

/** The state of one search: the candidates found, and the reads spent. */
class EditSearch {
  readonly closeness: Closeness;
  reads = 0;
  /** Spellings whose continuations were read (bounds of reads from the beginning). */
  private readonly continued = new Set<string>();
  /** Beginnings whose names were all read. */
  private readonly wholeBeginnings: string[] = [];
  /** Spellings searched around already. */
  private readonly searched = new Set<string>();

  constructor(
    query: string,
    private readonly names: SortedNames,
    private readonly maxReads: number,
  ) {
    this.closeness = new Closeness(query);
  }

  /**
   * Reads the names one edit from `spelling`: the shortest beginning and
   * ending read whole, and the edits between them spelt out (deeper ones
   * first: fewer letters follow a longer beginning). Then, when nothing
   * close was found (`spelling` may be the beginning of a name, which does
   * not share its ending), the earlier edits too.
   */
  readOneEditFrom(spelling: string, orAsBeginning: boolean): void {
    if (this.searched.has(spelling)) return;
    this.searched.add(spelling);
    const first = this.shortestWholeBeginning(spelling);
    const last = this.lastEditCoveredByEnding(spelling);
    for (let i = Math.min(first, spelling.length) - 1; i >= Math.max(0, last); i--) this.spellOut(spelling, i, i > last, i > last + 1);
    if (first > spelling.length) this.spellOut(spelling, spelling.length, false, true);
    if (!orAsBeginning) return;
    for (let i = Math.min(last, first - 1); i >= 0 && this.closeness.found === 0; i--) this.spellOut(spelling, i, true, true);
  }

  /** The length of the shortest beginning of `spelling` whose names are few enough to be read whole (and were); one more than its length when none is. */
  private shortestWholeBeginning(spelling: string): number {
    const length = leastPassing(spelling.length + 1, (length) => this.readWhole('beginning', spelling.slice(0, length)));
    if (length <= spelling.length) this.wholeBeginnings.push(spelling.slice(0, length));
    return length;
  }

  /**
   * The last position of `spelling` whose deletion or replacement the
   * shortest ending read whole covers (insertions one further, swaps one
   * less); -2 when none is.
   */
  private lastEditCoveredByEnding(spelling: string): number {
    const backwards = spelledBackwards(spelling);
    return backwards.length - 1 - leastPassing(backwards.length + 1, (length) => this.readWhole('ending', backwards.slice(0, length)));
  }

  /** Reads the names one edit from `spelling` at position `i`: the swap with the next letter, and the deletion, replacements and insertions asked for. */
  private spellOut(spelling: string, i: number, deletionsAndReplacements: boolean, insertions: boolean): void {
    const kept = spelling.slice(0, i);
    const after = spelling.slice(i + 1);
    if (after.length > 0) this.spell(kept + after[0] + spelling[i] + after.slice(1));
    if (deletionsAndReplacements) this.spell(kept + after);
    // One read per letter that follows `kept`: when its names are few, that read holds them all.
    for (let bound = kept; (deletionsAndReplacements || insertions) && this.reads < this.maxReads; ) {
      const keys = this.read('beginning', bound, RANGE + 1) ?? [];
      const key = keys.find((name) => name !== kept);
      if (key === undefined || !key.startsWith(kept)) return;
      const letter = key[kept.length]!;
      const branch = kept + letter;
      if (keys.length > RANGE && keys[RANGE]!.startsWith(branch)) {
        if (deletionsAndReplacements && letter !== spelling[i]) this.spell(branch + after);
        if (insertions) this.spell(branch + spelling.slice(i));
      }
      if (letter.charCodeAt(0) === 0xffff) return;
      bound = kept + String.fromCharCode(letter.charCodeAt(0) + 1);
    }
  }

  /** Reads the names that continue the closest ones (`home-outline` after `home`), unless they were read already. */
  readContinuations(limit: number): void {
    for (const name of this.closeness.best(limit)) if (!this.wholeBeginnings.some((beginning) => name.startsWith(beginning))) this.spell(name);
  }

  /** Reads from an exact spelling: the name, if there is one, and the first names that continue it. */
  private spell(spelling: string): void {
    if (!this.continued.has(spelling)) this.read('beginning', spelling, RANGE);
  }

  /** Whether the names that begin (or end) with `part` are few enough to be read whole, and were. */
  private readWhole(end: End, part: string): boolean {
    const spellings = this.read(end, part, RANGE + 1);
    return spellings !== undefined && !(spellings.length > RANGE && spellings[RANGE]!.startsWith(part));
  }

  /** Up to `count` spellings from `bound` on, from the beginning or the end of the names, all offered as candidates; undefined past the budget. */
  private read(end: End, bound: string, count: number): string[] | undefined {
    if (this.reads >= this.maxReads) return undefined;
    this.reads++;
    if (end === 'ending') {
      const endings = this.names.backwardsFrom(bound, count);
      for (const ending of endings) this.closeness.offer(spelledBackwards(ending));
      return endings;
    }
    this.continued.add(bound);
    const spellings = this.names.from(bound, count);
    for (const name of spellings) this.closeness.offer(name);
    return spellings;
  }
}

/** The least `n` in [0, end) for which `passes` holds, or `end`: `passes` holds for every number above one it holds for. */
function leastPassing(end: number, passes: (n: number) => boolean): number {
  let low = 0;
  let high = end;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (passes(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
