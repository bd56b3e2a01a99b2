import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogDatabase } from '../../src/data/catalog/catalog-database.js';
import { CATALOG_FILE } from '../../src/data/catalog/ensure.js';
import { databaseGlyphsOf, meaningPartsToStore, partsOf, storedPartsReadable } from '../../src/data/search/meaning/catalog-glyphs.js';
import { FAST_CATALOG_DATA, FAST_DEFAULT_PACKS, TEST_TMP } from '../helpers/paths.js';
import { WRITTEN_QUERIES } from '../helpers/search-queries.js';
import { inProcessSite } from '../helpers/site.js';
import { allNames, FAST_TIER, readDefaultPack, seededRandom, testSeed } from '../helpers/sources.js';

/*
 * What the default catalog's build stores of search by meaning (the glyph
 * index, the vocabulary packed, the typo corrector), which a server reads at
 * its start instead of making them again: it is what making them from the
 * database gives, part for part, and a registry that reads it answers every
 * search as one over the same database without it (as an updates' database
 * is built, or a database of an older format is) answers.
 */

const WITHOUT = join(TEST_TMP, 'fast-catalog-without-stored-search');
rmSync(WITHOUT, { recursive: true, force: true });
mkdirSync(WITHOUT, { recursive: true });
copyFileSync(join(FAST_CATALOG_DATA, CATALOG_FILE), join(WITHOUT, CATALOG_FILE));
const writable = new Database(join(WITHOUT, CATALOG_FILE));
// As a database of an older format has it: no table of stored parts at all, and no lists of icons by style.
writable.exec('DROP TABLE search_parts');
writable.exec('ALTER TABLE search_sets DROP COLUMN drawn_as');
writable.close();

const stored = inProcessSite();
const filed = inProcessSite({ dataDir: WITHOUT });

afterAll(() => rmSync(WITHOUT, { recursive: true, force: true }));

/** Queries from the small catalog's own names, as people type them: whole names, a word, the start of a word, a typo. */
function queriesFromNames(random: () => number, count: number): string[] {
  const names = FAST_DEFAULT_PACKS.flatMap((pack) => allNames(readDefaultPack(pack)));
  const queries: string[] = [];
  while (queries.length < count) {
    const words = (names[Math.floor(random() * names.length)] as string).split('-');
    const word = words[Math.floor(random() * words.length)] as string;
    const kind = random();
    if (kind < 0.3) queries.push(words.join(' '));
    else if (kind < 0.6) queries.push(word);
    else if (kind < 0.8) queries.push(word.slice(0, Math.max(1, Math.ceil(word.length / 2))));
    else {
      const at = Math.floor(random() * word.length);
      queries.push(`${word.slice(0, at)}${word.slice(at + 1)}`);
    }
  }
  return queries;
}

describe('what search by meaning stores at build', () => {
  it('is what making it from the database gives, part for part, and reads back to the same parts', () => {
    const database = new CatalogDatabase(join(FAST_CATALOG_DATA, CATALOG_FILE));
    try {
      const parts = database.storedSearchParts();
      const prefixes = new Set([...parts.keys()].map((name) => name.split('/')[0]));
      // The small catalog is built without a vocabulary (test/stored-search-parts.test.ts reads the sampled one, which has one).
      expect([...prefixes].sort()).toEqual(['glyph-index', 'recipe', 'typo-corrector']);
      expect(storedPartsReadable(parts)).toBe(true);
      // Parts made with another weight or limit, or by another version of the code, are made again, not read.
      const recipe = JSON.parse(Buffer.from(parts.get('recipe') as Uint8Array).toString('utf8')) as Record<string, unknown>;
      const otherwise = (change: Record<string, unknown>) => new Map([...parts, ['recipe', Buffer.from(JSON.stringify({ ...recipe, ...change }))]]);
      expect(storedPartsReadable(otherwise({ version: (recipe.version as number) + 1 }))).toBe(false);
      expect(storedPartsReadable(otherwise({ backLinkMinWeight: 0.6 }))).toBe(false);
      expect(storedPartsReadable(new Map())).toBe(false);
      const madeNow = meaningPartsToStore(database);
      expect([...parts.keys()].sort()).toEqual([...madeNow.keys()].sort());
      for (const [name, bytes] of madeNow) expect(Buffer.compare(Buffer.from(bytes), Buffer.from(parts.get(name) as Uint8Array)), name).toBe(0);
      const read = databaseGlyphsOf(database);
      for (const [name, bytes] of partsOf(read)) expect(Buffer.compare(Buffer.from(bytes), Buffer.from(parts.get(name) as Uint8Array)), name).toBe(0);
      expect(read.index.size).toBeGreaterThan(10_000);
    } finally {
      database.close();
    }
  });

  it('answers every search, by meaning and as the Iconify API, as the same database filed at the start answers', async () => {
    const random = seededRandom(testSeed('stored search parts'));
    // Fewer drawn in the inner loop's tier.
    const queries = [...WRITTEN_QUERIES, ...queriesFromNames(random, FAST_TIER ? 60 : 200)];
    const targets = queries.flatMap((q) => [
      `/r/search.json?q=${encodeURIComponent(q)}`,
      `/r/search.json?q=${encodeURIComponent(q)}&packs=mdi&limit=10`,
      // mdi is drawn one way: the database without lists of icons by style filters it as the one with them.
      `/r/search.json?q=${encodeURIComponent(q)}&style=fill&packs=mdi&limit=10`,
      `/search?query=${encodeURIComponent(q)}`,
    ]);
    let matched = 0;
    for (const target of targets) {
      const [fromStored, fromFiled] = await Promise.all([stored.request(target), filed.request(target)]);
      expect(fromStored.status, target).toBe(fromFiled.status);
      expect(fromStored.text(), target).toBe(fromFiled.text());
      if (fromStored.status === 200 && /"total":[1-9]/.test(fromStored.text())) matched++;
    }
    console.log(`stored search parts: ${targets.length} searches compared, ${matched} with matches`);
    expect(matched).toBeGreaterThan(targets.length / 3);
  });
});
