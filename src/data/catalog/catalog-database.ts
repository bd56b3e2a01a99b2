import type { StoredParts } from '../search-index/stored-parts.js';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { IconifyAlias, IconifyIcon } from '@iconify/types';
import type { EntryKind, IconifyView } from './iconify-view.js';
import { packDefaultsOf, resolveIcon, type StoredEntry } from '../../core/resolve-icon.js';
import { spelledBackwards } from '../search-index/set-index.js';
import { type PackShapes, splitShapeNames } from '../search-index/stored-shapes.js';
import type { Encoding } from '../../util/compression.js';
import type { RegistryEntry } from '../../core/render/registry-entry.js';

export interface PackRecord {
  id: string;
  entry: RegistryEntry;
  /** Unix seconds, from IconifyJSON `lastModified`. */
  lastModified: number | undefined;
}

/** What the Iconify API's routes read of a pack, as JSON (see the schema): the view's rows as the build stored them. */
export type IconifySetRow = Pick<IconifyView, 'root' | 'info' | 'collection' | 'chars' | 'visible' | 'tags'>;

/** What search reads of a searchable set (see the schema). */
export interface SearchSetRow {
  pack: string;
  style: string | null;
  themeParts: string;
}

/** The meta key of the default catalog's set order (JSON array of ids, the Iconify API's order). */
export const SET_ORDER_KEY = 'set_order';

export interface StoredDocumentInfo {
  etag: string;
  /** Length of each coding. */
  lengths: Record<Encoding, number>;
}

/**
 * Read-only access to one catalog database file. Pack records are small and
 * loaded once; icons and pack documents are read on demand, so memory does
 * not grow with the size of the catalog.
 */
let opened = 0;

export class CatalogDatabase {
  /** Told apart from every other database this process opened, the same file reopened included. */
  readonly serial = ++opened;
  /** Keyed by pack id; no prototype, so request-supplied ids never hit Object members. */
  readonly packs: ReadonlyMap<string, PackRecord>;
  private readonly db: Database.Database;
  private readonly selectDocumentInfo: Database.Statement<[string], { etag: string; identity: number; br: number; gzip: number }>;
  private readonly selectChunks: Database.Statement<[string, Encoding], { bytes: Buffer }>;
  private readonly selectChunk: Database.Statement<[string, Encoding, number], { bytes: Buffer }>;
  private readonly selectEntry: Database.Statement<[string, string], { kind: EntryKind; data: string }>;
  private readonly selectHasEntry: Database.Statement<[string, string], number>;
  /** Each pack's defaults (from its root fields), parsed on first use. */
  private readonly defaults = new Map<string, Partial<IconifyIcon>>();
  private readonly selectNames: Database.Statement<[string], string>;
  private readonly selectIconifySet: Database.Statement<[string], IconifySetRow>;
  private readonly selectInfo: Database.Statement<[string], string>;
  private readonly selectRoot: Database.Statement<[string], string>;
  private readonly selectVisible: Database.Statement<[string], string>;
  /** The meta values read so far. */
  private readonly metas = new Map<string, string | undefined>();
  /** Each pack's info as JSON, read once (a kilobyte or so each). */
  private readonly infos = new Map<string, string>();
  private selectDrawing: Database.Statement<[string], { style: string | null; drawnAs: string | null }> | undefined;
  private readonly selectEntryWithCategories: Database.Statement<[string, string], { kind: EntryKind; data: string; categories: string | null }>;
  private readonly selectPostings: Database.Statement<[string], { pack: string; entries: string }>;
  private readonly selectSearchEntries: Database.Statement<[string, string], string>;
  private readonly selectKeywordsStarting: Database.Statement<[string, string], string>;
  private readonly selectKeywordsEnding: Database.Statement<[string, string], string>;
  private readonly selectKeywordsOf: Database.Statement<[string], string>;
  private readonly inOneRead: (read: () => unknown) => unknown;

