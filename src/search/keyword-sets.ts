import type { CatalogDatabase } from '../catalog/catalog-database.js';

/**
 * Which searchable sets of a database hold each keyword, read once per
 * database from its index of keywords by set and then held: a search of a
 * partial word tries hundreds of keywords, most of them in none of the sets
 * its other words leave, and a query per keyword to learn that cost more than
 * the rest of the search. Kept per database, so the default catalog's is
 * shared by every view and survives reloads of own packs.
 */
export class KeywordSets {
  /** Set ids, numbered in the order the database lists its searchable sets. */
  private readonly sets: string[] = [];
  /** Per keyword: its slot in `starts`. */
  private readonly slots = new Map<string, number>();
  /** Where each keyword's set numbers begin in `members` (and the next keyword's begin). */
  private readonly starts: Uint32Array;
  /**
   * The set numbers of every keyword, keyword after keyword: one array for
   * the whole catalog, where an array of ids per keyword held 35,000 arrays
   * that the search thread's collector walks at every full collection.
   */
  private readonly members: Uint32Array;

  constructor(database: CatalogDatabase) {
    const holders = new Map<string, number[]>();
    let total = 0;
    for (const { pack } of database.searchSets()) {
      const set = this.sets.push(pack) - 1;
      for (const keyword of database.keywordsOf(pack)) {
        const list = holders.get(keyword);
        if (list) list.push(set);
        else holders.set(keyword, [set]);
        total++;
      }
    }
    this.starts = new Uint32Array(holders.size + 1);
    this.members = new Uint32Array(total);
    let at = 0;
    for (const [keyword, list] of holders) {
      const slot = this.slots.size;
      this.slots.set(keyword, slot);
      this.starts[slot] = at;
      this.members.set(list, at);
      at += list.length;
    }
    this.starts[holders.size] = at;
  }

  /** The ids of the sets holding `keyword`, in the database's order of sets. */
  get(keyword: string): string[] {
    const slot = this.slots.get(keyword);
    if (slot === undefined) return [];
    const found: string[] = [];
    for (let at = this.starts[slot] as number; at < (this.starts[slot + 1] as number); at++) found.push(this.sets[this.members[at] as number] as string);
    return found;
  }
}

const setsByDatabase = new WeakMap<CatalogDatabase, KeywordSets>();

export function keywordSets(database: CatalogDatabase): KeywordSets {
  let sets = setsByDatabase.get(database);
  if (!sets) setsByDatabase.set(database, (sets = new KeywordSets(database)));
  return sets;
}
