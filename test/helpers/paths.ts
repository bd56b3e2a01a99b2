import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(ROOT, 'dist', 'cli.js');
export const FIXTURE_PACKS = join(ROOT, 'test', 'fixtures', 'packs');
/** Scratch space of a test run (git-ignored). */
export const TEST_TMP = join(ROOT, '.vitest-tmp');
/** The catalog built once per run from @iconify/json plus the fixture packs. */
export const CATALOG_DATA = join(TEST_TMP, 'catalog');
export const CATALOG_DB = join(CATALOG_DATA, 'catalog.db');
/** What `icon-registry build` printed while building that catalog. */
export const BUILD_LOG = join(TEST_TMP, 'build.log');
