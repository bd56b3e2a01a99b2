import type { Catalog } from '../../catalog/catalog.js';
import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import type { IconStyle } from '../../search-index/icon-style.js';
import { keywordSets } from './keyword-sets.js';
import type { SearchSet, SearchSource } from './posting-reader.js';

/** Keywords by length, then alphabetically, as the reference sorts its partial matches. */
const byLengthThenName = (a: string, b: string) => a.length - b.length || a.localeCompare(b);

/**
 * Search over a catalog's databases, as one registry (or one view of it)
 * serves them: only the sets it serves, each read from the database that
 * serves it, in the Iconify API's order of sets (@iconify/json's, then own
 * packs by id). Only the list of sets and which sets hold each keyword are
 * held (see keyword-sets.ts); entries are read per keyword.
 */
export class CatalogSearch implements SearchSource {
  readonly sets: readonly SearchSet[];
  private readonly served: ReadonlySet<string>;
  /**
   * Whether a searchable set of the databases is not shown (a private pack, a
   * replaced default pack): a keyword of the databases may then be of no set
   * this search shows, which is checked of each keyword as it is listed.
   */
  private readonly hidesSets: boolean;

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
    let hidesSets = false;
    for (const database of catalog.databases) {
      for (const row of database.searchSets()) {
        if (!this.shows(database, row.pack)) {
          hidesSets = true;
          continue;
        }
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
    this.hidesSets = hidesSets;
    const last = Number.MAX_SAFE_INTEGER;
    this.sets = sets.sort((a, b) => (rank.get(a.id) ?? last) - (rank.get(b.id) ?? last) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  private shows(database: CatalogDatabase, pack: string): boolean {
    return this.served.has(pack) && this.catalog.database(pack) === database;
  }

  setsWith(keyword: string): string[] {
    const found: string[] = [];
    for (const database of this.catalog.databases) {
      const sets = keywordSets(database);
      for (const set of sets.holding(keyword)) {
        const pack = sets.idOf(set);
        if (this.shows(database, pack)) found.push(pack);
      }
    }
    return found;
  }

  /**
   * Read for each search: kept, the entries of common words took more memory
   * than they saved time (figures in bench/README.md); whole answers are cached.
   */
  postings(keyword: string): ReadonlyMap<string, string> {
    const found = new Map<string, string>();
    for (const database of this.catalog.databases) {
      for (const row of database.postings(keyword)) if (this.shows(database, row.pack)) found.set(row.pack, row.entries);
    }
    return found;
  }

  entries(keyword: string, set: string): string | undefined {
    return this.served.has(set) ? this.catalog.database(set)?.searchEntries(keyword, set) : undefined;
  }

  /** Keywords of any set of the databases, shown or not (see SearchSource). */
  partialKeywords(partial: string, endings: boolean): readonly string[] {
    const collect = (ending: boolean) => {
      const found = new Set<string>();
      for (const database of this.catalog.databases) for (const keyword of database.keywordsAround(partial, ending)) found.add(keyword);
      return [...found].sort(byLengthThenName);
    };
    const starting = collect(false);
    if (!endings) return starting;
    return starting.concat(collect(true).filter((keyword) => !keyword.startsWith(partial)));
  }

  /** The partial keywords (see above) of the sets this search shows only, as `/keywords` lists them. */
  shownPartialKeywords(partial: string, endings: boolean): readonly string[] {
    const keywords = this.partialKeywords(partial, endings);
    return this.hidesSets ? keywords.filter((keyword) => this.hasKeyword(keyword)) : keywords;
  }

  /** Whether any set this search shows has `keyword` in a name (its entries are not read). */
  hasKeyword(keyword: string): boolean {
    return this.setsWith(keyword).length > 0;
  }
}
