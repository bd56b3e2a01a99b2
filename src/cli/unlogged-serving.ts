import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ownCatalogPath, updatesCatalogPath } from '../data/catalog/ensure.js';
import { historyPath } from '../data/history/history-file.js';
import type { Revision, RevisionHistory } from '../data/history/revision-history.js';
import { newestNotOwn, OWN_SOURCE } from '../data/history/own-revisions.js';

/** What the updates' database serves that the history did not say: the revisions logged now, and the packs whose revision it cannot name. */
export interface UnloggedServing {
  logged: Revision[];
  /** Packs served at a version the history does not keep (or a document that names none): nothing can be logged for them. */
  unnamed: Array<{ pack: string; version: string | undefined }>;
}

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
 * log says. A revision the history does not keep (a history replaced by
 * an older copy) cannot be logged, and is returned as unnamed.
 */
export function logUnloggedServing(dataDir: string, history: RevisionHistory): UnloggedServing {
  const found: UnloggedServing = { logged: [], unnamed: [] };
  const served = servedByUpdates(dataDir);
  if (!served) return found;
  const own = ownPackIds(dataDir);
  for (const [pack, version] of served.versions) {
    if (own.has(pack) || (version !== undefined && history.served(pack)?.version === version)) continue;
    const logged = history.lastLogged(pack);
    if (logged !== undefined && logged >= served.builtAt) continue;
    const revision = version === undefined ? undefined : history.revision(pack, version);
    if (revision) found.logged.push(revision);
    else found.unnamed.push({ pack, version });
  }
  if (found.logged.length > 0) history.serveEach(found.logged, served.builtAt);
  return found;
}

/** What logUnloggedServing logged, and what it could not, a line per pack, as an update says it. */
export function logUnloggedLines(dataDir: string, history: RevisionHistory): string[] {
  const { logged, unnamed } = logUnloggedServing(dataDir, history);
  return [
    ...logged.map((revision) => `${revision.pack}: ${revision.version} logged as served, which an interrupted update had not`),
    ...unnamed.map(
      ({ pack, version }) =>
        `${pack}: ${updatesCatalogPath(dataDir)} serves ${version === undefined ? 'a document that names no version' : version}, ` +
        `which ${historyPath(dataDir)} does not keep; the history goes on naming ${history.served(pack)?.version ?? 'nothing'} as served`,
    ),
  ];
}

/**
 * The revision each pack of the updates' database is (its document names
 * it: see data/catalog/info-version.ts), and when the database was built;
 * read with SQL that every catalog format answers, as this runs before a
 * database of another format is built again. None without a database.
 */
export function servedByUpdates(dataDir: string): { versions: Map<string, string | undefined>; builtAt: number } | undefined {
  const path = updatesCatalogPath(dataDir);
  if (!existsSync(path)) return undefined;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const builtAt = Date.parse(db.prepare<[], string>("SELECT value FROM meta WHERE key = 'built_at'").pluck().get() ?? '');
    if (Number.isNaN(builtAt)) return undefined;
    const versions = new Map<string, string | undefined>();
    for (const { id, entry } of db.prepare<[], { id: string; entry: string }>('SELECT id, entry FROM packs').all()) {
      const version = (JSON.parse(entry) as { version?: unknown }).version;
      versions.set(id, typeof version === 'string' ? version : undefined);
    }
    return { versions, builtAt };
  } finally {
    db.close();
  }
}

/** The ids of the own packs' database, which serves them in place of default packs of the same ids. */
export function ownPackIds(dataDir: string): Set<string> {
  const path = ownCatalogPath(dataDir);
  if (!existsSync(path)) return new Set();
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return new Set(db.prepare<[], string>('SELECT id FROM packs').pluck().all());
  } finally {
    db.close();
  }
}

/**
 * The revision a pack of the updates' database is built at, from the
 * history: the one served; for a pack an own pack of the same id replaces
 * (its own revision served), the one the database held before (`before`,
 * see servedByUpdates), else the newest kept of no own pack.
 */
export function updatedRevisionName(history: RevisionHistory, pack: string, before: ReadonlyMap<string, string | undefined> | undefined): string | undefined {
  const served = history.served(pack);
  if (served?.source !== OWN_SOURCE) return served?.version;
  const held = before?.get(pack);
  if (held !== undefined && history.revision(pack, held)?.source !== OWN_SOURCE) return held;
  return newestNotOwn(history, pack)?.version;
}
