import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ownCatalogPath, updatesCatalogPath } from '../data/catalog/ensure.js';
import type { Revision, RevisionHistory } from '../data/history/revision-history.js';

/**
 * Logs in the history, as served, the revision each pack of the updates'
 * database is served at where the history says another: what an update
 * left that was killed once its database was in place (servers serve it
 * from then on) but before it logged it. Without this, the history would
 * name the revision before it as served: `/at/` would answer it for moments
 * the database served the other, and a build of the database named the
 * older revision for the newer icons. Dated when that database was built,
 * the moment closest to when it was put in place; a pack the log speaks of
 * since then, or that an own pack of the same id replaces, is left as the
 * log says. Returns the revisions logged.
 */
export function logUnloggedServing(dataDir: string, history: RevisionHistory): Revision[] {
  const served = servedByUpdates(dataDir);
  if (!served) return [];
  const own = ownPackIds(dataDir);
  const unlogged: Revision[] = [];
  for (const [pack, version] of served.versions) {
    if (own.has(pack) || history.served(pack)?.version === version) continue;
    const logged = history.lastLogged(pack);
    if (logged !== undefined && logged >= served.builtAt) continue;
    const revision = history.revision(pack, version);
    if (revision) unlogged.push(revision);
  }
  if (unlogged.length > 0) history.serveEach(unlogged, served.builtAt);
  return unlogged;
}

/** What logUnloggedServing logged, a line per pack, as an update says it. */
export function logUnloggedLines(dataDir: string, history: RevisionHistory): string[] {
  return logUnloggedServing(dataDir, history).map((revision) => `${revision.pack}: ${revision.version} logged as served, which an interrupted update had not`);
}

/**
 * The revision each pack of the updates' database is (its document names
 * it: see data/catalog/info-version.ts), and when the database was built;
 * read with SQL that every catalog format answers, as this runs before a
 * database of another format is built again. None without a database.
 */
function servedByUpdates(dataDir: string): { versions: Map<string, string>; builtAt: number } | undefined {
  const path = updatesCatalogPath(dataDir);
  if (!existsSync(path)) return undefined;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const builtAt = Date.parse(db.prepare<[], string>("SELECT value FROM meta WHERE key = 'built_at'").pluck().get() ?? '');
    if (Number.isNaN(builtAt)) return undefined;
    const versions = new Map<string, string>();
    for (const { id, entry } of db.prepare<[], { id: string; entry: string }>('SELECT id, entry FROM packs').all()) {
      const version = (JSON.parse(entry) as { version?: unknown }).version;
      if (typeof version === 'string') versions.set(id, version);
    }
    return { versions, builtAt };
  } finally {
    db.close();
  }
}

/** The ids of the own packs' database, which serves them in place of default packs of the same ids. */
function ownPackIds(dataDir: string): Set<string> {
  const path = ownCatalogPath(dataDir);
  if (!existsSync(path)) return new Set();
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return new Set(db.prepare<[], string>('SELECT id FROM packs').pluck().all());
  } finally {
    db.close();
  }
}
