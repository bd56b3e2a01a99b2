import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import { PackedLists } from '../packed-lists.js';

/** The sets of a keyword no set holds. */
const NONE = new Int32Array(0);

/**
 * Which searchable sets of a database hold each keyword, read once per
 * database from its index of keywords by set and then held: a search of a
 * partial word tries hundreds of keywords, most of them in none of the sets
 * its other words leave, and a query per keyword to learn that cost more than
 * the rest of the search. Kept per database, so the default catalog's is
 * shared by every view and survives reloads of own packs. Held as set
 * numbers packed in one array, where an array of ids per keyword held 35,000
 * arrays.
 */
export class KeywordSets {
  /** Set ids, numbered in the order the database lists its searchable sets. */
  private readonly sets: string[] = [];
  private readonly lists: PackedLists;

  constructor(database: CatalogDatabase) {
    const holders = new Map<string, number[]>();
    for (const { pack } of database.searchSets()) {
      const set = this.sets.push(pack) - 1;
      for (const keyword of database.keywordsOf(pack)) {
        const list = holders.get(keyword);
        if (list) list.push(set);
        else holders.set(keyword, [set]);
      }
    }
    this.lists = PackedLists.of(holders);
  }

  /** The numbers of the sets holding `keyword`, in the database's order of sets (a view, nothing made per call). */
  holding(keyword: string): Int32Array {
    return this.lists.get(keyword) ?? NONE;
  }

  /** The id of set number `set`. */
  idOf(set: number): string {
    return this.sets[set] as string;
  }
}

const setsByDatabase = new WeakMap<CatalogDatabase, KeywordSets>();

export function keywordSets(database: CatalogDatabase): KeywordSets {
  let sets = setsByDatabase.get(database);
  if (!sets) setsByDatabase.set(database, (sets = new KeywordSets(database)));
  return sets;
}
