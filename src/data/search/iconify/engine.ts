import { prefixFilter } from './prefixes.js';
import type { WorkBudget } from '../budget.js';
import type { PostingList } from '../../search-index/entries.js';
import type { IconStyle } from '../../search-index/icon-style.js';
import type { PostingReader, SearchSet } from './posting-reader.js';
import { parseQuery, type SearchReading } from './query.js';
import { themelessLength } from '../../search-index/set-index.js';

/*
 * The Iconify API's search, ported from the reference's search()
 * (src/data/search/index.ts) so that it finds what the reference finds, in
 * the same order, over sets read from the catalog a keyword at a time, and
 * within a budget of work (see budget.ts).
 */

export interface SearchParams {
  query: string;
  limit: number;
  /** `min` instead of `limit`: every result found is returned, even past the limit. */
  softLimit?: boolean;
  /** The `prefix`/`prefixes`/`collection` parameter: ids, or id starts ending with `-`. */
  prefixes?: string[];
  category?: string;
  /** `similar`: false turns off the partial matching of the last word. */
  partial?: boolean;
}

export interface SearchResult {
  /** `prefix:name`, best first. */
  names: string[];
  /** The sets of `names`, in order of first appearance. */
  prefixes: string[];
}

/** Sets whose id is one of `filters`, or starts with one of them that ends with `-`. */
export function filterSetIds(sets: readonly SearchSet[], filters: readonly string[]): SearchSet[] {
  const selects = prefixFilter(filters);
  return sets.filter((set) => selects(set.id));
}

/** The entries of one set already among the results, by seq: a bitmap, as a common word matches thousands. */
class AddedEntries {
  private bits = new Uint8Array(1024);

  has(seq: number): boolean {
    return seq < this.bits.length * 8 && ((this.bits[seq >> 3] as number) & (1 << (seq & 7))) !== 0;
  }

  add(seq: number): void {
    if (seq >= this.bits.length * 8) {
      const grown = new Uint8Array(Math.max(this.bits.length * 2, (seq >> 3) + 1));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[seq >> 3] = (this.bits[seq >> 3] as number) | (1 << (seq & 7));
  }
}

interface Bucket {
  length: number;
  partial: boolean;
  /** Set id, then name, for each match: joined into `prefix:name` only for the results kept. */
  matches: string[];
}

/** What one search has found so far: results by rank bucket, and what each set has given. */
class Matches {
  readonly buckets: Bucket[] = [];
  count = 0;
  private readonly added = new Map<string, AddedEntries>();

  addedOf(set: string): AddedEntries {
    let added = this.added.get(set);
    if (!added) this.added.set(set, (added = new AddedEntries()));
    return added;
  }

  add(set: string, name: string, length: number, partial: boolean): void {
    let bucket = this.buckets.find((item) => item.length === length && item.partial === partial);
    if (!bucket) this.buckets.push((bucket = { length, partial, matches: [] }));
    bucket.matches.push(set, name);
    this.count++;
  }

