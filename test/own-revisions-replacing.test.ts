import { lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogPath } from '../src/data/catalog/ensure.js';
import { openHistory } from '../src/data/history/history-file.js';
import { MAX_OWN_REVISIONS } from '../src/data/history/own-revisions.js';
import { ROOT, TEST_TMP } from './helpers/paths.js';

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
 * is served again once the own pack is gone. Built with the real build, over
 * a default catalog of one small pack.
 */

const VERSION = '2.2.400';
const DIR = join(TEST_TMP, 'own-revisions-replacing');
const DATA = join(DIR, 'data');
const PACKS = join(DIR, 'packs');
const silent = { progress: () => undefined, skipped: () => undefined, warning: () => undefined };

const packOf = (body: string): IconifyJSON => ({
  prefix: 'spin',
  info: { name: 'Spin', author: { name: 'a team' }, license: { title: 'MIT', spdx: 'MIT' } },
  icons: { dot: { body } },
  width: 24,
  height: 24,
});

/** The own packs built and their revisions recorded, as every build and reload does, at `now`. */
async function buildOwn(now: number): Promise<void> {
  const { ensureOwnCatalog, recordOwnRevisions } = await built();
  await ensureOwnCatalog({ dataDir: DATA, packsDir: PACKS }, silent, false, { version: VERSION, files: [] });
  recordOwnRevisions(DATA, now);
}

beforeAll(async () => {
  const { buildCatalog } = await built();
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DATA, { recursive: true });
  mkdirSync(PACKS, { recursive: true });
  const source = join(DIR, 'spin.json');
  writeFileSync(source, JSON.stringify(packOf('<path d="M1 1h2v2H1z"/>')));
  const { size, mtimeMs } = lstatSync(source);
  const file = { path: source, origin: 'default' as const, kind: 'json' as const, size, signature: `${size} ${Math.trunc(mtimeMs)}` };
  await buildCatalog({ files: [file], meta: { fingerprint: 'own-revisions-replacing', default_catalog_version: VERSION } }, catalogPath(DATA), silent);
}, 60_000);

describe('an own pack replacing a default pack', () => {
  it(`keeps the catalog's revision through more than ${MAX_OWN_REVISIONS} own ones, and serves it again once the own pack is gone`, async () => {
    const started = Date.now();
    for (let edit = 0; edit <= MAX_OWN_REVISIONS; edit++) {
      writeFileSync(join(PACKS, 'spin.json'), JSON.stringify(packOf(`<path d="M${edit} 9h2v2h-2z"/>`)));
      await buildOwn(started + edit);
    }
    const history = openHistory(DATA);
    try {
      const revisions = history.revisions('spin');
      expect(revisions[0]?.version).toBe(`json-${VERSION}`);
      expect(revisions.filter((revision) => revision.source === 'own packs')).toHaveLength(MAX_OWN_REVISIONS);
      expect(history.served('spin')?.source).toBe('own packs');
    } finally {
      history.close();
    }

    rmSync(join(PACKS, 'spin.json'));
    await buildOwn(started + MAX_OWN_REVISIONS + 1);
    const after = openHistory(DATA);
    try {
      expect(after.served('spin')?.version).toBe(`json-${VERSION}`);
      expect(after.isServed('spin')).toBe(true);
      expect(after.servedAt(started + MAX_OWN_REVISIONS + 1).get('spin')).toBe(after.revision('spin', `json-${VERSION}`)?.seq);
    } finally {
      after.close();
    }
  }, 120_000);
});
