import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogDatabase } from '../src/data/catalog/catalog-database.js';
import { CATALOG_FILE, OWN_CATALOG_FILE } from '../src/data/catalog/ensure.js';
import { databaseGlyphsOf, meaningPartsToStore, partsOf } from '../src/data/search/meaning/catalog-glyphs.js';
import { CATALOG_DATA, ROOT, TEST_TMP } from './helpers/paths.js';
import { WRITTEN_QUERIES } from './helpers/search-queries.js';
import { inProcessSite } from './helpers/site.js';

/*
 * What the build of the test catalog (every pack, by the command line)
 * stored of search by meaning, the vocabulary included: what making it from
 * the database gives, part for part, read back to the same parts; and a
 * registry reading it answers searches by meaning (the judged tuning
 * queries, which go through the vocabulary, and misspelt ones, through the
 * typo corrector) as one over the same database without it.
 */

const WITHOUT = join(TEST_TMP, 'catalog-without-stored-search');
rmSync(WITHOUT, { recursive: true, force: true });
mkdirSync(WITHOUT, { recursive: true });
copyFileSync(join(CATALOG_DATA, CATALOG_FILE), join(WITHOUT, CATALOG_FILE));
linkSync(join(CATALOG_DATA, OWN_CATALOG_FILE), join(WITHOUT, OWN_CATALOG_FILE));
const writable = new Database(join(WITHOUT, CATALOG_FILE));
writable.exec('DROP TABLE search_parts');
writable.close();

const stored = inProcessSite({ dataDir: CATALOG_DATA });
const made = inProcessSite({ dataDir: WITHOUT });

afterAll(() => rmSync(WITHOUT, { recursive: true, force: true }));

describe('what search by meaning stores with the default catalog', () => {
  it('is the glyph index, the vocabulary and the typo corrector made from the database, part for part', () => {
    const database = new CatalogDatabase(join(CATALOG_DATA, CATALOG_FILE));
    try {
      const parts = database.storedSearchParts();
      expect([...new Set([...parts.keys()].map((name) => name.split('/')[0]))].sort()).toEqual(['glyph-index', 'recipe', 'typo-corrector', 'vocabulary']);
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

  it('answers searches by meaning and misspelt ones as the same database without it', async () => {
    const judged = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'relevance-queries.json'), 'utf8')) as { queries: Array<{ q: string }> };
    const meanings = judged.queries.map((query) => query.q);
    // Each judged query with its first word's second and third letters swapped: a typo the corrector must mend.
    const misspelt = meanings.map((q) => (q.length > 4 ? `${q[0]}${q[2]}${q[1]}${q.slice(3)}` : q));
    const queries = [...new Set([...WRITTEN_QUERIES, ...meanings, ...misspelt])];
    let corrected = 0;
    for (const q of queries) {
      const target = `/r/search.json?q=${encodeURIComponent(q)}&limit=24`;
      const [fromStored, fromMade] = await Promise.all([stored.request(target), made.request(target)]);
      expect(fromStored.status, target).toBe(fromMade.status);
      expect(fromStored.text(), target).toBe(fromMade.text());
      if (fromStored.text().includes('"didYouMean"')) corrected++;
    }
    console.log(`stored search parts, sampled catalog: ${queries.length} searches compared, ${corrected} with a correction`);
    expect(queries.length).toBeGreaterThan(800);
    expect(corrected).toBeGreaterThan(100);
  }, 120_000);
});
