import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { mapLimit } from './helpers/http.js';
import { answerOf, type ReferenceServer, startIconifyReference } from './helpers/iconify-reference.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { generatedQueries, LISTED_SETS, WRITTEN_QUERIES } from './helpers/search-queries.js';
import { seededRandom, testSeed } from './helpers/sources.js';

/*
 * /search and /keywords against the reference (@iconify/api on the same
 * @iconify/json): the registry, serving exactly @iconify/json, must find
 * what the reference finds, ranked as it ranks it. Parameter and error
 * cases are compared whole.
 */

let reference: ReferenceServer;
let registry: TestServer;
beforeAll(async () => {
  [reference, registry] = await Promise.all([
    startIconifyReference('package'),
    startTestServer({ dataDir: dataDirWithDefaultCatalog('search-conformance'), packsDir: null }),
  ]);
}, 180_000);
afterAll(async () => {
  await reference?.stop();
  await registry?.close();
});

const bothAnswers = (path: string) => Promise.all([answerOf(reference.origin, path), answerOf(registry.base, path)]);

interface SearchAnswer {
  icons: string[];
  total: number;
  limit: number;
  start: number;
  collections: Record<string, unknown>;
  request: Record<string, string>;
}

const listed = new Set(LISTED_SETS);

describe('/search against the reference', () => {
  it('finds what the reference finds, ranked alike, on at least 150 queries', async () => {
    const seed = testSeed('search conformance');
    const queries = [...WRITTEN_QUERIES, ...generatedQueries(seededRandom(seed), 110)];
    console.log(`search conformance: ${queries.length} queries: ${queries.map((query) => JSON.stringify(query)).join(', ')}`);
    const results = await mapLimit(queries, 8, async (query) => {
      const path = `/search?query=${encodeURIComponent(query)}`;
      const [theirs, ours] = await bothAnswers(path);
      expect(ours.status, path).toBe(theirs.status);
      const expected = JSON.parse(theirs.body) as SearchAnswer;
      const actual = JSON.parse(ours.body) as SearchAnswer;
      expect(Object.keys(actual), path).toEqual(Object.keys(expected));
      expect([actual.limit, actual.start, actual.request], path).toEqual([expected.limit, expected.start, expected.request]);
      // Every set of the answer is described as the reference describes it.
      for (const prefix of Object.keys(expected.collections))
        if (prefix in actual.collections) expect(actual.collections[prefix], path).toEqual(expected.collections[prefix]);
      const first64 = new Set(actual.icons.slice(0, 64));
      const topTen = new Set(actual.icons.slice(0, 10));
      // Ranked alike: the same names in the same order, as far as both go. Where the registry
      // also found icons of the sets the reference does not load, those count toward the limit
      // at which the reference's search stops completing words, so the two may part after them.
      const oursListed = actual.icons.filter((name) => listed.has(name.slice(0, name.indexOf(':'))));
      const common = Math.min(oursListed.length, expected.icons.length);
      const unlisted = oursListed.length < actual.icons.length;
      return {
        query,
        found: expected.icons.length,
        share: expected.icons.length ? expected.icons.filter((name) => first64.has(name)).length / expected.icons.length : undefined,
        topTen: expected.icons.length >= 10 ? expected.icons.slice(0, 10).filter((name) => topTen.has(name)).length : undefined,
        same: JSON.stringify(oursListed.slice(0, common)) === JSON.stringify(expected.icons.slice(0, common)),
        unlisted,
      };
    });
    const shares = results.flatMap((result) => (result.share === undefined ? [] : [result.share]));
    const topTens = results.flatMap((result) => (result.topTen === undefined ? [] : [result.topTen]));
    const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const differing = results.filter((result) => !result.same);
    const withUnlisted = results.filter((result) => result.unlisted);
    console.log(
      `search conformance: ${results.length} queries, ${shares.length} with results; share of the reference's results in the first 64: ${average(shares).toFixed(4)}; ` +
        `of its first ten in the first ten: ${average(topTens).toFixed(2)} (${topTens.length} queries); ` +
        `ranked identically: ${results.length - differing.length}` +
        (differing.length ? `; differing: ${differing.map((result) => JSON.stringify(result.query)).join(', ')}` : '') +
        `; ${withUnlisted.length} found icons of the sets the reference does not load`,
    );
    expect(queries.length).toBeGreaterThanOrEqual(150);
    expect(shares.length).toBeGreaterThan(120);
    expect(average(shares)).toBeGreaterThanOrEqual(0.9);
    expect(average(topTens)).toBeGreaterThanOrEqual(8);
    expect(differing.filter((result) => !result.unlisted).map((result) => result.query)).toEqual([]);
  }, 120_000);

  /**
   * Cases compared whole. Searches over all sets name some: the registry also
   * serves the five sets that @iconify/json ships without listing them in its
   * collections.json (the reference loads only those listed), and they may
   * rank among long result lists. Each query finds at least the limit, so no
   * answer is filled past the reference's results. Likewise the /keywords
   * cases complete words none of whose completions comes only from those sets.
   */
  const SETS = 'prefixes=material-symbols,mdi,tabler,ph,ic,lucide';
  const EXACT = [
    '/search',
    '/search?query=',
    '/search?query=%20',
    `/search?query=home&limit=0&${SETS}`,
    `/search?query=home&limit=abc&${SETS}`,
    `/search?query=home&limit=10&${SETS}`,
    `/search?query=arrow&limit=5000&${SETS}`,
    `/search?query=home&limit=100&${SETS}`,
    `/search?query=home&min=40&${SETS}`,
    `/search?query=home&min=0&${SETS}`,
    `/search?query=arrow&start=10&${SETS}`,
    `/search?query=arrow&start=63&${SETS}`,
    `/search?query=arrow&start=64&${SETS}`,
    `/search?query=arrow&start=-1&${SETS}`,
    `/search?query=arrow&start=abc&${SETS}`,
    `/search?query=arrow&limit=40&start=39&${SETS}`,
    '/search?query=arrow&prefix=mdi',
    '/search?query=arrow&prefixes=mdi,tabler',
    '/search?query=arrow&prefixes=material-',
    '/search?query=arrow&collection=tabler',
    '/search?query=arrow&category=General',
    '/search?query=arro&similar=false&prefix=mdi',
    `/search?query=arrow&similar=0&${SETS}`,
    `/search?query=HOME&${SETS}`,
    `/search?query=home&pretty=1&${SETS}`,
    `/search?query=home&callback=found&${SETS}`,
    '/search?query=home&callback=bad!',
    `/search?query=home&unknown=kept&limit=32&${SETS}`,
    '/search?query=a:b:c',
    '/search?query=prefix:a,b:c',
    '/search?query=x=y',
    '/search?query=mdi:home%20tabler:home',
    '/search?query=hom&similar=false',
    '/keywords',
    '/keywords?prefix=hom',
    '/keywords?keyword=ome',
    '/keywords?prefix=arrow-ri',
    '/keywords?prefix=zzqx-ab',
    '/keywords?prefix=a',
    '/keywords?keyword=bad!',
    '/keywords?prefix=&keyword=home',
    '/keywords?prefix=HOM',
    '/keywords?keyword=home',
    '/keywords?keyword=cycle&pretty=1',
    '/keywords?prefix=ho&callback=cb',
  ];

  it(`answers ${EXACT.length} parameter and error cases exactly as the reference`, async () => {
    await mapLimit(EXACT, 8, async (path) => {
      const [theirs, ours] = await bothAnswers(path);
      expect([ours.status, ours.type], path).toEqual([theirs.status, theirs.type]);
      if (theirs.type?.startsWith('application/json')) expect(JSON.parse(ours.body), path).toEqual(JSON.parse(theirs.body));
      else expect(ours.body, path).toBe(theirs.body);
    });
  }, 60_000);
});
