import { existsSync } from 'node:fs';
import { catalogPath, ensureCatalog, updatesCatalogPath } from '../data/catalog/ensure.js';
import { shapesToStore } from '../data/search/shape/shapes-to-store.js';
import { meaningPartsToStore } from '../data/search/meaning/catalog-glyphs.js';
import { recordOwnRevisions } from '../data/history/own-revisions.js';
import { keepRebuiltRevisions } from '../data/history/catalog-revisions.js';
import { openHistory } from '../data/history/history-file.js';
import { CatalogDatabase } from '../data/catalog/catalog-database.js';
import { terminalBuildObserver } from './build-output.js';
import type { CatalogOptions } from './options.js';
import { rebuildStaleUpdates } from './stale-updates.js';

/** Builds what is out of date of the catalog (everything when `force`), showing the build; returns whether anything was built. */
export async function prepareCatalog(options: CatalogOptions, force = false): Promise<boolean> {
  const observer = terminalBuildObserver();
  // The default catalog as it was, open, so that the revisions a rebuild replaces are kept from it.
  const previous = openIfReadable(catalogPath(options.dataDir));
  try {
    const built = await ensureCatalog(options, observer, force, { shapesToStore, searchPartsToStore: meaningPartsToStore });
    for (const { summary, path } of built) observer.finished(summary, path);
    if (previous && built.some((catalog) => catalog.path === catalogPath(options.dataDir))) keepReplacedRevisions(options.dataDir, previous);
    keepOwnRevisions(options);
    const updates = await rebuildStaleUpdates(options.dataDir, observer);
    if (updates) observer.finished(updates, updatesCatalogPath(options.dataDir));
    return built.length > 0 || updates !== undefined;
  } finally {
    previous?.close();
  }
}

/** A catalog database, if there is one that can be read (a file of an older format is rebuilt, and its revisions are not kept). */
function openIfReadable(path: string): CatalogDatabase | undefined {
  try {
    return existsSync(path) ? new CatalogDatabase(path) : undefined;
  } catch {
    return undefined;
  }
}

/** After a rebuild of the default catalog, keeps the revisions of the packs it changed (see catalog-revisions.ts), saying which. */
function keepReplacedRevisions(dataDir: string, previous: CatalogDatabase): void {
  const current = new CatalogDatabase(catalogPath(dataDir));
  const history = openHistory(dataDir);
  try {
    for (const line of keepRebuiltRevisions(history, previous, current)) process.stderr.write(`${line}\n`);
  } finally {
    history.close();
    current.close();
  }
}

/** Keeps a revision of each own pack that changed since its last one (see own-revisions.ts), saying which. */
export function keepOwnRevisions(options: CatalogOptions): void {
  for (const line of recordOwnRevisions(options.dataDir)) process.stderr.write(`${line}\n`);
}
