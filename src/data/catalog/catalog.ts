import { CatalogDatabase, type IconifySetRow, type PackRecord, type StoredDocumentInfo } from './catalog-database.js';
import type { IconifyIcon } from '@iconify/types';
import type { EntryReader, StoredEntry } from '../../core/resolve-icon.js';
import type { Encoding } from '../../util/compression.js';

export type { PackRecord, StoredDocumentInfo } from './catalog-database.js';

/**
 * The catalog as served: several database files (the default packs, then the
 * operator's own), where a pack of a later file replaces a pack of the same id
 * in an earlier one. Each pack is read from the one file that serves it.
 */
export class Catalog {
  /** Every served pack, sorted by id. */
  readonly packs: ReadonlyMap<string, PackRecord>;
  /** Every database of the catalog, the default packs' first. */
  readonly databases: readonly CatalogDatabase[];
  private readonly owned: CatalogDatabase[];
  private readonly databaseOf = new Map<string, CatalogDatabase>();

  /**
   * Opens the database files at `paths`, after the `shared` ones that are
   * already open: those stay open when this catalog closes (a reload of own
   * packs reopens only their file, not the large default one).
   */
  constructor(paths: readonly string[], shared: readonly CatalogDatabase[] = []) {
    this.owned = paths.map((path) => new CatalogDatabase(path));
    this.databases = [...shared, ...this.owned];
    const records = new Map<string, PackRecord>();
    for (const database of this.databases) {
      for (const [id, record] of database.packs) {
        records.set(id, record);
        this.databaseOf.set(id, database);
      }
    }
    this.packs = new Map([...records].sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  /** The database that serves `pack` (a pack of an earlier database may be replaced by one of a later). */
  database(pack: string): CatalogDatabase | undefined {
    return this.databaseOf.get(pack);
  }

  packDocumentInfo(pack: string): StoredDocumentInfo | undefined {
    return this.database(pack)?.packDocumentInfo(pack);
  }

  /** The stored pack document in one content coding (all three are made at build time). */
  packDocumentBytes(pack: string, encoding: Encoding): Buffer {
    const database = this.database(pack);
    if (!database) throw new Error(`catalog has no document for pack ${pack}`);
    return database.packDocumentBytes(pack, encoding);
  }

  /** The stored pack document in one coding, a chunk at a time. */
  packDocumentChunks(pack: string, encoding: Encoding): Iterator<Buffer> {
    const database = this.database(pack);
    if (!database) throw new Error(`catalog has no document for pack ${pack}`);
    return database.packDocumentChunks(pack, encoding);
  }

  /** Runs `read` in one read transaction of each database (see CatalogDatabase.readTogether): for reads of many icons at once. */
  readTogether<T>(read: () => T): T {
    return this.databases.reduceRight<() => T>((inner, database) => () => database.readTogether(inner), read)();
  }

  /** The icon or alias `name` of `pack`, already resolved; undefined when there is none. */
  icon(pack: string, name: string, entryOf?: EntryReader): IconifyIcon | undefined {
    return this.database(pack)?.icon(pack, name, entryOf);
  }

  /** The Iconify API's view of a pack: its root fields, info and lists, as JSON. */
  iconifySet(pack: string): IconifySetRow | undefined {
    return this.database(pack)?.iconifySet(pack);
  }

  /** The set's info as the Iconify API lists it, as JSON. */
  iconifyInfo(pack: string): string | undefined {
    return this.database(pack)?.iconifyInfo(pack);
  }

  /** The set's root fields, as JSON. */
  iconifyRoot(pack: string): string | undefined {
    return this.database(pack)?.iconifyRoot(pack);
  }

  /** The set's visible icons by their own names, as JSON. */
  iconifyVisible(pack: string): string | undefined {
    return this.database(pack)?.iconifyVisible(pack);
  }

  /** One icon, alias or character code of a pack, verbatim. */
  entry(pack: string, name: string): StoredEntry | undefined {
    return this.database(pack)?.entry(pack, name);
  }

  /** Whether a pack has an icon, alias or character code of this name (see CatalogDatabase.hasEntry). */
  hasEntry(pack: string, name: string): boolean {
    return this.database(pack)?.hasEntry(pack, name) ?? false;
  }

  /** One entry of a pack with the titles of the pack's categories that list it, in one read (see CatalogDatabase.entryWithCategories). */
  entryWithCategories(pack: string, name: string): { entry: StoredEntry; categories: string[] } | undefined {
    return this.database(pack)?.entryWithCategories(pack, name);
  }

  /** Every icon and alias name of a pack. */
  iconNames(pack: string): string[] {
    return this.database(pack)?.iconNames(pack) ?? [];
  }

  /** Serial number of the database serving `pack` (see CatalogDatabase.serial). */
  serialOf(pack: string): number {
    return this.databaseOf.get(pack)?.serial ?? 0;
  }

  /** Serial numbers of the databases this catalog opened (not those it shares). */
  get ownedSerials(): number[] {
    return this.owned.map((database) => database.serial);
  }

  /** Closes the databases this catalog opened. */
  close(): void {
    for (const database of this.owned) database.close();
  }
}
