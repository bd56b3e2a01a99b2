import type { IconifyJSON } from '@iconify/types';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapLimit } from './helpers/http.js';
import { FIXTURE_PACKS, TRANSFORM_PACKS } from './helpers/paths.js';
import { catalogSite, inProcessSite, type Site } from './helpers/site.js';
import { allNames, CATALOG_SAMPLE_SIZE, catalogIcons, FULL_CATALOG, readSourcePack, servedDefaultPacks } from './helpers/sources.js';
import { goldenSvgs } from './helpers/svg-golden.js';
import { expectedSvgOf } from './helpers/svg-oracle.js';
import type { IconDocument } from '../src/core/render/icon-document.js';

/*
 * The svg of icon documents, answered in process by the server's own code,
 * against an independent rendering of the source data: a seeded sample of
 * the whole catalog (every pack, at least 3,000 icons) with every alias that
 * rotates or flips its parent, or every icon under `npm run test:catalog`;
 * and every icon of the own packs of shapes and of transforms, which the
 * small catalog of the in-process tier serves.
 */

/** The own packs checked icon by icon: the fixture pack of shapes and the transforms pack. */
const OWN_PACK_FILES = [join(FIXTURE_PACKS, 'fixture-shapes.json'), join(TRANSFORM_PACKS, 'fixture-transforms.json')];

const catalog = catalogSite();
const small = inProcessSite();
let defaultPacks: Map<string, IconifyJSON>;
let ownPacks: Map<string, IconifyJSON>;
let sample: Array<[string, string]>;
beforeAll(() => {
  defaultPacks = servedDefaultPacks();
  ownPacks = new Map(OWN_PACK_FILES.map((file) => readSourcePack(file)).map((pack) => [pack.prefix, pack]));
  sample = catalogIcons(defaultPacks, 'svg sample');
});

/** The icon document of `pack:name`, or a line saying why there is none. */
async function iconDocument(site: Site, pack: string, name: string): Promise<IconDocument | string> {
  const response = await site.request(`/r/${pack}/${name}.json`, { headers: { 'accept-encoding': 'identity' } });
  return response.status === 200 ? response.json<IconDocument>() : `${pack}:${name}: status ${response.status}`;
}

/** Asks for each icon document and compares it with the independent rendering of its source; returns the mismatches. */
async function compareWithOracle(site: Site, pairs: Array<[IconifyJSON, string]>): Promise<string[]> {
  const mismatches: string[] = [];
  await mapLimit(pairs, 16, async ([pack, name]) => {
    const document = await iconDocument(site, pack.prefix, name);
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
  it('for the icons of the catalog (a sample of every pack, or all of them), and every alias that rotates or flips', async () => {
    const pairs = sample.map(([id, name]): [IconifyJSON, string] => [defaultPacks.get(id) as IconifyJSON, name]);
    const chosen = new Set(sample.map(([id, name]) => `${id}:${name}`));
    let transformed = 0;
    for (const [id, pack] of defaultPacks)
      for (const [name, alias] of Object.entries(pack.aliases ?? {}))
        if (alias.rotate || alias.hFlip || alias.vFlip) {
          transformed++;
          if (!chosen.has(`${id}:${name}`)) pairs.push([pack, name]);
        }
    const mismatches = await compareWithOracle(catalog, pairs);
    console.log(`svg: ${pairs.length} icons and aliases of ${defaultPacks.size} packs compared (${transformed} transformed aliases)`);
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(FULL_CATALOG ? 400_000 : CATALOG_SAMPLE_SIZE);
    expect(transformed).toBeGreaterThan(0);
  }, 600_000);

  it('for every icon and alias of the fixture packs (own sizes and offsets, every rotation and flip, aliases of aliases)', async () => {
    const pairs = [...ownPacks.values()].flatMap((pack) => allNames(pack).map((name): [IconifyJSON, string] => [pack, name]));
    expect(await compareWithOracle(small, pairs)).toEqual([]);
    const transforms = ownPacks.get('fixture-transforms') as IconifyJSON;
    const kinds = new Set(
      Object.values(transforms.aliases ?? {}).flatMap((alias) => [`rotate ${alias.rotate ?? 0}`, alias.hFlip ? 'hFlip' : '', alias.vFlip ? 'vFlip' : '']),
    );
    expect([...kinds].filter(Boolean).sort()).toEqual(['hFlip', 'rotate 0', 'rotate 1', 'rotate 2', 'rotate 3', 'vFlip']);
  });

  it('on a sample that meets every pack of the catalog', () => {
    const met = new Set(sample.map(([id]) => id));
    expect([...defaultPacks.keys()].filter((id) => allNames(defaultPacks.get(id) as IconifyJSON).length > 0 && !met.has(id))).toEqual([]);
    expect(sample.length).toBeGreaterThanOrEqual(FULL_CATALOG ? 400_000 : CATALOG_SAMPLE_SIZE);
  });
});

describe('the svg of icon documents equals the stored SVGs checked by hand', () => {
  const golden = goldenSvgs();

  it('for each icon of the golden sample, byte for byte', async () => {
    expect(golden.size).toBeGreaterThanOrEqual(40);
    const mismatches: string[] = [];
    await mapLimit([...golden], 8, async ([id, svg]) => {
      const [pack, name] = id.split(':') as [string, string];
      const document = await iconDocument(ownPacks.has(pack) ? small : catalog, pack, name);
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
