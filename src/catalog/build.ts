import Database from 'better-sqlite3';
import { readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { etagOf } from '../etag.js';
import { PackError, preparePack, type PreparedPack } from './prepare-pack.js';
import { SCHEMA } from './schema.js';
import type { SourceFile, Sources } from './sources.js';

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

function readPack(file: SourceFile): PreparedPack {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file.path, 'utf8'));
  } catch (error) {
    throw new PackError(`cannot read JSON: ${(error as Error).message}`);
  }
  // A default pack's id is its file name; an own pack's id is its "prefix".
  return preparePack(raw, file.origin === 'default' ? basename(file.path, '.json') : undefined);
}

/**
 * Builds the catalog database from the sources into a new file next to
 * `dbPath`, then renames it over `dbPath`: readers of the old file keep
 * reading it, new readers only ever see a complete catalog.
 */
export function buildCatalog(sources: Sources, fingerprint: string, dbPath: string, observer: BuildObserver): BuildSummary {
  const started = Date.now();
  const building = `${dbPath}.${process.pid}.building`;
  rmSync(building, { force: true });
  const db = new Database(building);
  const summary: BuildSummary = { packs: 0, icons: 0, aliases: 0, skipped: 0, seconds: 0, bytes: 0 };
  try {
    // Nothing reads the file until it is complete, so durability during the build buys nothing.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(SCHEMA);
    const insertPack = db.prepare('INSERT INTO packs (id, entry, last_modified, source) VALUES (?, ?, ?, ?)');
    const insertDocument = db.prepare('INSERT INTO pack_documents (pack, body, etag) VALUES (?, ?, ?)');
    const insertIcon = db.prepare('INSERT INTO icons (pack, name, data) VALUES (?, ?, ?)');
    const store = db.transaction((pack: PreparedPack, file: SourceFile) => {
      insertPack.run(pack.id, JSON.stringify(pack.entry), pack.lastModified ?? null, file.path);
      const body = Buffer.from(pack.document);
      insertDocument.run(pack.id, body, etagOf(body));
      for (const [name, data] of pack.icons) insertIcon.run(pack.id, name, JSON.stringify(data));
    });

    // Own packs go first so that a default pack with the same id can be left out.
    const ordered = [...sources.files].sort((a, b) => (a.origin === b.origin ? 0 : a.origin === 'own' ? -1 : 1));
    const servedFrom = new Map<string, SourceFile>();
    let packsDone = 0;
    for (const file of ordered) {
      packsDone++;
      const defaultId = file.origin === 'default' ? basename(file.path, '.json') : undefined;
      const owner = defaultId === undefined ? undefined : servedFrom.get(defaultId);
      if (owner) {
        observer.warning(owner.path, `own pack "${defaultId}" replaces the default pack of the same id`);
        continue;
      }
      let pack: PreparedPack;
      try {
        pack = readPack(file);
      } catch (error) {
        if (!(error instanceof PackError)) throw error;
        summary.skipped++;
        observer.skipped(file.path, error.message);
        continue;
      }
      const earlier = servedFrom.get(pack.id);
      if (earlier) {
        summary.skipped++;
        observer.skipped(file.path, `pack id "${pack.id}" is already served from ${earlier.path}`);
        continue;
      }
      for (const warning of pack.warnings) observer.warning(file.path, warning);
      store(pack, file);
      servedFrom.set(pack.id, file);
      summary.packs++;
      summary.icons += pack.iconCount;
      summary.aliases += pack.aliasCount;
      observer.progress({ packsDone, packsTotal: ordered.length, icons: summary.icons + summary.aliases, elapsedMs: Date.now() - started });
    }

    const setMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    setMeta.run('fingerprint', fingerprint);
    setMeta.run('built_at', new Date().toISOString());
    setMeta.run('default_catalog_version', sources.defaultCatalogVersion);
    db.close();
    renameSync(building, dbPath);
  } catch (error) {
    if (db.open) db.close();
    rmSync(building, { force: true });
    throw error;
  }
  summary.seconds = (Date.now() - started) / 1000;
  summary.bytes = statSync(dbPath).size;
  return summary;
}
