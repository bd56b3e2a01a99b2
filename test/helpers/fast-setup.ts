import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FAST_CATALOG_DATA, FAST_DEFAULT_PACKS, FIXTURE_PACKS, ROOT, TRANSFORM_PACKS } from './paths.js';

/**
 * Builds the small catalog of the in-process tier with the real build (from
 * dist/, whose worker threads it starts): a few default packs, the fixture
 * packs and the transforms pack, in seconds rather than the full catalog's 20.
 */
export default async function setup(): Promise<void> {
  const { buildCatalog } = (await import(join(ROOT, 'dist', 'data', 'catalog', 'build.js'))) as typeof import('../../src/data/catalog/build.js');
  const { listDefaultSources, listOwnSources } = (await import(
    join(ROOT, 'dist', 'data', 'catalog', 'sources.js')
  )) as typeof import('../../src/data/catalog/sources.js');
  rmSync(FAST_CATALOG_DATA, { recursive: true, force: true });
  mkdirSync(FAST_CATALOG_DATA, { recursive: true });
  const defaults = listDefaultSources().files.filter((file) => FAST_DEFAULT_PACKS.some((id) => file.path.endsWith(`/${id}.json`)));
  const silent = { progress: () => undefined, skipped: () => undefined, warning: () => undefined };
  await buildCatalog(
    { files: [...defaults, ...listOwnSources(FIXTURE_PACKS), ...listOwnSources(TRANSFORM_PACKS)], meta: { fingerprint: 'test:fast' } },
    join(FAST_CATALOG_DATA, 'catalog.db'),
    silent,
  );
}