  /** Exact matches first, then shorter names first; found order within each. */
  ranked(limit: number, soft: boolean): string[] {
    const sorted = [...this.buckets].sort((a, b) => (a.partial !== b.partial ? (a.partial ? 1 : -1) : a.length - b.length));
    const names: string[] = [];
    for (const bucket of sorted) {
      for (let i = 0; i < bucket.matches.length; i += 2) {
        if (!soft && names.length >= limit) return names;
        names.push(`${bucket.matches[i]}:${bucket.matches[i + 1]}`);
      }
    }
    return names;
  }
}

/**
 * The first name of entry `index` holding every test string, and the length
 * it ranks by, as the reference computes it: the icon's own name ranks by its
 * length without its theme word; an alias by its own length without one.
 */
function findName(list: PostingList, index: number, tests: readonly string[], themeParts: readonly string[]): { name: string; length: number } | undefined {
  let length: number | undefined;
  const iconLength = list.length(index);
  const name = list.findName(index, (candidate, position) => {
    for (const test of tests) {
      if (!candidate.includes(test)) return false;
      // An alias without a theme word keeps the length found so far.
      if (!position) length = iconLength || candidate.length;
      else length = themelessLength(candidate, themeParts) || length;
    }
    return true;
  });
  return name === undefined ? undefined : { name, length: length || name.length };
}

/** The sets a search's filters leave, in ranking order, as the reference's filterSearchPrefixes. */
export function filteredSets(
  sets: readonly SearchSet[],
  filters: { palette?: boolean; style?: IconStyle; category?: string; prefixes?: string[] },
): SearchSet[] {
  let result = [...sets];
  if (typeof filters.palette === 'boolean') result = result.filter((set) => set.palette === filters.palette);
  if (filters.style) result = result.filter((set) => set.style === filters.style || set.style === 'mixed');
  if (filters.category) result = result.filter((set) => set.category === filters.category);
  if (filters.prefixes) result = filterSetIds(result, filters.prefixes);
  return result;
}

/**
 * The entries every list holds, as indexes into the shortest list (an entry's
 * names are the same in every list that holds it), in seq order: each entry
 * of the shortest is looked up in the others by halving, a unit each.
 * Undefined for all of the shortest's entries, when it is the only list;
 * false when the budget does not cover the look-ups.
 */
function commonEntries(lists: readonly PostingList[], budget: WorkBudget): { list: PostingList; indexes: number[] | undefined } | false {
  let shortest = 0;
  lists.forEach((list, i) => {
    if (list.size < (lists[shortest] as PostingList).size) shortest = i;
  });
  const list = lists[shortest] as PostingList;
  if (lists.length === 1) return { list, indexes: undefined };
  const others = lists.filter((_, i) => i !== shortest);
  if (!budget.spend(list.size * others.length)) return false;
  const from = others.map(() => 0);
  const indexes: number[] = [];
  entries: for (let index = 0; index < list.size; index++) {
    const seq = list.seq(index);
    for (let o = 0; o < others.length; o++) {
      const other = others[o] as PostingList;
      const at = other.seekSeq(seq, from[o] as number);
      from[o] = at;
      if (at === other.size) break entries;
      if (other.seq(at) !== seq) continue entries;
    }
    indexes.push(index);
  }
  return { list, indexes };
}

/** The sets a reading may find icons in, in ranking order, and each one's place among them. */
interface ReadingSets {
  sets: SearchSet[];
  place: Map<string, number>;
}

/** Of a reading's sets, those of `holders`, in ranking order: read from whichever of the two is smaller. */
function setsHolding(reading: ReadingSets, holders: ReadonlySet<string>): SearchSet[] {
  if (holders.size >= reading.sets.length) return reading.sets.filter((set) => holders.has(set.id));
  const places: number[] = [];
  for (const id of holders) {
    const place = reading.place.get(id);
    if (place !== undefined) places.push(place);
  }
  return places.sort((a, b) => a - b).map((place) => reading.sets[place] as SearchSet);
}

/**
 * Runs the reference's search, reading the index through `reader` and paying
 * for it from the reader's budget: when that is spent, what was found so far
 * is ranked and returned. Undefined when it finds nothing.
 */
export function search(params: SearchParams, reader: PostingReader): SearchResult | undefined {
  const parsed = parseQuery(params.query, params.partial ?? true);
  if (!parsed) return undefined;
  const budget = reader.budget;
  const readings = parsed.readings.filter((reading) => reading.keywords.every((keyword) => reader.setsWith(keyword).size > 0));
  if (!readings.length) return undefined;
  const base = filteredSets(reader.sets, { palette: parsed.palette, style: parsed.style, category: params.category, prefixes: params.prefixes });
  const style = parsed.style;
  const matches = new Matches();
  const limit = params.limit;
  const setsOf = new Map<SearchReading, ReadingSets>();
  // Readings share the query's `prefix:` filter, which may name hundreds of sets: each filter is applied once.
  const setsNamed = new Map<string, SearchSet[]>();

  const readingSets = (reading: SearchReading): ReadingSets => {
    let found = setsOf.get(reading);
    if (!found) {
      let sets = base;
      if (reading.prefixes) {
        const key = reading.prefixes.join(',');
        sets = setsNamed.get(key) ?? filterSetIds(base, reading.prefixes);
        setsNamed.set(key, sets);
      }
      for (const keyword of reading.keywords) {
        const holders = reader.setsWith(keyword);
        sets = sets.filter((set) => holders.has(set.id));
      }
      setsOf.set(reading, (found = { sets, place: new Map(sets.map((set, i) => [set.id, i])) }));
    }
    return found;
  };

  /** Adds the matches of one reading (with `partial` as one more keyword); false once the budget is spent. */
  const run = (reading: SearchReading, exact: boolean, partial?: string): boolean => {
    const found = readingSets(reading);
    if (!found.sets.length) return !budget.spent;
    const sets = partial ? setsHolding(found, reader.setsWith(partial)) : found.sets;
    const keywords = partial ? [...reading.keywords, partial] : reading.keywords;
    const tests = reading.test ? [...reading.test, ...keywords] : keywords;
    // A completion's entries are read for one set alone when it is the only one the reading leaves, or when, past the
    // limit, a completion alone adds at most one icon, most often from the first set holding it.
    const alone = sets.length === 1 || (!exact && !reading.keywords.length && matches.count >= limit);
    for (const set of sets) {
      const lists: PostingList[] = [];
      for (const keyword of keywords) {
        const list = reader.entries(keyword, set.id, alone && keyword === partial);
        if (!list) break;
        lists.push(list);
      }
      if (lists.length !== keywords.length) {
        if (budget.spent) return false;
        continue;
      }
      const common = commonEntries(lists, budget);
      if (!common) return false;
      const { list, indexes } = common;
      const added = matches.addedOf(set.id);
      const count = indexes ? indexes.length : list.size;
      for (let k = 0; k < count; k++) {
        if (!budget.spend(1)) return false;
        const index = indexes ? (indexes[k] as number) : k;
        const seq = list.seq(index);
        if (added.has(seq)) continue;
        if (style && set.style === 'mixed' && list.style(index) !== style) continue;
        const match = findName(list, index, tests, set.themeParts);
        if (!match) continue;
        added.add(seq);
        matches.add(set.id, match.name, match.length, !exact);
        if (!exact && matches.count >= limit) return true;
      }
    }
    return !budget.spent;
  };

  /** Runs every reading, exactly or with its last word completed; false once the budget is spent. */
  const runAll = (exact: boolean): boolean => {
    for (const reading of readings) {
      const partial = reading.partial;
      if (partial) {
        if (exact) {
          if (reader.setsWith(partial).size > 0 && !run(reading, true, partial)) return false;
        } else {
          for (const keyword of reader.partialKeywords(partial, true)) if (!budget.spend(1) || !run(reading, false, keyword)) return false;
        }
      } else {
        if (!exact) continue;
        if (!run(reading, true)) return false;
      }
      if (!exact && matches.count >= limit) return true;
    }
    return true;
  };

  if (runAll(true) && matches.count < limit) runAll(false);
  if (!matches.count) return undefined;
  const names = matches.ranked(limit, !!params.softLimit);
  return { names, prefixes: prefixesOf(names) };
}

/** The sets of `prefix:name` strings, in order of first appearance. */
export function prefixesOf(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => name.slice(0, name.indexOf(':'))))];
}
