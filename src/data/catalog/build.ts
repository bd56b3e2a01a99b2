import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { IconifyIcon, IconifyJSON } from '@iconify/types';
import type { PreparedFile, PrepareRequest, StoredPack } from './build-messages.js';
import { mergeIconData } from '@iconify/utils';
import { packDefaultsOf } from '../../core/resolve-icon.js';
import type { LastGoodIcons } from './svg-folder.js';
import { CATALOG_FORMAT } from './fingerprint.js';
import { DOCUMENT_CHUNK_BYTES, SCHEMA } from './schema.js';
import type { SourceFile } from './sources.js';
import { TaskTimeout, WorkerPool } from './worker-pool.js';
import { CATEGORY_MARK, spelledBackwards } from '../search-index/set-index.js';
import { joinShapeNames, type PackShapes } from '../search-index/stored-shapes.js';
import type { StoredParts } from '../search-index/stored-parts.js';
import { CatalogDatabase } from './catalog-database.js';
import { workPath } from '../../util/work-files.js';

/**
 * Longest the preparation of one of the operator's sources may take (far
 * longer than the largest pack of @iconify/json takes): past it the source is
 * refused, so that a build always ends. @iconify/json's packs are trusted and
 * have no limit: a loaded machine must not leave its largest out.
 */
export const SOURCE_TIME_BOUND_MS = 60_000;

/** Suffix of a catalog being built (see workPath). */
export const BUILD_STAGE = 'building';

export interface BuildProgress {
  packsDone: number;
  packsTotal: number;
  icons: number;
  elapsedMs: number;
}

/** What a build tells whoever runs it; the CLI prints it, tests may collect it. */
export interface BuildObserver {
  progress(progress: BuildProgress): void;
  /** A file that is not served at all, and why. */
  skipped(file: string, reason: string): void;
  /** Something dropped or replaced while the rest of the file is served. */
  warning(file: string, message: string): void;
}

/** An observer that reports nothing: for builds from sources checked already (revisions the history recorded), whose lines nobody reads. */
export const QUIET_BUILD: BuildObserver = { progress: () => undefined, skipped: () => undefined, warning: () => undefined };

export interface BuildSummary {
  packs: number;
  icons: number;
  aliases: number;
  skipped: number;
  /** Packs taken unchanged from the previous build instead of being prepared again. */
  reused: number;
  seconds: number;
  bytes: number;
}

export interface BuildInput {
  /** The sources, in the order in which they claim pack ids (the first file with an id serves it). */
  files: readonly SourceFile[];
  /** Written into the database's meta table. */
  meta: { fingerprint: string } & Record<string, string>;
  /**
   * An earlier build of the same kind of sources. A pack whose source still
   * has the signature it had then is copied from it instead of prepared
   * again; a pack whose source has since become unreadable or invalid keeps
   * its last good version from it.
   */
  previous?: string;
  /**
   * Every source prepared again, none copied for its signature (`build
   * --force`); the previous build still gives last good icons, and an own
   * pack that makes what it made before keeps its document (see madeAsBefore).
   */
  prepareAll?: boolean;
  /** The revision each source's pack is, which its document names as `info.version` (see preparePack); none: the document's own. */
  revisionOf?: (file: SourceFile) => string | undefined;
  /** Ids of default packs: an own pack with one of them replaces it, which is worth a warning. */
  replaces?: ReadonlySet<string>;
  /**
   * Workers that prepare sources, kept by the caller across builds (a watch's
   * rebuilds, which would otherwise start a worker and load its modules each
   * time); by default the build starts its own and stops them when done.
   */
  workers?: PrepareWorkers;
  /** More meta entries, made while the packs are prepared (the vocabulary of search). */
  metaLater?: () => Promise<Record<string, string>>;
  /**
   * The shapes of glyphs that search by shape starts from, drawn from the
   * database once every pack is in it, and stored with it (the default
   * catalog's build: see glyph_shapes in schema.ts).
   */
  shapesToStore?: ShapesToStore;
  /** What search makes of the database once every pack is in it, stored with it (see search_parts in schema.ts). */
  searchPartsToStore?: SearchPartsToStore;
}

/** Draws, from a database as built, the shapes that search by shape will start from. */
export type ShapesToStore = (built: CatalogDatabase) => Promise<PackShapes[]>;

/** Makes, from a database as built, what search would otherwise make at every start. */
export type SearchPartsToStore = (built: CatalogDatabase) => StoredParts;

/** What search has a build make and store with the database. */
export type SearchToStore = Pick<BuildInput, 'shapesToStore' | 'searchPartsToStore'>;

