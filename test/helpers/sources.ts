import type { IconifyJSON } from '@iconify/types';
import { getIconData, iconToHTML, iconToSVG } from '@iconify/utils';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { locateDefaultCatalog } from '../../src/data/catalog/sources.js';

export const DEFAULT_JSON_DIR = locateDefaultCatalog().dir;

/** Ids of every icon set of @iconify/json, from its file names. */
export function defaultPackIds(): string[] {
  return readdirSync(DEFAULT_JSON_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -5))
    .sort();
}

/** The fixture pack that replaces a default pack of the same id in the test catalog. */
export const REPLACED_DEFAULT_PACK = 'bytesize';

/** Every default pack that the test catalog serves from @iconify/json, read from its source file. */
export function servedDefaultPacks(): Map<string, IconifyJSON> {
  return new Map(
    defaultPackIds()
      .filter((id) => id !== REPLACED_DEFAULT_PACK)
      .map((id) => [id, readDefaultPack(id)]),
  );
}

/** An icon set read straight from its source file, independently of the catalog. */
export function readSourcePack(path: string): IconifyJSON {
  return JSON.parse(readFileSync(path, 'utf8')) as IconifyJSON;
}

export function readDefaultPack(id: string): IconifyJSON {
  return readSourcePack(join(DEFAULT_JSON_DIR, `${id}.json`));
}

/** Every icon and alias name of a set. */
export function allNames(pack: IconifyJSON): string[] {
  return [...Object.keys(pack.icons), ...Object.keys(pack.aliases ?? {})];
}

/**
 * The reference rendering the contract names: what @iconify/utils produces
 * with getIconData + iconToSVG + iconToHTML and default customisations.
 */
export function referenceSvg(pack: IconifyJSON, name: string): { svg: string; body: string; width: number; height: number } {
  const data = getIconData(pack, name);
  if (!data) throw new Error(`reference: ${pack.prefix}:${name} does not resolve`);
  const rendered = iconToSVG(data);
  return { svg: iconToHTML(rendered.body, rendered.attributes), body: rendered.body, width: rendered.viewBox[2], height: rendered.viewBox[3] };
}

/** A small seeded generator (mulberry32), so a failing random sample can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of a run that names none: every run draws the same samples, so a failure is the code's, not the draw's. */
export const DEFAULT_TEST_SEED = 1;

/**
 * The seed of this run: TEST_SEED when set (`random` for a new one, as
 * `npm run test:soak` runs), otherwise DEFAULT_TEST_SEED; printed so it can
 * be replayed.
 */
export function testSeed(label: string): number {
  const given = process.env.TEST_SEED;
  const seed = !given ? DEFAULT_TEST_SEED : given === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(given);
  console.log(`${label}: seed ${seed} (replay with TEST_SEED=${seed})`);
  return seed;
}

/** `count` distinct [pack, name] pairs drawn uniformly from all icons and aliases of the given packs. */
export function sampleIcons(packs: Map<string, IconifyJSON>, count: number, random: () => number): Array<[string, string]> {
  const all: Array<[string, string]> = [];
  for (const [id, pack] of packs) for (const name of allNames(pack)) all.push([id, name]);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j] as [string, string], all[i] as [string, string]];
  }
  return all.slice(0, count);
}
