import { linkSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG_FILE } from '../../src/data/catalog/ensure.js';
import { CATALOG_DATA, TEST_TMP } from './paths.js';

/**
 * A new, empty data directory whose default catalog is the test catalog's
 * (a hard link: same file, no copy), so that a test with its own packs
 * directory builds only its own packs, not the whole of @iconify/json again.
 */
export function dataDirWithDefaultCatalog(name: string): string {
  const dir = join(TEST_TMP, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  linkSync(join(CATALOG_DATA, CATALOG_FILE), join(dir, CATALOG_FILE));
  return dir;
}
