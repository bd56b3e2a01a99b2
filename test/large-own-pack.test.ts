import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { getJson, mapLimit } from './helpers/http.js';
import { writeLargePack } from './helpers/large-pack.js';
import { TEST_TMP } from './helpers/paths.js';
import { rssMb } from './helpers/proc.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * An own pack of 200,000 icons, far larger than any of @iconify/json: a miss
 * in it is answered like a miss anywhere else, with the close names as
 * suggestions, from the same few reads of the pack's names. The server that
 * built it at its start holds none of the build's memory (it built in a
 * process of its own): no more than one that found it built.
 */

/**
 * What a server that built the pack at its start may hold beyond one that
 * started over the same catalog already built: both hold the search of the
 * whole catalog, this pack's included, and resident memory varies by a few
 * MB from start to start; the build of this pack alone once left a server
 * at about 150 MB more.
 */
const MAX_RSS_OVER_ONE_THAT_BUILT_NOTHING_MB = 30;

const PACK = 'bigpack';

interface Problem {
  status: number;
  code: string;
  suggestions?: string[];
}

let server: TestServer;
const packs = join(TEST_TMP, 'large-own-pack', 'packs');
let dataDir: string;
beforeAll(async () => {
  dataDir = dataDirWithDefaultCatalog('large-own-pack-data');
  writeLargePack(packs, PACK);
  server = await startTestServer({ dataDir, packsDir: packs });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a server that built an own pack of 200,000 icons at its start', () => {
  it('built it, and holds no more memory than one that built nothing', async () => {
    expect(server.stderr()).toMatch(/catalog built: 1 packs, 200,000 icons/);
    const rss = rssMb(server.process.pid as number);
    const unbuilt = await startTestServer({ dataDir, packsDir: packs });
    try {
      expect(unbuilt.stderr()).not.toMatch(/catalog built/);
      const unbuiltRss = rssMb(unbuilt.process.pid as number);
      console.log(`resident memory once ready: ${rss.toFixed(0)} MB, and ${unbuiltRss.toFixed(0)} MB for a server that built nothing`);
      expect(rss).toBeLessThan(unbuiltRss + MAX_RSS_OVER_ONE_THAT_BUILT_NOTHING_MB);
    } finally {
      await unbuilt.close();
    }
  }, 120_000);
});

describe('a miss in an own pack of 200,000 icons', () => {
  it('is a 404 with the closest names as suggestions, wherever the typo is', async () => {
    for (const [miss, closest] of [
      ['icon-99999x', 'icon-99999'],
      ['xicon-5', 'icon-5'],
      ['icn-4242', 'icon-4242'],
      ['icon-12345-', 'icon-12345'],
    ]) {
      const { status, json } = await getJson<Problem>(`${server.base}/r/${PACK}/${miss}.json`);
      expect(status, miss).toBe(404);
      expect(json.code, miss).toBe('icon_not_found');
      expect(json.suggestions?.[0], miss).toBe(`${PACK}:${closest}`);
    }
    expect((await fetch(`${server.base}/r/${PACK}/icon-99999.json`)).status).toBe(200);
  });

  it('answers many different misses at once, each with suggestions, while other packs are served', async () => {
    const misses = Array.from({ length: 200 }, (_, i) => `icon-${i * 997}z`);
    const answers = await mapLimit(misses, 8, async (miss) => (await getJson<Problem>(`${server.base}/r/${PACK}/${miss}.json`)).json);
    expect(answers.filter((answer) => answer.code !== 'icon_not_found' || !answer.suggestions?.length)).toEqual([]);
    expect(answers.map((answer) => answer.suggestions?.[0])).toEqual(misses.map((miss) => `${PACK}:${miss.slice(0, -1)}`));
    expect((await fetch(`${server.base}/r/mdi/home.json`)).status).toBe(200);
  });
});
