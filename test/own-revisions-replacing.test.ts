import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogPath, ownCatalogPath } from '../src/data/catalog/ensure.js';
import { openHistory } from '../src/data/history/history-file.js';
import { MAX_OWN_REVISIONS } from '../src/data/history/own-revisions.js';
import { lucideTarball } from './helpers/npm-fixtures.js';
import { CLI, ROOT, TEST_TMP } from './helpers/paths.js';

/** The build's modules as built: its workers run the built files. */
const built = async () => ({
  ...((await import(join(ROOT, 'dist', 'data', 'catalog', 'build.js'))) as typeof import('../src/data/catalog/build.js')),
  ...((await import(join(ROOT, 'dist', 'data', 'catalog', 'ensure.js'))) as typeof import('../src/data/catalog/ensure.js')),
  ...((await import(join(ROOT, 'dist', 'data', 'history', 'own-revisions.js'))) as typeof import('../src/data/history/own-revisions.js')),
});

/*
 * An own pack that replaces a pack of the default catalog, edited more times
 * than an own pack keeps revisions of, then removed: the catalog's revision,
 * kept before the first own one, outlives the trimming of own revisions, and
 * is served again once the own pack is gone; and an update of the pack while
 * an own pack replaces it keeps its revision, served once the own pack goes.
 * Built with the real build, over a default catalog of one small pack named
 * lucide, updated with the real command from a package the tests ship.
 */

const VERSION = '2.2.400';
const DIR = join(TEST_TMP, 'own-revisions-replacing');
const DATA = join(DIR, 'data');
const PACKS = join(DIR, 'packs');
const silent = { progress: () => undefined, skipped: () => undefined, warning: () => undefined };

const packOf = (body: string): IconifyJSON => ({
  prefix: 'lucide',
  info: { name: 'Lucide, as an own pack', author: { name: 'a team' }, license: { title: 'MIT', spdx: 'MIT' } },
  icons: { dot: { body } },
  width: 24,
  height: 24,
});

/** The own packs built (all prepared again with `force`) and their revisions recorded, as every build and reload does, at `now`. */
async function buildOwn(now: number, force = false): Promise<void> {
  const { ensureOwnCatalog, recordOwnRevisions } = await built();
  await ensureOwnCatalog({ dataDir: DATA, packsDir: PACKS }, silent, force, { version: VERSION, files: [] });
  recordOwnRevisions(DATA, now);
}

beforeAll(async () => {
  const { buildCatalog } = await built();
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DATA, { recursive: true });
  mkdirSync(PACKS, { recursive: true });
  const source = join(DIR, 'lucide.json');
  writeFileSync(source, JSON.stringify(packOf('<path d="M1 1h2v2H1z"/>')));
  const { size, mtimeMs } = lstatSync(source);
  const file = { path: source, origin: 'default' as const, kind: 'json' as const, size, signature: `${size} ${Math.trunc(mtimeMs)}` };
  await buildCatalog({ files: [file], meta: { fingerprint: 'own-revisions-replacing', default_catalog_version: VERSION } }, catalogPath(DATA), silent);
}, 60_000);

describe('an own pack replacing a default pack', () => {
  it(`keeps the catalog's revision through more than ${MAX_OWN_REVISIONS} own ones, and serves it again once the own pack is gone`, async () => {
    const started = Date.now();
    for (let edit = 0; edit <= MAX_OWN_REVISIONS; edit++) {
      writeFileSync(join(PACKS, 'lucide.json'), JSON.stringify(packOf(`<path d="M${edit} 9h2v2h-2z"/>`)));
      await buildOwn(started + edit);
    }
    const history = openHistory(DATA);
    try {
      const revisions = history.revisions('lucide');
      expect(revisions[0]?.version).toBe(`json-${VERSION}`);
      expect(revisions.filter((revision) => revision.source === 'own packs')).toHaveLength(MAX_OWN_REVISIONS);
      expect(history.served('lucide')?.source).toBe('own packs');
    } finally {
      history.close();
    }

    rmSync(join(PACKS, 'lucide.json'));
    await buildOwn(started + MAX_OWN_REVISIONS + 1);
    const after = openHistory(DATA);
    try {
      expect(after.served('lucide')?.version).toBe(`json-${VERSION}`);
      expect(after.isServed('lucide')).toBe(true);
      expect(after.servedAt(started + MAX_OWN_REVISIONS + 1).get('lucide')).toBe(after.revision('lucide', `json-${VERSION}`)?.seq);
    } finally {
      after.close();
    }
  }, 120_000);

  it('keeps an update of the pack unserved while an own pack replaces it, and serves it once the own pack goes', async () => {
    const own = JSON.stringify(packOf('<path d="M2 2h20v20H2z"/>'));
    writeFileSync(join(PACKS, 'lucide.json'), own);
    await buildOwn(Date.now());
    const update = spawnSync(process.execPath, [CLI, 'update', '--data', DATA, '--from', lucideTarball('1.2.137')], { encoding: 'utf8', timeout: 60_000 });
    expect(update.status, update.stderr).toBe(0);
    expect(update.stderr).toContain('lucide: keeping 1.2.137');
    expect(update.stderr).toContain('not served while an own pack of the same id replaces it');
    const during = openHistory(DATA);
    const ownKept = (history: ReturnType<typeof openHistory>) => history.revisions('lucide').filter((revision) => revision.source === 'own packs');
    let kept: number;
    try {
      expect(during.revision('lucide', '1.2.137')).toBeDefined();
      expect(during.served('lucide')?.source).toBe('own packs');
      kept = ownKept(during).length;
    } finally {
      during.close();
    }
    // A build after the update, the own pack unchanged: no new revision of it, and still the one served.
    await buildOwn(Date.now());
    const rebuilt = openHistory(DATA);
    try {
      expect(ownKept(rebuilt)).toHaveLength(kept);
      expect(rebuilt.served('lucide')?.source).toBe('own packs');
    } finally {
      rebuilt.close();
    }

    rmSync(join(PACKS, 'lucide.json'));
    await buildOwn(Date.now());
    const after = openHistory(DATA);
    try {
      expect(after.served('lucide')?.version).toBe('1.2.137');
    } finally {
      after.close();
    }

    // Put back as it was (a revert): its own revision is served again, not kept anew.
    writeFileSync(join(PACKS, 'lucide.json'), own);
    await buildOwn(Date.now());
    const back = openHistory(DATA);
    try {
      expect(back.served('lucide')?.source).toBe('own packs');
      expect(back.isServed('lucide')).toBe(true);
      expect(ownKept(back)).toHaveLength(kept);
    } finally {
      back.close();
    }

    // Built again with --force, unchanged: the same revision, not one more that changes nothing, and the document served
    // names it (a name of its own would be a version no pinned address or npm install knows).
    const before = openHistory(DATA);
    const newest = ownKept(before).at(-1)?.version;
    before.close();
    await buildOwn(Date.now(), true);
    const forced = openHistory(DATA);
    const { CatalogDatabase } = (await import(
      join(ROOT, 'dist', 'data', 'catalog', 'catalog-database.js')
    )) as typeof import('../src/data/catalog/catalog-database.js');
    const ownDatabase = new CatalogDatabase(ownCatalogPath(DATA));
    try {
      // Counted by its newest: the oldest own revisions are forgotten past MAX_OWN_REVISIONS, which the count would hide.
      expect(ownKept(forced).at(-1)?.version).toBe(newest);
      expect(ownDatabase.packs.get('lucide')?.entry.version).toBe(newest);
    } finally {
      ownDatabase.close();
      forced.close();
    }
  }, 120_000);
});
