import type { IconifyJSON } from '@iconify/types';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { mapLimit, sweepJson } from './helpers/http.js';
import { FIXTURE_PACKS, TEST_TMP, TRANSFORM_PACKS } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { allNames, readSourcePack, sampleIcons, seededRandom, servedDefaultPacks, testSeed } from './helpers/sources.js';
import { goldenSvgs } from './helpers/svg-golden.js';
import { expectedSvgOf } from './helpers/svg-oracle.js';
import type { IconDocument } from '../src/core/render/icon-document.js';

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

/** The own packs served here: the fixture pack of shapes and the transforms pack, each checked icon by icon. */
const OWN_PACK_FILES = [join(FIXTURE_PACKS, 'fixture-shapes.json'), join(TRANSFORM_PACKS, 'fixture-transforms.json')];

let server: TestServer;
let defaultPacks: Map<string, IconifyJSON>;
let ownPacks: Map<string, IconifyJSON>;
beforeAll(async () => {
  // Sources are read before any request: reading them blocks this process for
  // seconds, long enough for the server to close idle keep-alive connections
  // that the client would then try to reuse.
  defaultPacks = servedDefaultPacks();
  ownPacks = new Map(OWN_PACK_FILES.map((file) => readSourcePack(file)).map((pack) => [pack.prefix, pack]));
  const packsDir = join(TEST_TMP, 'svg-packs');
  rmSync(packsDir, { recursive: true, force: true });
  mkdirSync(packsDir, { recursive: true });
  for (const file of OWN_PACK_FILES) copyFileSync(file, join(packsDir, basename(file)));
  server = await startTestServer({ dataDir: dataDirWithDefaultCatalog('svg-data'), packsDir });
});
afterAll(async () => {
  await server.close();
});

/** The icon document of `pack:name`, or a line saying why there is none. */
async function iconDocument(pack: string, name: string): Promise<IconDocument | string> {
  const { status, json } = await sweepJson<IconDocument>(`${server.base}/r/${pack}/${name}.json`);
  return json ?? `${pack}:${name}: status ${status}`;
}

/** Fetches each icon document and compares it with the independent rendering of its source; returns the mismatches. */
async function compareWithOracle(pairs: Array<[IconifyJSON, string]>): Promise<string[]> {
  const mismatches: string[] = [];
  await mapLimit(pairs, 16, async ([pack, name]) => {
    const document = await iconDocument(pack.prefix, name);
    if (typeof document === 'string') {
      mismatches.push(document);
      return;
    }
    const wanted: Record<string, unknown> = { id: `${pack.prefix}:${name}`, pack: pack.prefix, name, ...expectedSvgOf(pack, name) };
    for (const [key, value] of Object.entries(wanted)) {
      const actual = document[key as keyof IconDocument];
      if (actual !== value) mismatches.push(`${pack.prefix}:${name}: ${key} ${JSON.stringify(actual).slice(0, 200)} != ${JSON.stringify(value).slice(0, 200)}`);
    }
  });
  return mismatches;
}

describe('the svg of icon documents equals an independent rendering of the source data', () => {
  it('for every icon and alias of 31 whole packs, transformations included', async () => {
    const pairs: Array<[IconifyJSON, string]> = [];
    let transformed = 0;
    for (const id of WHOLE_PACKS) {
      const pack = defaultPacks.get(id) as IconifyJSON;
      for (const name of allNames(pack)) pairs.push([pack, name]);
      transformed += Object.values(pack.aliases ?? {}).filter((alias) => alias.rotate || alias.hFlip || alias.vFlip).length;
    }
    const mismatches = await compareWithOracle(pairs);
    console.log(`svg: ${pairs.length} icons and aliases of ${WHOLE_PACKS.length} packs compared (${transformed} transformed aliases)`);
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(50_000);
    expect(transformed).toBeGreaterThan(0);
  }, 600_000);

  it('for every icon and alias of the fixture packs (own sizes and offsets, every rotation and flip, aliases of aliases)', async () => {
    const pairs = [...ownPacks.values()].flatMap((pack) => allNames(pack).map((name): [IconifyJSON, string] => [pack, name]));
    expect(await compareWithOracle(pairs)).toEqual([]);
    const transforms = ownPacks.get('fixture-transforms') as IconifyJSON;
    const kinds = new Set(
      Object.values(transforms.aliases ?? {}).flatMap((alias) => [`rotate ${alias.rotate ?? 0}`, alias.hFlip ? 'hFlip' : '', alias.vFlip ? 'vFlip' : '']),
    );
    expect([...kinds].filter(Boolean).sort()).toEqual(['hFlip', 'rotate 0', 'rotate 1', 'rotate 2', 'rotate 3', 'vFlip']);
  });

  it('for a random sample of 10,000 icons across all packs', async () => {
    const random = seededRandom(testSeed('svg sample'));
    const sample = sampleIcons(defaultPacks, 10_000, random);
    const pairs = sample.map(([id, name]): [IconifyJSON, string] => [defaultPacks.get(id) as IconifyJSON, name]);
    const mismatches = await compareWithOracle(pairs);
    console.log(`svg: random sample of ${pairs.length} icons from ${new Set(sample.map(([id]) => id)).size} packs compared`);
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(pairs.length).toBe(10_000);
  });
});

describe('the svg of icon documents equals the stored SVGs checked by hand', () => {
  const golden = goldenSvgs();

  it('for each icon of the golden sample, byte for byte', async () => {
    expect(golden.size).toBeGreaterThanOrEqual(40);
    const mismatches: string[] = [];
    await mapLimit([...golden], 8, async ([id, svg]) => {
      const [pack, name] = id.split(':') as [string, string];
      const document = await iconDocument(pack, name);
      if (typeof document === 'string') mismatches.push(document);
      else if (document.svg !== svg) mismatches.push(`${id}: ${document.svg.slice(0, 300)}`);
    });
    expect(mismatches).toEqual([]);
  });

  it('as the independent rendering does, so the oracle of the sweeps is right where it was checked', () => {
    const packOf = (prefix: string) => ownPacks.get(prefix) ?? (defaultPacks.get(prefix) as IconifyJSON);
    for (const [id, svg] of golden) {
      const [pack, name] = id.split(':') as [string, string];
      expect(expectedSvgOf(packOf(pack), name).svg, id).toBe(svg);
    }
  });
});
