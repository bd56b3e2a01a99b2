import { existsSync, linkSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG_FILE } from '../../src/catalog/ensure.js';
import { CATALOG_DATA, TEST_TMP } from './paths.js';

/**
 * A new, empty data directory whose default catalog is the test catalog's
 * (a hard link: same file, no copy), so that a test with its own packs
 * directory builds only its own packs, not the whole of @iconify/json again;
 * with the catalog's glyph file too, unless `withGlyphFile` is false.
 */
export function dataDirWithDefaultCatalog(name: string, withGlyphFile = true): string {
  const dir = join(TEST_TMP, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  linkSync(join(CATALOG_DATA, CATALOG_FILE), join(dir, CATALOG_FILE));
  const glyphs = join(CATALOG_DATA, `${CATALOG_FILE}.glyphs`);
  if (withGlyphFile && existsSync(glyphs)) linkSync(glyphs, join(dir, `${CATALOG_FILE}.glyphs`));
  return dir;
}
