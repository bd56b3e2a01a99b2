import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FAST_CATALOG_DATA, FAST_DEFAULT_PACKS, FIXTURE_PACKS, ROOT, TRANSFORM_PACKS } from './paths.js';

/**
 * The global setup of the fast tier: builds the small catalog of the
 * in-process tier with the real build (from dist/, whose worker threads it
 * starts): a few default packs, the fixture packs and the transforms pack, in
 * seconds rather than the full catalog's 20, with the shapes search by shape
 * starts from, as the default catalog's.
 */
export default async function setup(): Promise<void> {
  await buildFastCatalog();
}

/** The build of the small catalog, which `npm test`'s global setup runs beside its own (see global-setup.ts). */
export async function buildFastCatalog(): Promise<void> {
  const { buildCatalog } = (await import(join(ROOT, 'dist', 'data', 'catalog', 'build.js'))) as typeof import('../../src/data/catalog/build.js');
  const { listDefaultSources, listOwnSources } = (await import(
    join(ROOT, 'dist', 'data', 'catalog', 'sources.js')
  )) as typeof import('../../src/data/catalog/sources.js');
  const { shapesToStore } = (await import(
    join(ROOT, 'dist', 'data', 'search', 'shape', 'shapes-to-store.js')
  )) as typeof import('../../src/data/search/shape/shapes-to-store.js');
  const { meaningPartsToStore } = (await import(
    join(ROOT, 'dist', 'data', 'search', 'meaning', 'catalog-glyphs.js')
  )) as typeof import('../../src/data/search/meaning/catalog-glyphs.js');
  if (process.env.TEST_REUSE_CATALOG === '1' && existsSync(join(FAST_CATALOG_DATA, 'catalog.db'))) return;
  rmSync(FAST_CATALOG_DATA, { recursive: true, force: true });
  mkdirSync(FAST_CATALOG_DATA, { recursive: true });
  const defaults = listDefaultSources().files.filter((file) => FAST_DEFAULT_PACKS.some((id) => file.path.endsWith(`/${id}.json`)));
  const silent = { progress: () => undefined, skipped: () => undefined, warning: () => undefined };
  await buildCatalog(
    // With what the default catalog's build stores for search (shapes, glyph index), made here over the fixture packs too.
    {
      files: [...defaults, ...listOwnSources(FIXTURE_PACKS), ...listOwnSources(TRANSFORM_PACKS)],
      meta: { fingerprint: 'test:fast' },
      shapesToStore,
      searchPartsToStore: meaningPartsToStore,
    },
    join(FAST_CATALOG_DATA, 'catalog.db'),
    silent,
  );
}
