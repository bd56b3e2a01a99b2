import { existsSync } from 'node:fs';
import { CatalogDatabase } from '../data/catalog/catalog-database.js';
import { updatesCatalogPath } from '../data/catalog/ensure.js';
import type { Revision, RevisionHistory } from '../data/history/revision-history.js';

/**
 * Logs in the history, as served, the revision each pack of the updates'
 * database is served at where the history says another: what an update
 * left that was killed once its database was in place (servers serve it
 * from then on) but before it logged it. Without this, the history would
 * name the revision before it as served: `/at/` would answer it for moments
 * the database served the other, and the next update would build the
 * database again naming the older revision for the newer icons. Dated when
 * that database was built, the moment closest to when it was put in place.
 * Returns the revisions logged.
 */
export function logUnloggedServing(dataDir: string, history: RevisionHistory): Revision[] {
  const path = updatesCatalogPath(dataDir);
  if (!existsSync(path)) return [];
  const database = new CatalogDatabase(path);
  try {
    const unlogged: Revision[] = [];
    for (const [pack, { entry }] of database.packs) {
      // A pack document names the revision it is (see data/catalog/info-version.ts).
      const version = entry.version;
      if (version === undefined || history.served(pack)?.version === version) continue;
      const revision = history.revision(pack, version);
      if (revision) unlogged.push(revision);
    }
    if (unlogged.length > 0) history.serveEach(unlogged, database.builtAt());
    return unlogged;
  } finally {
    database.close();
  }
}
