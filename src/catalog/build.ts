import Database from 'better-sqlite3';
import { renameSync, rmSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { PreparedFile, PrepareRequest, StoredPack } from './build-messages.js';
import { SCHEMA } from './schema.js';
import type { SourceFile, Sources } from './sources.js';
import { WorkerPool } from './worker-pool.js';
import { workPath } from '../process.js';

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

export interface BuildSummary {
  packs: number;
  icons: number;
  aliases: number;
  skipped: number;
  seconds: number;
  bytes: number;
}

/** The id of a default pack, from its file name. */
function defaultIdOf(file: SourceFile): string | undefined {
  return file.origin === 'default' ? basename(file.path, '.json') : undefined;
}

/** Writes prepared packs into a new database, in the order they are handed over. */
class CatalogWriter {
  readonly db: Database.Database;
  private readonly insertPack: Database.Statement;
  private readonly insertDocument: Database.Statement;
  private readonly insertIcon: Database.Statement;
  readonly store: (pack: StoredPack, file: SourceFile) => void;

  constructor(path: string) {
    this.db = new Database(path);
    // Nothing reads the file until it is complete, so durability during the build buys nothing.
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(SCHEMA);
    this.insertPack = this.db.prepare('INSERT INTO packs (id, entry, last_modified, source) VALUES (?, ?, ?, ?)');
    this.insertDocument = this.db.prepare('INSERT INTO pack_documents (pack, body, br, gzip, etag) VALUES (?, ?, ?, ?, ?)');
    this.insertIcon = this.db.prepare('INSERT INTO icons (pack, name, data) VALUES (?, ?, ?)');
    this.store = this.db.transaction((pack: StoredPack, file: SourceFile) => {
      this.insertPack.run(pack.id, pack.entry, pack.lastModified ?? null, file.path);
      this.insertDocument.run(pack.id, pack.document, pack.br, pack.gzip, pack.etag);
      for (const [name, data] of pack.icons) this.insertIcon.run(pack.id, name, data);
    });
  }

  finish(meta: Record<string, string>): void {
    const setMeta = this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    for (const [key, value] of Object.entries(meta)) setMeta.run(key, value);
    this.db.close();
  }
}

/**
 * Builds the catalog database from the sources into a new file next to
 * `dbPath`, then renames it over `dbPath`: readers of the old file keep
 * reading it, new readers only ever see a complete catalog. Files are
 * prepared by worker threads (one per core) and stored in source order, so
 * the result does not depend on which worker finishes first.
 */
export async function buildCatalog(sources: Sources, fingerprint: string, dbPath: string, observer: BuildObserver): Promise<BuildSummary> {
  const started = Date.now();
  const building = workPath(dbPath, BUILD_STAGE);
  rmSync(building, { force: true });
  const writer = new CatalogWriter(building);
  const pool = new WorkerPool<PrepareRequest, PreparedFile>(new URL('./build-worker.js', import.meta.url));
  const summary: BuildSummary = { packs: 0, icons: 0, aliases: 0, skipped: 0, seconds: 0, bytes: 0 };
  const servedFrom = new Map<string, SourceFile>();
  const files = sources.files;
  let packsDone = 0;

  const store = (file: SourceFile, result: PreparedFile) => {
    packsDone++;
    if (!result.pack) {
      summary.skipped++;
      observer.skipped(file.path, result.error);
      return;
    }
    const earlier = servedFrom.get(result.pack.id);
    if (earlier) {
      summary.skipped++;
      observer.skipped(file.path, `pack id "${result.pack.id}" is already served from ${earlier.path}`);
      return;
    }
    for (const warning of result.pack.warnings) observer.warning(file.path, warning);
    writer.store(result.pack, file);
    servedFrom.set(result.pack.id, file);
    summary.packs++;
    summary.icons += result.pack.iconCount;
    summary.aliases += result.pack.aliasCount;
    observer.progress({ packsDone, packsTotal: files.length, icons: summary.icons + summary.aliases, elapsedMs: Date.now() - started });
  };

  /** Prepares `batch` in parallel, at most a few results waiting at once, and stores them in order. */
  const run = async (batch: SourceFile[]) => {
    const window = pool.size * 4;
    const pending: Array<{ file: SourceFile; result: Promise<PreparedFile> }> = [];
    let next = 0;
    const launch = () => {
      while (next < batch.length && pending.length < window) {
        const file = batch[next++] as SourceFile;
        pending.push({ file, result: pool.run({ path: file.path, expectedId: defaultIdOf(file), untrusted: file.origin === 'own' }) });
      }
    };
    launch();
    while (pending.length > 0) {
      const { file, result } = pending.shift() as (typeof pending)[number];
      const prepared = await result;
      launch();
      store(file, prepared);
    }
  };

  try {
    // Own packs go first so that a default pack with the same id is never even read.
    await run(files.filter((file) => file.origin === 'own'));
    const defaults: SourceFile[] = [];
    for (const file of files.filter((candidate) => candidate.origin === 'default')) {
      const owner = servedFrom.get(defaultIdOf(file) as string);
      if (owner) {
        packsDone++;
        observer.warning(owner.path, `own pack "${defaultIdOf(file)}" replaces the default pack of the same id`);
      } else defaults.push(file);
    }
    // Largest first, so the big packs do not end up alone on one core at the end.
    await run(defaults.sort((a, b) => b.size - a.size || (a.path < b.path ? -1 : 1)));
    writer.finish({ fingerprint, built_at: new Date().toISOString(), default_catalog_version: sources.defaultCatalogVersion });
    renameSync(building, dbPath);
  } catch (error) {
    if (writer.db.open) writer.db.close();
    rmSync(building, { force: true });
    throw error;
  } finally {
    await pool.close();
  }
  summary.seconds = (Date.now() - started) / 1000;
  summary.bytes = statSync(dbPath).size;
  return summary;
}
