import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { removeAbandonedWork } from '../process.js';
import { BUILD_STAGE, buildCatalog, type BuildObserver, type BuildSummary } from './build.js';
import { Catalog } from './catalog.js';
import { fingerprintOf } from './fingerprint.js';
import { listSources } from './sources.js';

export interface CatalogLocation {
  /** Directory holding the database file. */
  dataDir: string;
  /** The operator's packs directory, if any. */
  packsDir: string | undefined;
}

export const CATALOG_FILE = 'catalog.db';

/** Where the catalog database of a data directory lives. */
export function catalogPath(dataDir: string): string {
  return join(dataDir, CATALOG_FILE);
}

function builtFingerprint(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return Catalog.fingerprintOf(db);
    } finally {
      db.close();
    }
  } catch {
    return undefined; // not a database we can read: rebuild it
  }
}

/**
 * Builds the catalog when its sources changed since the last build (or when
 * there is none) and returns the summary, or undefined when it was current.
 */
export async function ensureCatalog(location: CatalogLocation, observer: BuildObserver, force = false): Promise<BuildSummary | undefined> {
  const sources = listSources(location.packsDir);
  const fingerprint = fingerprintOf(sources);
  const path = catalogPath(location.dataDir);
  mkdirSync(location.dataDir, { recursive: true });
  removeAbandonedWork(path, [BUILD_STAGE]);
  if (!force && builtFingerprint(path) === fingerprint) return undefined;
  return buildCatalog(sources, fingerprint, path, observer);
}
