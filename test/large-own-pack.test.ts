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
 * built it at its start holds none of the build's memory: it built in a
 * process of its own.
 */

/** Resident memory of a server that has just started over the whole catalog, built or not: the build of this pack alone once left it at about 250 MB. */
const MAX_RSS_AFTER_START_MB = 120;

const PACK = 'bigpack';

interface Problem {
  status: number;
  code: string;
  suggestions?: string[];
}

let server: TestServer;
beforeAll(async () => {
  const packs = join(TEST_TMP, 'large-own-pack', 'packs');
  writeLargePack(packs, PACK);
  server = await startTestServer({ dataDir: dataDirWithDefaultCatalog('large-own-pack-data'), packsDir: packs });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a server that built an own pack of 200,000 icons at its start', () => {
  it('built it, and holds no more memory than one that built nothing', () => {
    expect(server.stderr()).toMatch(/catalog built: 1 packs, 200,000 icons/);
    const rss = rssMb(server.process.pid as number);
    console.log(`resident memory after the start: ${rss.toFixed(0)} MB`);
    expect(rss).toBeLessThan(MAX_RSS_AFTER_START_MB);
  });
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
