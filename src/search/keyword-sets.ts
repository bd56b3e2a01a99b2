import type { CatalogDatabase } from '../catalog/catalog-database.js';

/**
 * Which searchable sets of a database hold each keyword, read once per
 * database from its index of keywords by set and then held: a search of a
 * partial word tries hundreds of keywords, most of them in none of the sets
 * its other words leave, and a query per keyword to learn that cost more than
 * the rest of the search. Kept per database, so the default catalog's is
 * shared by every view and survives reloads of own packs.
 */
const setsByDatabase = new WeakMap<CatalogDatabase, ReadonlyMap<string, readonly string[]>>();

export function keywordSets(database: CatalogDatabase): ReadonlyMap<string, readonly string[]> {
  let sets = setsByDatabase.get(database);
  if (!sets) {
    const found = new Map<string, string[]>();
    for (const { pack } of database.searchSets()) {
      for (const keyword of database.keywordsOf(pack)) {
        const holders = found.get(keyword);
        if (holders) holders.push(pack);
        else found.set(keyword, [pack]);
      }
    }
    setsByDatabase.set(database, (sets = found));
  }
  return sets;
}
