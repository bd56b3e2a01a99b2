import { beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from './helpers/access-file.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { mapLimit } from './helpers/http.js';
import { answerOf, answerOfSite, type ReferenceServer, sharedPackageReference } from './helpers/iconify-reference.js';
import { inProcessSite } from './helpers/site.js';
import { generatedQueries, LISTED_SETS, WRITTEN_QUERIES } from './helpers/search-queries.js';
import { defaultPackIds, FULL_CATALOG, seededRandom, testSeed } from './helpers/sources.js';

/*
 * /search and /keywords against the reference (@iconify/api on the same
 * @iconify/json): the registry must find what the reference finds, ranked as
 * it ranks it. The reference loads only the sets of @iconify/json's
 * collections.json; the five sets the package ships without listing them
 * are private packs here, so that a request without a token searches exactly
 * the reference's sets. Parameter and error cases are compared whole. The
 * registry answers in process; `npm run test:catalog` generates ten times as
 * many queries.
 */

const UNLISTED_SETS = defaultPackIds().filter((id) => !LISTED_SETS.includes(id));

/** The default catalog alone (no own packs), in process, with the unlisted sets private. */
const registry = inProcessSite({
  dataDir: dataDirWithDefaultCatalog('search-conformance'),
  access: { packs: Object.fromEntries(UNLISTED_SETS.map((id) => [id, ['nobody']])), tokens: { nobody: tokenHash('a token nobody sends') } },
});
let reference: ReferenceServer;
beforeAll(async () => {
  reference = await sharedPackageReference();
}, 180_000);

const bothAnswers = (path: string) => Promise.all([answerOf(reference.origin, path), answerOfSite(registry, path)]);

interface SearchAnswer {
  icons: string[];
  total: number;
  limit: number;
  start: number;
  collections: Record<string, unknown>;
  request: Record<string, string>;
}

describe('/search against the reference', () => {
  it("serves the reference's sets only, to a request without a token", async () => {
    expect(UNLISTED_SETS).toEqual(['bubbles', 'devicon-line', 'devicon-original', 'emblemicons', 'streamline-guidance']);
    const [theirs, ours] = await bothAnswers('/collections');
    expect(Object.keys(JSON.parse(ours.body))).toEqual(Object.keys(JSON.parse(theirs.body)).sort());
  });

  it('finds what the reference finds, ranked alike, on each of at least 150 queries', async () => {
    const seed = testSeed('search conformance');
    const queries = [...WRITTEN_QUERIES, ...generatedQueries(seededRandom(seed), FULL_CATALOG ? 1100 : 110)];
    console.log(`search conformance: ${queries.length} queries: ${queries.map((query) => JSON.stringify(query)).join(', ')}`);
    let withResults = 0;
    await mapLimit(queries, 8, async (query) => {
      const path = `/search?query=${encodeURIComponent(query)}`;
      const [theirs, ours] = await bothAnswers(path);
      expect(ours.status, path).toBe(theirs.status);
      const expected = JSON.parse(theirs.body) as SearchAnswer;
      const actual = JSON.parse(ours.body) as SearchAnswer;
      if (expected.icons.length) withResults++;
      if (expected.icons.length >= expected.limit) {
        // As many as the limit: nothing is filled after them, so the answers are the same.
        expect(actual, path).toEqual(expected);
        return;
      }
      // Fewer: the same, then what the registry fills in after them (synonyms, categories).
      expect(Object.keys(actual), path).toEqual(Object.keys(expected));
      expect([actual.limit, actual.start, actual.request], path).toEqual([expected.limit, expected.start, expected.request]);
      expect(actual.icons.slice(0, expected.icons.length), path).toEqual(expected.icons);
      expect(actual.total, path).toBe(actual.icons.length);
      const prefixes = [...new Set(actual.icons.map((name) => name.slice(0, name.indexOf(':'))))];
      expect(Object.keys(actual.collections), path).toEqual(prefixes);
      for (const prefix of Object.keys(expected.collections)) expect(actual.collections[prefix], `${path} ${prefix}`).toEqual(expected.collections[prefix]);
    });
    expect(queries.length).toBeGreaterThanOrEqual(150);
    expect(withResults).toBeGreaterThan(120);
  }, 600_000);

  /** Cases compared whole. Each query finds at least the limit, so no answer is filled past the reference's results. */
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
