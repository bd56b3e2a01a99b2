import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogDatabase } from '../src/catalog/catalog-database.js';
import { CATALOG_FILE } from '../src/catalog/ensure.js';
import { databaseGlyphsOf, glyphFileOf } from '../src/search/meaning/catalog-glyphs.js';
import { searchByMeaning } from '../src/search/meaning/meaning-search.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { seededRandom, testSeed } from './helpers/sources.js';

/*
 * The default catalog's glyphs, kept in a file beside it by the first server
 * that opens it: what is read back searches exactly as what was made, and a
 * file that does not belong to the database (another build, cut short) is
 * made again rather than read.
 */

let database: CatalogDatabase;
beforeAll(() => {
  database = new CatalogDatabase(join(dataDirWithDefaultCatalog('glyph-file', false), CATALOG_FILE));
});
afterAll(() => database?.close());

/** Seeded queries of real names' words: whole words, starts of words, pairs, and misspellings. */
function queriesOf(names: readonly string[], random: () => number, count: number): string[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const queries: string[] = ['dustbin', 'trsh', 'sign in', 'house'];
  while (queries.length < count) {
    const words = pick(names)
      .split('-')
      .filter((word) => /^[a-z]{3,}$/.test(word));
    const word = words[0];
    if (!word) continue;
    const kind = random();
    if (kind < 0.3) queries.push(word);
    else if (kind < 0.6) queries.push(word.slice(0, 2 + Math.floor(random() * (word.length - 1))));
    else if (kind < 0.8) queries.push(`${word} ${words[1] ?? pick(words)}`);
    else queries.push(`${word.slice(0, 1)}${word.slice(2)}`);
  }
  return queries;
}

describe("the default catalog's glyph file", () => {
  it('is made by the first reader, and what is read back searches as what was made', () => {
    const path = glyphFileOf(database);
    expect(() => statSync(path)).toThrow();
    const made = databaseGlyphsOf(database);
    expect(statSync(path).size).toBeGreaterThan(1_000_000);
    const read = databaseGlyphsOf(database);
    expect(read.index).not.toBe(made.index);
    expect(read.index.size).toBe(made.index.size);
    expect(read.index.sortedWords).toEqual(made.index.sortedWords);
    const seed = testSeed('glyph file');
    console.log(`glyph file: seed ${seed} (replay with TEST_SEED=${seed})`);
    const queries = queriesOf(
      made.index.names.flatMap((names) => names.split(' ')),
      seededRandom(seed),
      400,
    );
    for (const q of queries) {
      const query = { q, limit: 48, offset: 0 };
      expect(searchByMeaning(query, { ...read, indexes: [read.index], correctors: [read.corrector] }), q).toEqual(
        searchByMeaning(query, { ...made, indexes: [made.index], correctors: [made.corrector] }),
      );
    }
  });

  it('is made again when it was cut short or belongs to another build', () => {
    const path = glyphFileOf(database);
    const whole = readFileSync(path);
    writeFileSync(path, whole.subarray(0, whole.length - 100));
    expect(databaseGlyphsOf(database).index.size).toBeGreaterThan(100_000);
    expect(readFileSync(path).equals(whole)).toBe(true);
    // The same bytes claiming another build: the header names the build it was made from.
    const headerLength = whole.readUInt32LE(0);
    const header = JSON.parse(whole.subarray(4, 4 + headerLength).toString('utf8')) as { build: string };
    const other = Buffer.from(JSON.stringify({ ...header, build: 'another build' }));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(other.length);
    writeFileSync(path, Buffer.concat([length, other, whole.subarray(4 + headerLength)]));
    databaseGlyphsOf(database);
    expect(readFileSync(path).equals(whole)).toBe(true);
  });
});
