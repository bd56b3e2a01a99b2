import type { Catalog } from '../catalog/catalog.js';
import type { CatalogDatabase } from '../catalog/catalog-database.js';
import { PostingList } from './entries.js';
import type { IconStyle } from './icon-style.js';
import type { SearchSet, SearchSource } from './engine.js';

/** Keywords by length, then alphabetically, as the reference sorts its partial matches. */
const byLengthThenName = (a: string, b: string) => a.length - b.length || a.localeCompare(b);

/**
 * Search over a catalog's databases, as one registry (or one view of it)
 * serves them: only the sets it serves, each read from the database that
 * serves it, in the Iconify API's order of sets (@iconify/json's, then own
 * packs by id). Nothing but the list of sets is held; entries are read per
 * keyword.
 */
export class CatalogSearch implements SearchSource {
  readonly sets: readonly SearchSet[];
  private readonly served: ReadonlySet<string>;
  /** Keywords found only in sets this search may not show (a private pack, a replaced default pack), made on first use. */
  private unservedKeywords: Set<string> | undefined;

  constructor(
    private readonly catalog: Catalog,
    servedPacks: Iterable<string>,
  ) {
    const served = new Set(servedPacks);
    this.served = served;
    const rank = new Map<string, number>();
    for (const database of catalog.databases) {
      for (const [i, id] of (database.setOrder() ?? []).entries()) rank.set(id, i);
    }
    const sets: SearchSet[] = [];
    for (const database of catalog.databases) {
      for (const row of database.searchSets()) {
        if (!served.has(row.pack) || catalog.database(row.pack) !== database) continue;
        const info = JSON.parse(catalog.iconifyInfo(row.pack) ?? '{}') as { palette?: unknown; category?: unknown };
        sets.push({
          id: row.pack,
          style: (row.style ?? undefined) as IconStyle | 'mixed' | undefined,
          themeParts: JSON.parse(row.themeParts) as string[],
          palette: typeof info.palette === 'boolean' ? info.palette : undefined,
          category: typeof info.category === 'string' ? info.category : undefined,
        });
      }
    }
    const last = Number.MAX_SAFE_INTEGER;
    this.sets = sets.sort((a, b) => (rank.get(a.id) ?? last) - (rank.get(b.id) ?? last) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  private shows(database: CatalogDatabase, pack: string): boolean {
    return this.served.has(pack) && this.catalog.database(pack) === database;
  }

  /**
   * Read for each search: kept, the entries of common words took more memory
   * than they saved time (figures in bench/README.md); whole answers are cached.
   */
  postings(keyword: string): ReadonlyMap<string, PostingList> {
    const found = new Map<string, PostingList>();
    for (const database of this.catalog.databases) {
      for (const row of database.postings(keyword)) if (this.shows(database, row.pack)) found.set(row.pack, new PostingList(row.entries));
    }
    return found;
  }

  partialKeywords(partial: string, endings: boolean): readonly string[] {
    const unserved = this.unserved();
    const collect = (ending: boolean) => {
      const found = new Set<string>();
      for (const database of this.catalog.databases)
        for (const keyword of database.keywordsAround(partial, ending)) if (!unserved.has(keyword)) found.add(keyword);
      return [...found].sort(byLengthThenName);
    };
    const starting = collect(false);
    if (!endings) return starting;
    return starting.concat(collect(true).filter((keyword) => !keyword.startsWith(partial)));
  }

  /** Whether any set this search shows has `keyword` in a name (its entries are not read). */
  hasKeyword(keyword: string): boolean {
    return this.catalog.databases.some((database) => database.packsWith(keyword).some((pack) => this.shows(database, pack)));
  }

  private unserved(): Set<string> {
    if (this.unservedKeywords) return this.unservedKeywords;
    const candidates = new Set<string>();
    for (const database of this.catalog.databases) {
      for (const row of database.searchSets())
        if (!this.shows(database, row.pack)) for (const keyword of database.keywordsOf(row.pack)) candidates.add(keyword);
    }
    this.unservedKeywords = new Set([...candidates].filter((keyword) => !this.hasKeyword(keyword)));
    return this.unservedKeywords;
  }
}
