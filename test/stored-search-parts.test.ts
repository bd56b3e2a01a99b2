import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CatalogDatabase } from '../src/data/catalog/catalog-database.js';
import { CATALOG_FILE } from '../src/data/catalog/ensure.js';
import { databaseGlyphsOf, meaningPartsToStore, partsOf } from '../src/data/search/meaning/catalog-glyphs.js';
import { CATALOG_DATA } from './helpers/paths.js';

/*
 * What the build of the test catalog (every pack, by the command line)
 * stored of search by meaning, the vocabulary included: what making it from
 * the database gives, part for part, read back to the same parts. That a
 * registry reading such parts answers as one making them is shown on the
 * small catalog (test/fast/stored-search-parts.test.ts).
 */
describe('what search by meaning stores with the default catalog', () => {
  it('is the glyph index, the vocabulary and the typo corrector made from the database, part for part', () => {
    const database = new CatalogDatabase(join(CATALOG_DATA, CATALOG_FILE));
    try {
      const parts = database.storedSearchParts();
      expect([...new Set([...parts.keys()].map((name) => name.split('/')[0]))].sort()).toEqual(['glyph-index', 'typo-corrector', 'vocabulary']);
      const madeNow = meaningPartsToStore(database);
      expect([...parts.keys()].sort()).toEqual([...madeNow.keys()].sort());
      for (const [name, bytes] of madeNow) expect(Buffer.compare(Buffer.from(bytes), Buffer.from(parts.get(name) as Uint8Array)), name).toBe(0);
      const read = databaseGlyphsOf(database);
      for (const [name, bytes] of partsOf(read)) expect(Buffer.compare(Buffer.from(bytes), Buffer.from(parts.get(name) as Uint8Array)), name).toBe(0);
      expect(read.vocabulary?.size).toBeGreaterThan(10_000);
      expect(read.corrector.size).toBeGreaterThan(10_000);
    } finally {
      database.close();
    }
  });
});