  constructor(
    /** The file, for another thread to open it too (see search/search-thread.ts). */
    readonly path: string,
    /** SQLite's page cache for this connection, in KB. */
    cacheKb = 2000,
  ) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    // SQLite's own default size instead of better-sqlite3's larger one: requests for random
    // icons of the large default file seldom meet a page twice, the B-trees' inner pages fit,
    // and the OS caches the file anyway. The larger cache only added its size to each process.
    this.db.pragma(`cache_size = -${Math.floor(cacheKb)}`);
    const rows = this.db
      .prepare<[], { id: string; entry: string; last_modified: number | null }>('SELECT id, entry, last_modified FROM packs ORDER BY id')
      .all();
    this.packs = new Map(
      rows.map((row) => [row.id, { id: row.id, entry: JSON.parse(row.entry) as RegistryEntry, lastModified: row.last_modified ?? undefined }]),
    );
    this.selectDocumentInfo = this.db.prepare(
      'SELECT etag, identity_length AS identity, br_length AS br, gzip_length AS gzip FROM pack_documents WHERE pack = ?',
    );
    this.selectChunks = this.db.prepare('SELECT bytes FROM document_chunks WHERE pack = ? AND coding = ? ORDER BY seq');
    this.selectChunk = this.db.prepare('SELECT bytes FROM document_chunks WHERE pack = ? AND coding = ? AND seq = ?');
    this.selectEntry = this.db.prepare('SELECT kind, data FROM entries WHERE pack = ? AND name = ?');
    // The lookup's index alone: an emoji's row holds tens of KB of drawing that a check for its name would read and parse.
    this.selectHasEntry = this.db.prepare<[string, string], number>('SELECT 1 FROM entries WHERE pack = ? AND name = ?').pluck();
    // Plucked: the names come as strings, without an object per row (31,722 of them for iconmind).
    this.selectNames = this.db.prepare<[string], string>("SELECT name FROM entries WHERE pack = ? AND kind != 'char'").pluck();
    this.selectIconifySet = this.db.prepare('SELECT root, info, collection, chars, visible, tags FROM iconify_sets WHERE pack = ?');
    this.selectInfo = this.db.prepare<[string], string>('SELECT info FROM iconify_sets WHERE pack = ?').pluck();
    this.selectRoot = this.db.prepare<[string], string>('SELECT root FROM iconify_sets WHERE pack = ?').pluck();
    this.selectVisible = this.db.prepare<[string], string>('SELECT visible FROM iconify_sets WHERE pack = ?').pluck();
    this.selectEntryWithCategories = this.db.prepare('SELECT kind, data, categories FROM entries WHERE pack = ? AND name = ?');
    this.selectPostings = this.db.prepare('SELECT pack, entries FROM search_postings WHERE keyword = ?');
    this.selectSearchEntries = this.db.prepare<[string, string], string>('SELECT entries FROM search_postings WHERE keyword = ? AND pack = ?').pluck();
    this.selectKeywordsStarting = this.db.prepare<[string, string], string>('SELECT keyword FROM search_keywords WHERE keyword > ? AND keyword < ?').pluck();
    this.selectKeywordsEnding = this.db.prepare<[string, string], string>('SELECT keyword FROM search_keywords WHERE reversed > ? AND reversed < ?').pluck();
    this.selectKeywordsOf = this.db.prepare<[string], string>('SELECT keyword FROM search_postings WHERE pack = ?').pluck();
    this.inOneRead = this.db.transaction((read: () => unknown) => read());
  }

  /**
   * One icon, alias or character code of a pack, verbatim, with the titles of
   * the pack's categories that list it: one read of its row, whose categories
   * follow its data (a large icon's data fills overflow pages, which a read of
   * the categories alone walks again).
   */
  entryWithCategories(pack: string, name: string): { entry: StoredEntry; categories: string[] } | undefined {
    const row = this.selectEntryWithCategories.get(pack, name);
    return row && { entry: storedEntryOf(row), categories: row.categories ? (JSON.parse(row.categories) as string[]) : [] };
  }

  /** The searchable sets of this database. */
  searchSets(): SearchSetRow[] {
    return this.db.prepare<[], SearchSetRow>('SELECT pack, style, theme_parts AS themeParts FROM search_sets').all();
  }

  /**
   * How a searchable set's icons are drawn: the set's style, and a mixed
   * set's icons by style (JSON, see IconsByStyle). A database of an older
   * format kept across an upgrade (a past moment's) has no such lists: its
   * mixed sets' icons are drawn no way search can filter by.
   */
  drawingOf(pack: string): { style: string | null; drawnAs: string | null } | undefined {
    this.selectDrawing ??= this.db.prepare<[string], { style: string | null; drawnAs: string | null }>(
      this.hasColumn('search_sets', 'drawn_as')
        ? 'SELECT style, drawn_as AS drawnAs FROM search_sets WHERE pack = ?'
        : 'SELECT style, NULL AS drawnAs FROM search_sets WHERE pack = ?',
    );
    return this.selectDrawing.get(pack);
  }

  private hasColumn(table: string, column: string): boolean {
    return this.db.prepare<[string, string], 1>('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(table, column) !== undefined;
  }

  /** The shapes the build drew of glyphs (see glyph_shapes in schema.ts): the default catalog's, none in other databases. */
  storedShapes(): PackShapes[] {
    return this.db
      .prepare<[], { pack: string; names: string; shapes: Buffer }>('SELECT pack, names, shapes FROM glyph_shapes')
      .all()
      .map((row) => ({ pack: row.pack, names: splitShapeNames(row.names), shapes: row.shapes }));
  }

  /** What the build stored of search (see search_parts in schema.ts): none in a database built without it. */
  storedSearchParts(): StoredParts {
    // A database of an older format (an updates' database or a past moment's, kept across an upgrade) has no such table.
    const hasTable = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'search_parts'").get() !== undefined;
    if (!hasTable) return new Map();
    const rows = this.db.prepare<[], { name: string; bytes: Buffer }>('SELECT name, bytes FROM search_parts').all();
    return new Map(rows.map((row) => [row.name, row.bytes]));
  }

  /** A value of the meta table, if the build wrote it; read once (the file is never written while open), since some are read per request. */
  metaValue(key: string): string | undefined {
    if (!this.metas.has(key)) this.metas.set(key, this.db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck().get(key));
    return this.metas.get(key);
  }

  /** When the build that made this database finished (ms), or when its file was written for a build that did not say. */
  builtAt(): number {
    const written = this.metaValue('built_at');
    const at = written === undefined ? Number.NaN : Date.parse(written);
    return Number.isNaN(at) ? statSync(this.path).mtimeMs : at;
  }

  /** The set order of the default catalog, if this is it. */
  setOrder(): string[] | undefined {
    const value = this.db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck().get(SET_ORDER_KEY);
    return value === undefined ? undefined : (JSON.parse(value) as string[]);
  }

  /** Each set holding `keyword`, with its entries holding it (encoded). */
  postings(keyword: string): Array<{ pack: string; entries: string }> {
    return this.selectPostings.all(keyword);
  }

  /** The entries of set `pack` holding `keyword` (encoded), if it holds it. */
  searchEntries(keyword: string, pack: string): string | undefined {
    return this.selectSearchEntries.get(keyword, pack);
  }

  /**
   * Keywords of the sets' names longer than `start` that begin with it, or
   * with `ending` set, that end with it. Keywords hold only [a-z0-9], all below
   * DEL, so the range [start, start + DEL) holds exactly those beginning with it.
   */
  keywordsAround(part: string, ending: boolean): string[] {
    if (!ending) return this.selectKeywordsStarting.all(part, `${part}\x7f`);
    const reversed = spelledBackwards(part);
    return this.selectKeywordsEnding.all(reversed, `${reversed}\x7f`);
  }

  /** Every keyword (category words included) of one set. */
  keywordsOf(pack: string): string[] {
    return this.selectKeywordsOf.all(pack);
  }

  /** The fingerprint a database was built for, or undefined when it is not a catalog. */
  static fingerprintOf(db: Database.Database): string | undefined {
    try {
      return db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'fingerprint'").get()?.value;
    } catch {
      return undefined;
    }
  }

  packDocumentInfo(pack: string): StoredDocumentInfo | undefined {
    const row = this.selectDocumentInfo.get(pack);
    return row && { etag: row.etag, lengths: { identity: row.identity, br: row.br, gzip: row.gzip } };
  }

  /** The stored pack document in one content coding, whole (all three are made at build time). */
  packDocumentBytes(pack: string, encoding: Encoding): Buffer {
    return Buffer.concat(this.selectChunks.all(pack, encoding).map((row) => row.bytes));
  }

  /** The same bytes a chunk at a time: each `next()` reads one chunk, so none is held longer than its write. */
  *packDocumentChunks(pack: string, encoding: Encoding): Generator<Buffer> {
    for (let seq = 0; ; seq++) {
      const row = this.selectChunk.get(pack, encoding, seq);
      if (!row) return;
      yield row.bytes;
    }
  }

  /**
   * The icon or alias `name` of `pack`, resolved as getIconData resolves it;
   * undefined when there is none. `entryOf` reads the entries, when the
   * caller has read some already.
   */
  icon(pack: string, name: string, entryOf = (entry: string) => this.entry(pack, entry)): IconifyIcon | undefined {
    return resolveIcon(name, entryOf, this.defaultsOf(pack));
  }

  /**
   * Runs `read` in one read transaction of this file: each statement outside
   * one takes and releases the file's lock and checks whether the file
   * changed, which costs about as much as reading a random icon, so reads of
   * many icons at once share that.
   */
  readTogether<T>(read: () => T): T {
    return this.inOneRead(read) as T;
  }

  /** One icon, alias or character code of a pack, verbatim. */
  entry(pack: string, name: string): StoredEntry | undefined {
    const row = this.selectEntry.get(pack, name);
    return row && storedEntryOf(row);
  }

  /** Whether a pack has an icon, alias or character code of this name, its data not read. */
  hasEntry(pack: string, name: string): boolean {
    return this.selectHasEntry.get(pack, name) !== undefined;
  }

  private defaultsOf(pack: string): Partial<IconifyIcon> {
    let defaults = this.defaults.get(pack);
    if (!defaults) {
      const root = this.iconifyRoot(pack);
      defaults = packDefaultsOf(root ? (JSON.parse(root) as Parameters<typeof packDefaultsOf>[0]) : {});
      this.defaults.set(pack, defaults);
    }
    return defaults;
  }

  /** Every icon and alias name of a pack. */
  iconNames(pack: string): string[] {
    return this.selectNames.all(pack);
  }

  /**
   * Every pack's icon and alias names in order, and spelt backwards in that
   * order, each list as one string of names joined by newlines (no name holds
   * one): two statements a pack, where a statement per name or per few names
   * took several times as long, and one for the whole catalog held all of its
   * names twice at once while they were read.
   */
  sortedNameLists(): Map<string, { names: string; backwards: string }> {
    const joined = (table: string, column: string) =>
      this.db.prepare<[string], string | null>(`SELECT group_concat(${column}, char(10) ORDER BY ${column}) FROM ${table} WHERE pack = ?`).pluck();
    const names = joined('pack_names', 'name');
    const backwards = joined('pack_names_backwards', 'reversed');
    const lists = new Map<string, { names: string; backwards: string }>();
    for (const pack of this.packs.keys()) lists.set(pack, { names: names.get(pack) ?? '', backwards: backwards.get(pack) ?? '' });
    return lists;
  }

  /** The Iconify API's view of a pack: its root fields, info and lists, as JSON (the lists of a large pack are large). */
  iconifySet(pack: string): IconifySetRow | undefined {
    return this.selectIconifySet.get(pack);
  }

  /** The set's info as the Iconify API lists it, as JSON. */
  iconifyInfo(pack: string): string | undefined {
    let info = this.infos.get(pack);
    if (info === undefined) {
      info = this.selectInfo.get(pack);
      if (info !== undefined) this.infos.set(pack, info);
    }
    return info;
  }

  /** The set's root fields (prefix, lastModified, default size), as JSON. */
  iconifyRoot(pack: string): string | undefined {
    return this.selectRoot.get(pack);
  }

  /** The set's visible icons by their own names, as JSON. */
  iconifyVisible(pack: string): string | undefined {
    return this.selectVisible.get(pack);
  }

  close(): void {
    this.db.close();
  }
}

/** A row of the entries table as the entry it stores. */
function storedEntryOf(row: { kind: EntryKind; data: string }): StoredEntry {
  if (row.kind === 'char') return { char: row.data };
  return row.kind === 'icon' ? { icon: JSON.parse(row.data) as IconifyIcon } : { alias: JSON.parse(row.data) as IconifyAlias };
}
