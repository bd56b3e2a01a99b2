import { prefixFilter } from '../iconify/prefixes.js';
import type { PostingList } from './entries.js';
import type { IconStyle } from './icon-style.js';
import { parseQuery, type SearchReading } from './query.js';
import { themelessLength } from './set-index.js';

/*
 * The Iconify API's search, ported from the reference's search()
 * (src/data/search/index.ts) so that it finds what the reference finds, in
 * the same order, over sets read from the catalog a keyword at a time.
 */

/** A searchable set, as search filters and ranks it. */
export interface SearchSet {
  id: string;
  style: IconStyle | 'mixed' | undefined;
  /** Theme words, longest first (see set-index.ts). */
  themeParts: readonly string[];
  palette: boolean | undefined;
  category: string | undefined;
}

/** Where search reads its index: the sets it may search, and their entries by keyword. */
export interface SearchSource {
  /** The searchable sets, in the order results rank them within one length. */
  readonly sets: readonly SearchSet[];
  /** The sets holding `keyword`, each with its entries holding it. */
  postings(keyword: string): ReadonlyMap<string, PostingList>;
  /** Keywords longer than `partial` that start with it, then (with `endings`) those that end with it, each group by length, then alphabetically. */
  partialKeywords(partial: string, endings: boolean): readonly string[];
}

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

/** Reads each keyword's postings once per search. */
export class PostingReader {
  private readonly postings = new Map<string, ReadonlyMap<string, PostingList>>();

  constructor(private readonly source: SearchSource) {}

  setsWith(keyword: string): ReadonlyMap<string, PostingList> {
    let postings = this.postings.get(keyword);
    if (!postings) this.postings.set(keyword, (postings = this.source.postings(keyword)));
    return postings;
  }

  entries(keyword: string, set: string): PostingList | undefined {
    return this.setsWith(keyword).get(set);
  }
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
  const iconLength = list.lengths[index] as number;
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
 * Indexes into the first list of the entries every list holds, in the first
 * list's order (all lists are in seq order); undefined for all of the first
 * list's entries, when it is the only one.
 */
function intersection(lists: readonly PostingList[]): number[] | undefined {
  const first = lists[0] as PostingList;
  let indexes: number[] | undefined;
  for (let l = 1; l < lists.length; l++) {
    const other = (lists[l] as PostingList).seqs;
    const kept: number[] = [];
    let j = 0;
    const count = indexes ? indexes.length : first.size;
    for (let k = 0; k < count; k++) {
      const index = indexes ? (indexes[k] as number) : k;
      const seq = first.seqs[index] as number;
      while (j < other.length && (other[j] as number) < seq) j++;
      if (j < other.length && other[j] === seq) kept.push(index);
    }
    indexes = kept;
  }
  return indexes;
}

/** Runs the reference's search; undefined when it would find nothing. */
export function search(params: SearchParams, source: SearchSource): SearchResult | undefined {
  const parsed = parseQuery(params.query, params.partial ?? true);
  if (!parsed) return undefined;
  const reader = new PostingReader(source);
  const readings = parsed.readings.filter((reading) => reading.keywords.every((keyword) => reader.setsWith(keyword).size > 0));
  if (!readings.length) return undefined;
  const base = filteredSets(source.sets, { palette: parsed.palette, style: parsed.style, category: params.category, prefixes: params.prefixes });
  const style = parsed.style;
  const matches = new Matches();
  const limit = params.limit;
  const setsOf = new Map<SearchReading, SearchSet[]>();

  const run = (reading: SearchReading, exact: boolean, partial?: string) => {
    let sets = setsOf.get(reading);
    if (!sets) {
      sets = reading.prefixes ? filterSetIds(base, reading.prefixes) : base;
      for (const keyword of reading.keywords) sets = sets.filter((set) => reader.setsWith(keyword).has(set.id));
      setsOf.set(reading, sets);
    }
    if (!sets.length) return;
    const keywords = partial ? [...reading.keywords, partial] : reading.keywords;
    const tests = reading.test ? [...reading.test, ...keywords] : keywords;
    if (partial) sets = sets.filter((set) => reader.setsWith(partial).has(set.id));
    for (const set of sets) {
      const lists: PostingList[] = [];
      for (const keyword of keywords) {
        const list = reader.entries(keyword, set.id);
        if (!list) break;
        lists.push(list);
      }
      if (lists.length !== keywords.length) continue;
      const first = lists[0] as PostingList;
      const added = matches.addedOf(set.id);
      const indexes = intersection(lists);
      const count = indexes ? indexes.length : first.size;
      for (let k = 0; k < count; k++) {
        const index = indexes ? (indexes[k] as number) : k;
        const seq = first.seqs[index] as number;
        if (added.has(seq)) continue;
        if (style && set.style === 'mixed' && first.style(index) !== style) continue;
        const match = findName(first, index, tests, set.themeParts);
        if (!match) continue;
        added.add(seq);
        matches.add(set.id, match.name, match.length, !exact);
        if (!exact && matches.count >= limit) return;
      }
    }
  };

  const runAll = (exact: boolean) => {
    for (const reading of readings) {
      const partial = reading.partial;
      if (partial) {
        if (exact) {
          if (reader.setsWith(partial).size > 0) run(reading, true, partial);
        } else {
          for (const keyword of source.partialKeywords(partial, true)) run(reading, false, keyword);
        }
      } else {
        if (!exact) continue;
        run(reading, true);
      }
      if (!exact && matches.count >= limit) return;
    }
  };

  runAll(true);
  if (matches.count < limit) runAll(false);
  if (!matches.count) return undefined;
  const names = matches.ranked(limit, !!params.softLimit);
  return { names, prefixes: prefixesOf(names) };
}

/** The sets of `prefix:name` strings, in order of first appearance. */
export function prefixesOf(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => name.slice(0, name.indexOf(':'))))];
}