/** The id a default pack must have: its file name. */
function expectedIdOf(file: SourceFile): string | undefined {
  return file.origin === 'default' ? basename(file.path, '.json') : undefined;
}

/** What a previous build made of a source. */
interface PreviousPack {
  id: string;
  signature: string;
  iconCount: number;
  aliasCount: number;
}

/** The database file's page size (set before its first table). */
const PAGE_BYTES = 16_384;

/** Writes packs into a new database, in the order they are handed over. */
class CatalogWriter {
  readonly db: Database.Database;
  readonly store: (pack: StoredPack, file: SourceFile) => void;
  /** Copies one pack with all its rows from the previous build. */
  readonly copy: (id: string) => void;
  private readonly previousPack: Database.Statement<[string], PreviousPack> | undefined;
  private readonly selectPreviousIcons: Database.Statement<[string], { name: string; data: string }> | undefined;
  private readonly selectPreviousRoot: Database.Statement<[string], string> | undefined;
  private readonly selectPreviousDocument: Database.Statement<[string], Buffer> | undefined;
  private readonly selectPreviousInfo: Database.Statement<[string], string> | undefined;
  private readonly updateSignature: Database.Statement<[string, string]>;

  constructor(
    private readonly path: string,
    previous: string | undefined,
  ) {
    this.db = new Database(path);
    // Nothing reads the file until it is complete, so durability during the build buys nothing.
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    // Pages of 16 KB rather than 4: a pack document's chunks of 256 KB take a quarter of
    // the overflow pages to write, and the B-trees of names one level less to walk.
    this.db.pragma(`page_size = ${PAGE_BYTES}`);
    this.db.exec(SCHEMA);
    const insertPack = this.db.prepare('INSERT INTO packs (id, entry, last_modified, source, signature, icon_count, alias_count) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const insertDocument = this.db.prepare('INSERT INTO pack_documents (pack, etag, identity_length, br_length, gzip_length) VALUES (?, ?, ?, ?, ?)');
    const insertChunk = this.db.prepare('INSERT INTO document_chunks (pack, coding, seq, bytes) VALUES (?, ?, ?, ?)');
    const insertIconifySet = this.db.prepare('INSERT INTO iconify_sets (pack, root, info, collection, chars, visible, tags) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const insertEntry = this.db.prepare('INSERT INTO entries (pack, name, kind, data, categories) VALUES (?, ?, ?, ?, ?)');
    const insertName = this.db.prepare('INSERT INTO pack_names (pack, name) VALUES (?, ?)');
    const insertNameBackwards = this.db.prepare('INSERT INTO pack_names_backwards (pack, reversed) VALUES (?, ?)');
    const insertSearchSet = this.db.prepare('INSERT INTO search_sets (pack, style, theme_parts, drawn_as) VALUES (?, ?, ?, ?)');
    const insertPosting = this.db.prepare('INSERT INTO search_postings (keyword, pack, entries) VALUES (?, ?, ?)');
    this.updateSignature = this.db.prepare('UPDATE main.packs SET signature = ? WHERE id = ?');
    this.store = this.db.transaction((pack: StoredPack, file: SourceFile) => {
      insertPack.run(pack.id, pack.entry, pack.lastModified ?? null, file.path, file.signature, pack.iconCount, pack.aliasCount);
      insertDocument.run(pack.id, pack.etag, pack.document.length, pack.br.length, pack.gzip.length);
      for (const [coding, bytes] of [
        ['identity', pack.document],
        ['br', pack.br],
        ['gzip', pack.gzip],
      ] as const) {
        for (let seq = 0; seq * DOCUMENT_CHUNK_BYTES < bytes.length; seq++) {
          insertChunk.run(pack.id, coding, seq, bytes.subarray(seq * DOCUMENT_CHUNK_BYTES, (seq + 1) * DOCUMENT_CHUNK_BYTES));
        }
      }
      insertIconifySet.run(pack.id, pack.iconify.root, pack.iconify.info, pack.iconify.collection, pack.iconify.chars, pack.iconify.visible, pack.iconify.tags);
      for (const [name, kind, data, categories] of pack.iconify.entries) {
        insertEntry.run(pack.id, name, kind, data, categories);
        if (kind === 'char') continue;
        insertName.run(pack.id, name);
        insertNameBackwards.run(pack.id, spelledBackwards(name));
      }
      const search = pack.iconify.search;
      if (search) {
        insertSearchSet.run(pack.id, search.style ?? null, JSON.stringify(search.themeParts), search.drawnAs ? JSON.stringify(search.drawnAs) : null);
        for (const [keyword, entries] of search.postings) insertPosting.run(keyword, pack.id, entries);
      }
    });
    if (previous !== undefined && this.attach(previous)) {
      this.previousPack = this.db.prepare('SELECT id, signature, icon_count AS iconCount, alias_count AS aliasCount FROM previous.packs WHERE source = ?');
      this.selectPreviousIcons = this.db.prepare("SELECT name, data FROM previous.entries WHERE pack = ? AND kind = 'icon'");
      this.selectPreviousRoot = this.db.prepare<[string], string>('SELECT root FROM previous.iconify_sets WHERE pack = ?').pluck();
      this.selectPreviousInfo = this.db.prepare<[string], string>('SELECT info FROM previous.iconify_sets WHERE pack = ?').pluck();
      this.selectPreviousDocument = this.db
        .prepare<[string], Buffer>("SELECT bytes FROM previous.document_chunks WHERE pack = ? AND coding = 'identity' ORDER BY seq")
        .pluck();
      const copies = [
        'packs',
        'pack_documents',
        'document_chunks',
        'entries',
        'pack_names',
        'pack_names_backwards',
        'iconify_sets',
        'search_sets',
        'search_postings',
      ].map((table) => this.db.prepare(`INSERT INTO main.${table} SELECT * FROM previous.${table} WHERE ${table === 'packs' ? 'id' : 'pack'} = ?`));
      this.copy = this.db.transaction((id: string) => {
        for (const statement of copies) statement.run(id);
      });
    } else {
      this.copy = () => {
        throw new Error('no previous build to copy from');
      };
    }
  }

  /** Attaches an earlier build when it is a readable catalog of this format; any other file is simply not reused. */
  private attach(previous: string): boolean {
    if (!existsSync(previous)) return false;
    try {
      this.db.prepare('ATTACH DATABASE ? AS previous').run(previous);
    } catch {
      return false;
    }
    try {
      const format = this.db.prepare<[], { value: string }>("SELECT value FROM previous.meta WHERE key = 'format'").get()?.value;
      if (format === String(CATALOG_FORMAT)) return true;
    } catch {
      // not a catalog
    }
    this.db.exec('DETACH DATABASE previous');
    return false;
  }

  /** The icons an earlier build served of pack `id`, resolved, by name. */
  previousIcons(id: string): LastGoodIcons {
    const rows = this.selectPreviousIcons?.all(id) ?? [];
    const root = this.selectPreviousRoot?.get(id);
    const defaults = packDefaultsOf(root ? (JSON.parse(root) as Parameters<typeof packDefaultsOf>[0]) : {});
    // With the size they had: the pack's default may be another one this time.
    return new Map(rows.map((row) => [row.name, mergeIconData(defaults, JSON.parse(row.data) as IconifyIcon) as IconifyIcon]));
  }

  /** The list of every keyword of the packs' names, once all packs are in. */
  private writeKeywords(): void {
    const keywords = this.db
      .prepare<[string], string>('SELECT DISTINCT keyword FROM search_postings WHERE substr(keyword, 1, 1) != ?')
      .pluck()
      .all(CATEGORY_MARK);
    const insert = this.db.prepare('INSERT INTO search_keywords (keyword, reversed) VALUES (?, ?)');
    this.db.transaction(() => {
      for (const keyword of keywords) insert.run(keyword, spelledBackwards(keyword));
    })();
  }

  /** The pack an earlier build made from `file`, if any. */
  previousPackOf(file: SourceFile): PreviousPack | undefined {
    return this.previousPack?.get(file.path);
  }

  /**
   * Whether the earlier build's document of pack `id` is `pack`'s but for
   * what says when it was made: the revision it names, and the date a folder
   * of SVG files takes from its files' times (`datedByFiles`); and whether
   * the pack's own info (its own version among it) is the same. A file saved
   * again unchanged, or one refused, then changes nothing served.
   */
  madeAsBefore(id: string, pack: StoredPack, datedByFiles: boolean): boolean {
    try {
      return this.sameAsBefore(id, pack, datedByFiles);
    } catch {
      // An earlier build that cannot be read (`build --force` mends a damaged one): the pack is stored as prepared.
      return false;
    }
  }

  private sameAsBefore(id: string, pack: StoredPack, datedByFiles: boolean): boolean {
    const chunks = this.selectPreviousDocument?.all(id) ?? [];
    if (chunks.length === 0) return false;
    // The pack's own version, which its document names the revision in place of, is in what the Iconify API's routes show.
    if (this.selectPreviousInfo?.get(id) !== pack.iconify.info) return false;
    // The prepared document comes from a worker as a Uint8Array, whose toString is not its text.
    const undated = (bytes: Uint8Array) => {
      const { lastModified, info, ...rest } = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as IconifyJSON;
      const { version: _named, ...unnamed } = info ?? {};
      return JSON.stringify({ ...rest, info: unnamed, ...(datedByFiles ? {} : { lastModified }) });
    };
    return undated(Buffer.concat(chunks)) === undated(pack.document);
  }

  /** Records that pack `id`, copied from the earlier build, is what the source of `signature` makes now. */
  sign(id: string, signature: string): void {
    this.updateSignature.run(signature, id);
  }

  /** What `make` makes of the database as written so far, read through a connection of its own. */
  private async readBuilt<T>(make: (built: CatalogDatabase) => T | Promise<T>): Promise<T> {
    const built = new CatalogDatabase(this.path);
    try {
      return await make(built);
    } finally {
      built.close();
    }
  }

  /** The shapes `shapesToStore` draws from the database as written so far. */
  private async writeShapes(shapesToStore: ShapesToStore): Promise<void> {
    const drawn = await this.readBuilt(shapesToStore);
    const insert = this.db.prepare('INSERT INTO glyph_shapes (pack, names, shapes) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      for (const { pack, names, shapes } of drawn) insert.run(pack, joinShapeNames(names), Buffer.from(shapes.buffer, shapes.byteOffset, shapes.byteLength));
    })();
  }

  /** What `searchPartsToStore` makes of the database as written so far. */
  private async writeSearchParts(searchPartsToStore: SearchPartsToStore): Promise<void> {
    const parts = await this.readBuilt(searchPartsToStore);
    const insert = this.db.prepare('INSERT INTO search_parts (name, bytes) VALUES (?, ?)');
    this.db.transaction(() => {
      for (const [name, bytes] of parts) insert.run(name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    })();
  }

  async finish(meta: Record<string, string>, toStore: SearchToStore): Promise<void> {
    if (this.previousPack) this.db.exec('DETACH DATABASE previous');
    this.writeKeywords();
    // The meta first: what search stores is made from the database whole, the vocabulary in its meta included.
    const setMeta = this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    for (const [key, value] of Object.entries(meta)) setMeta.run(key, value);
    if (toStore.shapesToStore) await this.writeShapes(toStore.shapesToStore);
    if (toStore.searchPartsToStore) await this.writeSearchParts(toStore.searchPartsToStore);
    this.db.close();
  }
}

type Outcome = { prepared: PreparedFile } | { reuse: PreviousPack };

/** Worker threads that prepare sources (build-worker.ts). */
export type PrepareWorkers = WorkerPool<PrepareRequest, PreparedFile>;

/**
 * Starts `size` workers that prepare sources. With `forFolders`, each loads
 * the SVG folder import (@iconify/tools, SVGO) as it starts rather than on
 * its first folder.
 */
export function startPrepareWorkers(size: number, forFolders = false): PrepareWorkers {
  return new WorkerPool<PrepareRequest, PreparedFile>(new URL('./build-worker.js', import.meta.url), {
    size,
    taskTimeoutMs: SOURCE_TIME_BOUND_MS,
    workerData: { forFolders },
  });
}

/**
 * Builds a catalog database from `input.files` into a new file next to
 * `dbPath`, then renames it over `dbPath`: readers of the old file keep
 * reading it, new readers only ever see a complete catalog. Sources are
 * prepared by worker threads (one per core, started only when a source needs
 * preparing) and stored in the order given, so the result does not depend on
 * which worker finishes first.
 */
export async function buildCatalog(input: BuildInput, dbPath: string, observer: BuildObserver): Promise<BuildSummary> {
  const started = Date.now();
  const building = workPath(dbPath, BUILD_STAGE);
  rmSync(building, { force: true });
  const writer = new CatalogWriter(building, input.previous);
  let pool: PrepareWorkers | undefined = input.workers;
  const summary: BuildSummary = { packs: 0, icons: 0, aliases: 0, skipped: 0, reused: 0, seconds: 0, bytes: 0 };
  const servedFrom = new Map<string, SourceFile>();
  const files = input.files;
  let packsDone = 0;

  // What the previous build made of each source, looked up once.
  const previousOf = new Map(files.map((file) => [file, writer.previousPackOf(file)]));
  // As many workers as there are sources to prepare, up to one per core: a rebuild for one changed pack starts one.
  const unchanged = (file: SourceFile) => !input.prepareAll && previousOf.get(file)?.signature === file.signature;
  const toPrepare = files.filter((file) => !unchanged(file)).length;
  const prepare = (file: SourceFile): Promise<PreparedFile> => {
    pool ??= startPrepareWorkers(Math.min(availableParallelism(), toPrepare));
    const previous = file.kind === 'svg-folder' ? previousOf.get(file) : undefined;
    const lastGood = previous ? writer.previousIcons(previous.id) : undefined;
    const request: PrepareRequest = {
      path: file.path,
      kind: file.kind,
      expectedId: expectedIdOf(file),
      untrusted: file.origin === 'own',
      revision: input.revisionOf?.(file),
      lastGood,
    };
    // A source that takes too long is refused like a broken one, and the build goes on.
    return pool.run(request, file.origin === 'own').catch((error: unknown) => {
      if (error instanceof TaskTimeout) return { error: `preparing it ${error.message}` };
      throw error;
    });
  };

  /** Reuses the previous build's pack when its source is unchanged; otherwise prepares the source. */
  const start = (file: SourceFile): Promise<Outcome> => {
    const previous = previousOf.get(file);
    if (previous && unchanged(file)) return Promise.resolve({ reuse: previous });
    return prepare(file).then((prepared) => ({ prepared }));
  };

  const claim = (file: SourceFile, id: string): boolean => {
    const earlier = servedFrom.get(id);
    if (earlier) {
      summary.skipped++;
      observer.skipped(file.path, `pack id "${id}" is already served from ${earlier.path}`);
      return false;
    }
    servedFrom.set(id, file);
    if (input.replaces?.has(id)) observer.warning(file.path, `own pack "${id}" replaces the default pack of the same id`);
    return true;
  };

  const reuse = (file: SourceFile, pack: PreviousPack): boolean => {
    if (!claim(file, pack.id)) return false;
    writer.copy(pack.id);
    summary.packs++;
    summary.reused++;
    summary.icons += pack.iconCount;
    summary.aliases += pack.aliasCount;
    return true;
  };

  const store = (file: SourceFile, outcome: Outcome) => {
    packsDone++;
    if ('reuse' in outcome) reuse(file, outcome.reuse);
    else if (!outcome.prepared.pack) {
      const lastGood = previousOf.get(file);
      if (lastGood) {
        observer.warning(file.path, `${outcome.prepared.error}; still serving its last good version`);
        reuse(file, lastGood);
      } else {
        summary.skipped++;
        observer.skipped(file.path, outcome.prepared.error);
      }
    } else {
      const pack = outcome.prepared.pack;
      const earlier = previousOf.get(file);
      // An own pack that makes what it made before keeps that document, and with it its revision, bytes and ETags.
      if (file.origin === 'own' && earlier?.id === pack.id && writer.madeAsBefore(pack.id, pack, file.kind === 'svg-folder')) {
        if (!reuse(file, earlier)) return;
        writer.sign(pack.id, file.signature);
      } else {
        if (!claim(file, pack.id)) return;
        writer.store(pack, file);
        summary.packs++;
        summary.icons += pack.iconCount;
        summary.aliases += pack.aliasCount;
      }
      for (const warning of pack.warnings) observer.warning(warning.file, warning.message);
    }
    observer.progress({ packsDone, packsTotal: files.length, icons: summary.icons + summary.aliases, elapsedMs: Date.now() - started });
  };

  const later = input.metaLater?.();
  // Awaited below; a failure before then must not go unhandled.
  later?.catch(() => undefined);
  try {
    // Prepared in parallel, at most a few results per core waiting at once, and stored in order.
    const window = availableParallelism() * 4;
    const pending: Array<{ file: SourceFile; outcome: Promise<Outcome> }> = [];
    let next = 0;
    const launch = () => {
      while (next < files.length && pending.length < window) {
        const file = files[next++] as SourceFile;
        pending.push({ file, outcome: start(file) });
      }
    };
    launch();
    while (pending.length > 0) {
      const { file, outcome } = pending.shift() as (typeof pending)[number];
      const result = await outcome;
      launch();
      store(file, result);
    }
    await writer.finish({ ...input.meta, ...(await later), format: String(CATALOG_FORMAT), built_at: new Date().toISOString() }, input);
    renameSync(building, dbPath);
  } catch (error) {
    if (writer.db.open) writer.db.close();
    rmSync(building, { force: true });
    throw error;
  } finally {
    if (pool !== input.workers) await pool?.close();
  }
  summary.seconds = (Date.now() - started) / 1000;
  summary.bytes = statSync(dbPath).size;
  return summary;
}
