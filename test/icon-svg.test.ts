import type { IconifyJSON } from '@iconify/types';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapLimit } from './helpers/http.js';
import { FIXTURE_PACKS } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { allNames, readSourcePack, referenceSvg, sampleIcons, seededRandom, servedDefaultPacks, testSeed } from './helpers/sources.js';
import type { IconDocument } from '../src/render/icon-document.js';

/**
 * Packs checked icon by icon. Every pack of @iconify/json whose aliases rotate
 * or flip is here (fa and the three fluent-emoji sets), plus sets of every
 * style: monotone, multicolour, animated, emoji, flags, logos.
 */
const WHOLE_PACKS = [
  'fa',
  'fluent-emoji',
  'fluent-emoji-flat',
  'fluent-emoji-high-contrast',
  'mdi-light',
  'line-md',
  'svg-spinners',
  'logos',
  'skill-icons',
  'flag',
  'devicon',
  'noto',
  'bi',
  'carbon',
  'heroicons',
  'lucide',
  'twemoji',
  'emojione',
  'cryptocurrency',
  'simple-icons',
  'academicons',
  'ri',
  'uil',
  'octicon',
  'ion',
  'eva',
  'gg',
  'wi',
  'circle-flags',
  'game-icons',
  'openmoji',
];

let server: TestServer;
let defaultPacks: Map<string, IconifyJSON>;
beforeAll(async () => {
  // Sources are read before any request: reading them blocks this process for
  // seconds, long enough for the server to close idle keep-alive connections
  // that the client would then try to reuse.
  defaultPacks = servedDefaultPacks();
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Fetches each icon document and compares it with the reference; returns the mismatches. */
async function compareWithReference(pairs: Array<[IconifyJSON, string]>): Promise<string[]> {
  const mismatches: string[] = [];
  await mapLimit(pairs, 16, async ([pack, name]) => {
    // Identity: compression has its own tests, and would only slow this sweep.
    const response = await fetch(`${server.base}/r/${pack.prefix}/${name}.json`, { headers: { 'accept-encoding': 'identity' } });
    if (response.status !== 200) {
      mismatches.push(`${pack.prefix}:${name}: status ${response.status}`);
      return;
    }
    const document = (await response.json()) as IconDocument;
    const wanted: Record<string, unknown> = { id: `${pack.prefix}:${name}`, pack: pack.prefix, name, ...referenceSvg(pack, name) };
    for (const [key, value] of Object.entries(wanted)) {
      const actual = document[key as keyof IconDocument];
      if (actual !== value) mismatches.push(`${pack.prefix}:${name}: ${key} ${JSON.stringify(actual).slice(0, 200)} != ${JSON.stringify(value).slice(0, 200)}`);
    }
  });
  return mismatches;
}

describe('the svg of icon documents equals the @iconify/utils reference', () => {
  it('for every icon and alias of 31 whole packs, transformations included', async () => {
    const pairs: Array<[IconifyJSON, string]> = [];
    let transformed = 0;
    for (const id of WHOLE_PACKS) {
      const pack = defaultPacks.get(id) as IconifyJSON;
      for (const name of allNames(pack)) pairs.push([pack, name]);
      transformed += Object.values(pack.aliases ?? {}).filter((alias) => alias.rotate || alias.hFlip || alias.vFlip).length;
    }
    const mismatches = await compareWithReference(pairs);
    console.log(`svg: ${pairs.length} icons and aliases of ${WHOLE_PACKS.length} packs compared (${transformed} transformed aliases)`);
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(50_000);
    expect(transformed).toBeGreaterThan(0);
  }, 600_000);

  it('for every icon and alias of the fixture pack (own sizes, rotations, flips, alias of alias)', async () => {
    const pack = readSourcePack(join(FIXTURE_PACKS, 'fixture-shapes.json'));
    const pairs = allNames(pack).map((name): [IconifyJSON, string] => [pack, name]);
    expect(await compareWithReference(pairs)).toEqual([]);
  });

  it('for a random sample of 10,000 icons across all packs', async () => {
    const random = seededRandom(testSeed('svg sample'));
    const sample = sampleIcons(defaultPacks, 10_000, random);
    const pairs = sample.map(([id, name]): [IconifyJSON, string] => [defaultPacks.get(id) as IconifyJSON, name]);
    const mismatches = await compareWithReference(pairs);
    console.log(`svg: random sample of ${pairs.length} icons from ${new Set(sample.map(([id]) => id)).size} packs compared`);
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(pairs.length).toBe(10_000);
  });
});
