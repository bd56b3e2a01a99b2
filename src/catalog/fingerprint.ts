import { createHash } from 'node:crypto';
import type { Sources } from './sources.js';

/**
 * Bumped whenever the database layout or what the build stores changes, so
 * that a catalog built by an older version is rebuilt rather than misread.
 */
export const CATALOG_FORMAT = 4;

/**
 * Identifies the exact inputs of a catalog: format, package version, and each
 * source file's path, size and modification time. Reading the files' contents
 * would cost seconds on every start; sizes and mtimes cost milliseconds.
 */
export function fingerprintOf(sources: Sources): string {
  const hash = createHash('sha256');
  hash.update(`format ${CATALOG_FORMAT}\n@iconify/json ${sources.defaultCatalogVersion}\n`);
  for (const file of sources.files) hash.update(`${file.origin} ${file.path} ${file.size} ${file.mtimeMs}\n`);
  return hash.digest('hex');
}
