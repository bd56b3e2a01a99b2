import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepCatalogRevision } from '../src/data/history/catalog-revisions.js';
import { RevisionHistory } from '../src/data/history/revision-history.js';
import { makePackage } from '../src/faces/npm/package-maker.js';
import { catalogSite } from './helpers/site.js';
import { seededRandom, testSeed } from './helpers/sources.js';

/** Default packs drawn at random from the sampled catalog, beside those always checked (mdi's document is stored in many chunks). */
const SAMPLED_PACKS = 8;

/*
 * A default pack no update has touched is an npm version named after the
 * catalog (`json-2.2.535`), made from the document the catalog stores; once an
 * update is about to replace it, the history keeps that document as the
 * revision of the same name. Its package must be, byte for byte, the same
 * before and after, or a lockfile written before the update would fail its
 * integrity check after it.
 */
describe('the npm package of a default pack no update has touched', () => {
  const site = catalogSite();
  const dir = mkdtempSync(join(tmpdir(), 'package-kept-bytes-'));
  const history = new RevisionHistory(join(dir, 'history.db'));
  afterAll(() => {
    history.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is made of the same bytes from the catalog’s document as from the revision the history keeps of it, on a seeded sample of packs', async () => {
    const random = seededRandom(testSeed('package kept bytes'));
    const ids = [...site.registry.packs.keys()].filter((pack) => site.registry.catalog.database(pack)?.metaValue('default_catalog_version')).sort();
    const sample = new Set(['lucide', 'mdi']);
    while (sample.size < SAMPLED_PACKS + 2) sample.add(ids[Math.floor(random() * ids.length)] as string);
    for (const pack of sample) {
      const [before, ...others] = site.registry.packageVersions(pack) ?? [];
      expect(others, pack).toEqual([]);
      const database = site.registry.catalog.database(pack);
      if (!before || !database) throw new Error(`${pack} is not served from the default catalog`);
      const kept = keepCatalogRevision(history, database, pack);
      expect(kept?.version, pack).toBe(before.version);
      const madeBefore = makePackage({ pack, version: before.version, document: await before.document() });
      const keptJson = Buffer.from(JSON.stringify(history.documentAt(pack, kept?.seq as number)));
      const madeAfter = makePackage({ pack, version: before.version, document: { chunks: [keptJson] } });
      expect(madeBefore.tarball.equals(madeAfter.tarball), pack).toBe(true);
      // Read from the history file by the thread that makes it, as the server has a kept revision's made: the same bytes.
      const readThere = makePackage({
        pack,
        version: before.version,
        document: { kept: { history: join(dir, 'history.db'), pack, seq: kept?.seq as number } },
      });
      expect(readThere.tarball.equals(madeAfter.tarball), pack).toBe(true);
    }
  }, 120_000);
});
