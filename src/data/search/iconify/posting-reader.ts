import type { WorkBudget } from '../budget.js';
import { PostingList } from '../../search-index/entries.js';
import type { IconStyle } from '../../search-index/icon-style.js';

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
  /** The sets (of `sets`) holding `keyword`, known without reading their entries. */
  setsWith(keyword: string): readonly string[];
  /** The sets (of `sets`) holding `keyword`, each with its entries holding it, encoded (see entries.ts). */
  postings(keyword: string): ReadonlyMap<string, string>;
  /** The entries of one set holding `keyword`, encoded; undefined when it holds none. */
  entries(keyword: string, set: string): string | undefined;
  /**
   * Keywords longer than `partial` that start with it, then (with `endings`)
   * those that end with it, each group by length, then alphabetically. It may
   * list keywords of no set of `sets`: they find nothing.
   */
  partialKeywords(partial: string, endings: boolean): readonly string[];
}

const NO_SETS: ReadonlySet<string> = new Set();
const NO_POSTINGS: ReadonlyMap<string, string> = new Map();

/** What one read of entries or keywords from the source costs beyond what it reads: a query to a database takes about as long as decoding this many entries. */
export const READ_UNITS = 200;
/** Characters of entries read from the source per unit: about one entry. */
export const CHARACTERS_PER_UNIT = 32;

/**
 * One search's reading of the index, shared by the search, its synonym
 * rewrites and its category fill. Which sets hold a keyword is known apart
 * from their entries (a search of a partial word tries hundreds of keywords,
 * most of them in none of the sets its other words leave); a keyword's
 * entries are read for all its sets at once when one set's are first needed,
 * unless the search needs that set's alone. What is read is kept for the
 * search, each set's entries are decoded once, and every read and decoding is
 * paid from the search's budget. Once the budget is spent nothing more is
 * read: the search finds no further keyword or entry, and ends.
 */
export class PostingReader {
  private readonly holders = new Map<string, ReadonlySet<string>>();
  private readonly postings = new Map<string, ReadonlyMap<string, string>>();
  /** By keyword, then set. */
  private readonly decoded = new Map<string, Map<string, PostingList>>();
  private readonly partials = new Map<string, readonly string[]>();

  constructor(
    readonly source: SearchSource,
    readonly budget: WorkBudget,
  ) {}

  get sets(): readonly SearchSet[] {
    return this.source.sets;
  }

  /** The sets holding `keyword` (a unit, and one per set: the source holds them). */
  setsWith(keyword: string): ReadonlySet<string> {
    let sets = this.holders.get(keyword);
    if (sets) return sets;
    if (this.budget.spent) return NO_SETS;
    const found = this.source.setsWith(keyword);
    sets = this.budget.spend(1 + found.length) ? new Set(found) : NO_SETS;
    this.holders.set(keyword, sets);
    return sets;
  }

  /**
   * The entries of set `set` holding `keyword`, decoded (a unit per entry):
   * read with those of every set holding the keyword, or, when the search
   * needs this set's `alone` and the others' are not read yet, by themselves.
   */
  entries(keyword: string, set: string, alone = false): PostingList | undefined {
    let bySet = this.decoded.get(keyword);
    let list = bySet?.get(set);
    if (list) return list;
    if (!this.setsWith(keyword).has(set)) return undefined;
    const text = alone && !this.postings.has(keyword) ? this.entriesOf(keyword, set) : this.postingsOf(keyword).get(set);
    if (text === undefined || this.budget.spent) return undefined;
    list = new PostingList(text);
    // Decoded before it is paid for: a single list may go past the budget, by at most its size.
    if (!this.budget.spend(list.size)) return undefined;
    if (!bySet) this.decoded.set(keyword, (bySet = new Map()));
    bySet.set(set, list);
    return list;
  }

  /** One set's entries of a keyword, encoded (a read, and a unit per entry's worth of text). */
  private entriesOf(keyword: string, set: string): string | undefined {
    if (!this.budget.spend(READ_UNITS)) return undefined;
    const text = this.source.entries(keyword, set);
    return text !== undefined && this.budget.spend(1 + Math.ceil(text.length / CHARACTERS_PER_UNIT)) ? text : undefined;
  }

  /** A keyword's entries in every set holding it, encoded (a read, and a unit per set and per entry's worth of text). */
  private postingsOf(keyword: string): ReadonlyMap<string, string> {
    let found = this.postings.get(keyword);
    if (found) return found;
    if (this.budget.spent) return NO_POSTINGS;
    found = this.source.postings(keyword);
    let units = READ_UNITS;
    for (const text of found.values()) units += 1 + Math.ceil(text.length / CHARACTERS_PER_UNIT);
    if (!this.budget.spend(units)) found = NO_POSTINGS;
    this.postings.set(keyword, found);
    return found;
  }

  /** The keywords completing a partial word (a read, and a unit per keyword). */
  partialKeywords(partial: string, endings: boolean): readonly string[] {
    const key = `${endings ? '+' : '-'}${partial}`;
    let keywords = this.partials.get(key);
    if (keywords) return keywords;
    if (this.budget.spent) return [];
    const found = this.source.partialKeywords(partial, endings);
    keywords = this.budget.spend(READ_UNITS + found.length) ? found : [];
    this.partials.set(key, keywords);
    return keywords;
  }
}
