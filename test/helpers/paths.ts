import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** The project's folder: the nearest above this file that holds package.json, whether it runs from test/helpers/ or bundled into .bench/. */
function projectRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    if (dirname(folder) === folder) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    folder = dirname(folder);
  }
  return folder;
}

export const ROOT = projectRoot();
export const CLI = join(ROOT, 'dist', 'cli.js');
export const FIXTURE_PACKS = join(ROOT, 'test', 'fixtures', 'packs');
/** Scratch space of a test run (git-ignored). */
export const TEST_TMP = join(ROOT, '.vitest-tmp');
/** The catalog built once per run from @iconify/json plus the fixture packs. */
export const CATALOG_DATA = join(TEST_TMP, 'catalog');
export const CATALOG_DB = join(CATALOG_DATA, 'catalog.db');
/** What `icon-registry build` printed while building that catalog. */
export const BUILD_LOG = join(TEST_TMP, 'build.log');
/** The small catalog of `npm run test:fast`: a few @iconify/json packs and the fixture packs. */
export const FAST_CATALOG_DATA = join(TEST_TMP, 'fast-catalog');
/** The @iconify/json packs of that catalog: a large one, a stroke one, and one with large multicolour bodies. */
export const FAST_DEFAULT_PACKS = ['mdi', 'lucide', 'noto'];
/** A packs folder of its own: the transforms pack, every rotation, flip and offset an alias can have. */
export const TRANSFORM_PACKS = join(ROOT, 'test', 'fixtures', 'transforms');
/** Stored SVGs of a sample of icons, checked by hand. */
export const SVG_GOLDEN = join(ROOT, 'test', 'fixtures', 'svg-golden.json');
