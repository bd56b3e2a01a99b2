import { CatalogDatabase, type PackRecord, type StoredDocumentInfo } from './catalog-database.js';
import type { IconifyIcon } from '@iconify/types';
import type { Encoding } from '../compression.js';

export type { PackRecord, StoredDocumentInfo } from './catalog-database.js';

/**
 * The catalog as served: several database files (the default packs, then the
 * operator's own), where a pack of a later file replaces a pack of the same id
 * in an earlier one. Each pack is read from the one file that serves it.
 */
export class Catalog {
  /** Every served pack, sorted by id. */
  readonly packs: ReadonlyMap<string, PackRecord>;
  private readonly databases: CatalogDatabase[];
  private readonly databaseOf = new Map<string, CatalogDatabase>();

  constructor(paths: readonly string[]) {
    this.databases = paths.map((path) => new CatalogDatabase(path));
    const records = new Map<string, PackRecord>();
    for (const database of this.databases) {
      for (const [id, record] of database.packs) {
        records.set(id, record);
        this.databaseOf.set(id, database);
      }
    }
    this.packs = new Map([...records].sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  private database(pack: string): CatalogDatabase | undefined {
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

  /** The icon or alias `name` of `pack`, already resolved; undefined when there is none. */
  icon(pack: string, name: string): IconifyIcon | undefined {
    return this.database(pack)?.icon(pack, name);
  }

  /** Every icon and alias name of a pack (for suggestions after a miss). */
  iconNames(pack: string): string[] {
    return this.database(pack)?.iconNames(pack) ?? [];
  }

  close(): void {
    for (const database of this.databases) database.close();
  }
}
