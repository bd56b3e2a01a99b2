import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogDatabase } from '../../src/data/catalog/catalog-database.js';
import { listOwnSources } from '../../src/data/catalog/sources.js';
import { catalogDocumentAsKept, keepCatalogRevision, keepRebuiltRevisions } from '../../src/data/history/catalog-revisions.js';
import { packChanges } from '../../src/data/history/pack-changes.js';
import { RevisionHistory } from '../../src/data/history/revision-history.js';
import { expectedChanges, LUCIDE_VERSIONS, lucideSet } from '../helpers/npm-fixtures.js';
import { ROOT } from '../helpers/paths.js';

/*
 * A rebuild of the default catalog on real data: a catalog whose lucide is
 * @iconify-json/lucide 1.2.100, rebuilt as one whose lucide is 1.2.137 (as a
 * newer @iconify/json would bring), with a pack dropped, one added and one
 * unchanged. The databases are made by the real build.
 */

const [OLD, NEW] = LUCIDE_VERSIONS;
const INFO = { name: 'A pack', author: { name: 'a team' }, license: { title: 'MIT', spdx: 'MIT' } };
const tiny = (prefix: string) => ({ prefix, info: INFO, icons: { dot: { body: '<path d="M0 0h1v1H0z"/>' } }, width: 16, height: 16 });

describe('a rebuild of the default catalog', () => {
  let dir: string;
  const silent = { progress: () => undefined, skipped: () => undefined, warning: () => undefined };

  /** A default catalog of these packs, as @iconify/json `version` would have them. */
  async function catalogOf(name: string, version: string, sets: object[]): Promise<CatalogDatabase> {
    const { buildCatalog } = (await import(join(ROOT, 'dist', 'data', 'catalog', 'build.js'))) as typeof import('../../src/data/catalog/build.js');
    const folder = join(dir, name);
    mkdirSync(folder);
    for (const set of sets) writeFileSync(join(folder, `${(set as { prefix: string }).prefix}.json`), JSON.stringify(set));
    const path = join(dir, `${name}.db`);
    await buildCatalog({ files: listOwnSources(folder), meta: { fingerprint: name, default_catalog_version: version } }, path, silent);
    return new CatalogDatabase(path);
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rebuild-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what it replaced and what replaced it, for the packs that changed only, and logs a dropped pack as no longer served', async () => {
    const previous = await catalogOf('previous', '2.2.500', [lucideSet(OLD as string), tiny('same-pack'), tiny('gone-pack')]);
    const current = await catalogOf('current', '2.2.600', [lucideSet(NEW as string), tiny('same-pack'), tiny('new-pack')]);
    const history = new RevisionHistory(join(dir, 'history.db'));
    try {
      const rebuilt = 1_800_000_000_000;
      const lines = keepRebuiltRevisions(history, previous, current, rebuilt);
      expect(lines).toEqual(['gone-pack: no longer in the default catalog', 'lucide: revision json-2.2.600 kept', 'new-pack: revision json-2.2.600 kept']);
      expect(history.packs()).toEqual(['gone-pack', 'lucide', 'new-pack']);
      expect(history.revisions('lucide').map((revision) => [revision.version, revision.source])).toEqual([
        ['json-2.2.500', '@iconify/json@2.2.500'],
        ['json-2.2.600', '@iconify/json@2.2.600'],
      ]);
      expect(packChanges(history, 'lucide', 1, 2)).toEqual(expectedChanges(lucideSet(OLD as string), lucideSet(NEW as string)));
      // What was served when: the previous catalog since it was built, the new one from the rebuild on.
      const built = previous.builtAt();
      expect([built, rebuilt - 1, rebuilt].map((moment) => history.servedAt(moment).get('lucide'))).toEqual([1, 1, 2]);
      expect([rebuilt - 1, rebuilt].map((moment) => history.servedAt(moment).get('gone-pack'))).toEqual([1, null]);
      expect([rebuilt - 1, rebuilt].map((moment) => history.servedAt(moment).get('new-pack'))).toEqual([undefined, 1]);
      // Done again, it keeps nothing more.
      expect(keepRebuiltRevisions(history, current, current, rebuilt + 1)).toEqual([]);
    } finally {
      history.close();
      previous.close();
      current.close();
    }
  });

  it('keeps a revision as it was when the same @iconify/json is built again into other content, and says so', async () => {
    const first = await catalogOf('first-build', '2.2.700', [lucideSet(OLD as string), tiny('same-pack')]);
    const again = await catalogOf('built-again', '2.2.700', [lucideSet(NEW as string), tiny('same-pack')]);
    const history = new RevisionHistory(join(dir, 'history-again.db'));
    try {
      // An update of lucide kept what the first build served of it, as json-2.2.700.
      const kept = keepCatalogRevision(history, first, 'lucide');
      expect(kept?.version).toBe('json-2.2.700');
      const lines = keepRebuiltRevisions(history, first, again, 1_800_000_000_000);
      expect(lines).toEqual([
        'lucide: not kept: json-2.2.700 is kept already with other content; its pinned addresses answer what was kept, unpinned ones the rebuilt pack',
      ]);
      expect(history.revisions('lucide').map((revision) => revision.version)).toEqual(['json-2.2.700']);
      expect(history.documentAt('lucide', kept?.seq as number)).toEqual(catalogDocumentAsKept(first, 'lucide'));
    } finally {
      history.close();
      first.close();
      again.close();
    }
  });
});
