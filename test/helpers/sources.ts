import type { IconifyJSON } from '@iconify/types';
import { getIconData, iconToHTML, iconToSVG } from '@iconify/utils';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { locateDefaultCatalog } from '../../src/data/catalog/sources.js';

/** The icon sets the run serves: the installed @iconify/json's, or the sample `npm test` serves in their place (ICON_REGISTRY_ICONIFY_JSON). */
export const DEFAULT_JSON_DIR = locateDefaultCatalog().dir;

/** The revision the default catalog's packs are until an update: `json-` and the version of the @iconify/json installed, read from its package. */
export const CATALOG_REVISION = `json-${(JSON.parse(readFileSync(join(DEFAULT_JSON_DIR, '..', 'package.json'), 'utf8')) as { version: string }).version}`;

/** The name of an own pack's revision (see docs/versions.md). */
export const OWN_REVISION = /^own-\d{8}\.\d{6}\.\d{3}$/;

/** The installed @iconify/json's icon sets, whatever the run serves: the unit tests of pure code read real packs from it. */
export const INSTALLED_JSON_DIR = join(dirname(createRequire(import.meta.url).resolve('@iconify/json/package.json')), 'json');

/** An icon set as the installed @iconify/json has it. */
export function readInstalledPack(id: string): IconifyJSON {
  return readSourcePack(join(INSTALLED_JSON_DIR, `${id}.json`));
}

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

/** `items` in an order drawn with `random`, each order as likely (Fisher and Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const all = [...items];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j] as T, all[i] as T];
  }
  return all;
}

/** `count` distinct [pack, name] pairs drawn uniformly from all icons and aliases of the given packs. */
export function sampleIcons(packs: Map<string, IconifyJSON>, count: number, random: () => number): Array<[string, string]> {
  const all: Array<[string, string]> = [];
  for (const [id, pack] of packs) for (const name of allNames(pack)) all.push([id, name]);
  return shuffled(all, random).slice(0, count);
}

/**
 * Whether this run is `npm run test:fast`, the tier of the inner loop
 * (TEST_TIER=fast, set by its config). A file it shares with `npm test`
 * sweeps a whole pack there on a seeded sample (see sweptInFastTier), and
 * on every name under `npm test`.
 */
export const FAST_TIER = process.env.TEST_TIER === 'fast';

/**
 * The items a sweep of a whole pack checks: every one, but under
 * `npm run test:fast` a seeded sample of `count` of them (the seed printed
 * under `label`), in their order.
 */
export function sweptInFastTier<T>(items: readonly T[], label: string, count: number): T[] {
  if (!FAST_TIER || items.length <= count) return [...items];
  const drawn = new Set(shuffled(items, seededRandom(testSeed(label))).slice(0, count));
  console.log(`${label}: a seeded sample of ${count} of ${items.length} (every one under npm test)`);
  return items.filter((item) => drawn.has(item));
}

/**
 * Whether this run checks the properties of the whole catalog on every icon
 * and every document (`TEST_CATALOG=full`, as `npm run test:catalog` and the
 * second half of `npm run test:soak` run), or on a seeded sample of them
 * (`npm test`). A `*.sampled.test.ts` file draws its larger samples then.
 */
export const FULL_CATALOG = process.env.TEST_CATALOG === 'full';

/** Icons in a sample of the whole catalog, at least: one of every pack, the rest drawn from all. */
export const CATALOG_SAMPLE_SIZE = 3000;

/**
 * The icons a property of the whole catalog is checked on: under
 * `npm run test:catalog`, every icon and alias of `packs` (unless `sweep`
 * is false); otherwise a seeded sample (the seed printed under `label`) of
 * one icon of each pack and others drawn uniformly from all, `count` in all.
 */
export function catalogIcons(packs: Map<string, IconifyJSON>, label: string, count = CATALOG_SAMPLE_SIZE, sweep = true): Array<[string, string]> {
  if (FULL_CATALOG && sweep) {
    const all = [...packs].flatMap(([id, pack]) => allNames(pack).map((name): [string, string] => [id, name]));
    console.log(`${label}: every icon of the catalog (TEST_CATALOG=full): ${all.length} of ${packs.size} packs`);
    return all;
  }
  const random = seededRandom(testSeed(label));
  const chosen = new Set<string>();
  const pairs: Array<[string, string]> = [];
  const take = (id: string, name: string) => {
    if (chosen.has(`${id}:${name}`)) return;
    chosen.add(`${id}:${name}`);
    pairs.push([id, name]);
  };
  for (const [id, pack] of packs) {
    const names = allNames(pack);
    if (names.length) take(id, names[Math.floor(random() * names.length)] as string);
  }
  for (const [id, name] of sampleIcons(packs, count + pairs.length, random)) if (pairs.length < count) take(id, name);
  console.log(`${label}: a seeded sample of ${pairs.length} icons of ${packs.size} packs, every pack with one at least`);
  return pairs;
}

/** Packs in a sample of the whole catalog's pack documents. */
export const PACK_SAMPLE_SIZE = 40;

/**
 * The default packs whose whole documents a sweep checks: every one under
 * `npm run test:catalog`; otherwise a seeded sample of `count` (the seed
 * printed under `label`), in the order of their ids.
 */
export function catalogPacks(label: string, count = PACK_SAMPLE_SIZE): string[] {
  const ids = defaultPackIds();
  if (FULL_CATALOG) {
    console.log(`${label}: every pack of the catalog (TEST_CATALOG=full): ${ids.length}`);
    return ids;
  }
  const chosen = shuffled(ids, seededRandom(testSeed(label)))
    .slice(0, count)
    .sort();
  console.log(`${label}: a seeded sample of ${chosen.length} of ${ids.length} packs: ${chosen.join(', ')}`);
  return chosen;
}
