import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { CatalogDatabase } from '../src/data/catalog/catalog-database.js';
import { listDefaultSources, listOwnSources } from '../src/data/catalog/sources.js';
import { keepCatalogRevision } from '../src/data/history/catalog-revisions.js';
import { historyPath } from '../src/data/history/history-file.js';
import { RevisionHistory } from '../src/data/history/revision-history.js';
import { lucideTarball } from './helpers/npm-fixtures.js';
import { CLI, ROOT, TEST_TMP } from './helpers/paths.js';
import { inProcessSite } from './helpers/site.js';
import { allNames, readDefaultPack } from './helpers/sources.js';

/*
 * The categories of pinned icon documents, in process over a default catalog
 * of @iconify/json's mdi, lucide and fa6-regular and a small pack, built by
 * the real build as @iconify/json 2.2.500 (from the packs the tests are given:
 * the sample of every pack, where they run over one), after `icon-registry update
 * --from` kept @iconify-json/lucide 1.2.100 and fa6-regular's revision was
 * kept as an update keeps it: mdi is pinned at the catalog's revision
 * (every document of it read from the same root fields, as an export reads
 * them), fa6-regular at a revision the history keeps (its root read anew
 * for each document). Each document lists the categories its pack lists the name in,
 * in the pack's order, whatever was asked before it.
 */

const VERSION = '2.2.500';
const CATALOG_REVISION = `json-${VERSION}`;
const OLD = '1.2.100';
const DATA = join(TEST_TMP, 'fast-pinned-categories');
/** A pack with categories, many of its names in more than one, whose catalog's revision the history keeps. */
const KEPT = 'fa6-regular';
const INFO = { name: 'Odd categories', author: { name: 'a team' }, license: { title: 'MIT', spdx: 'MIT' } };
const DOT = '<path d="M0 0h1v1H0z"/>';
/** A pack whose categories hold what is not a list of names: a text that holds the names, and a number. */
const ODD: IconifyJSON = {
  prefix: 'odd-categories',
  info: INFO,
  icons: { dot: { body: DOT }, ring: { body: DOT } },
  categories: { Shapes: ['dot', 'ring'], Text: 'dot ring', Number: 5 } as unknown as Record<string, string[]>,
  width: 16,
  height: 16,
};

beforeAll(async () => {
  const { buildCatalog } = (await import(join(ROOT, 'dist', 'data', 'catalog', 'build.js'))) as typeof import('../src/data/catalog/build.js');
  rmSync(DATA, { recursive: true, force: true });
  const folder = join(DATA, 'odd');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'odd-categories.json'), JSON.stringify(ODD));
  const defaults = listDefaultSources().files.filter((file) => ['mdi', 'lucide', KEPT].some((id) => file.path.endsWith(`/${id}.json`)));
  const silent = { progress: () => undefined, skipped: () => undefined, warning: () => undefined };
  const files = [...defaults, ...listOwnSources(folder)];
  await buildCatalog({ files, meta: { fingerprint: 'pinned-categories', default_catalog_version: VERSION } }, join(DATA, 'catalog.db'), silent);
  const run = spawnSync(process.execPath, [CLI, 'update', '--data', DATA, '--from', lucideTarball(OLD)], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  // The catalog's revision of a pack with categories, kept as an update keeps it before replacing it.
  const history = new RevisionHistory(historyPath(DATA));
  const database = new CatalogDatabase(join(DATA, 'catalog.db'));
  try {
    expect(keepCatalogRevision(history, database, KEPT)?.version).toBe(CATALOG_REVISION);
  } finally {
    database.close();
    history.close();
  }
}, 120_000);

const site = inProcessSite({ dataDir: DATA });

/** The titles of the categories that list `name` in a pack, in its order, read from the pack itself. */
function listedIn(pack: IconifyJSON, name: string): string[] {
  return Object.entries(pack.categories ?? {})
    .filter(([, names]) => names.includes(name))
    .map(([title]) => title);
}

/** The categories a pinned document lists (none when it has no such field). */
async function categoriesOf(target: string): Promise<string[]> {
  const response = await site.request(target);
  expect(response.status, target).toBe(200);
  return (JSON.parse(response.body.toString()) as { categories?: string[] }).categories ?? [];
}

describe('categories of pinned icon documents', () => {
  it("lists, in every document of the catalog's revision, the categories the pack lists the name in", async () => {
    const mdi = readDefaultPack('mdi');
    const names = allNames(mdi);
    expect(names.filter((name) => listedIn(mdi, name).length > 1).length).toBeGreaterThan(0);
    const differing: string[] = [];
    for (const name of names) {
      const listed = listedIn(mdi, name);
      if (JSON.stringify(await categoriesOf(`/r/mdi@${CATALOG_REVISION}/${name}.json`)) !== JSON.stringify(listed)) differing.push(name);
    }
    for (const name of names.slice(0, 50)) {
      if (JSON.stringify(await categoriesOf(`/r/vue/mdi@${CATALOG_REVISION}/${name}.json`)) !== JSON.stringify(listedIn(mdi, name)))
        differing.push(`vue ${name}`);
    }
    expect(differing).toEqual([]);
  });

  it('lists them in each document of a revision the history keeps', async () => {
    const pack = readDefaultPack(KEPT);
    const names = allNames(pack);
    // Names in more than one category, whose order the documents must keep: 69 in the whole pack, a few in a sample of it.
    expect(names.filter((name) => listedIn(pack, name).length > 1).length).toBeGreaterThan(0);
    expect((await site.request(`/r/changes.json?pack=${KEPT}`)).body.toString()).toContain(`"version":"${CATALOG_REVISION}"`);
    const differing: string[] = [];
    for (const name of names) {
      if (JSON.stringify(await categoriesOf(`/r/${KEPT}@${CATALOG_REVISION}/${name}.json`)) !== JSON.stringify(listedIn(pack, name))) differing.push(name);
    }
    expect(differing).toEqual([]);
  });

  it('lists nothing from a category that is not a list of names, at the first document asked for and at those after it', async () => {
    const pinned = [`odd-categories@${CATALOG_REVISION}/dot`, `odd-categories@${CATALOG_REVISION}/ring`, `vue/odd-categories@${CATALOG_REVISION}/dot`];
    for (const path of pinned) expect(await categoriesOf(`/r/${path}.json`), path).toEqual(['Shapes']);
  });
});
