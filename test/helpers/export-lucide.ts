import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { SAMPLED_ICONIFY_JSON } from './catalog-sample.js';
import { lucideSet, lucideTarball } from './npm-fixtures.js';
import { FULL_CATALOG, readDefaultPack, seededRandom, shuffled, testSeed } from './sources.js';

/*
 * The lucide whose revisions the export of pinned revisions writes: under
 * `npm run test:catalog`, the test catalog's and @iconify-json/lucide
 * 1.2.100 and 1.2.137 as the npm registry has them; under `npm test`, each
 * of the three cut to the same seeded sample of lucide's icons (the sample
 * printed, replayed with TEST_SEED), a package tarball packed again from the
 * published one, so that each revision's tens of thousands of files are a
 * few thousand.
 */

/** Icons drawn under `npm test`: more names (aliases included) than an export's task holds, so that a pack's documents are split over tasks. */
const DRAWN_ICONS = 520;

export interface LucideSources {
  /** The catalog's lucide. */
  catalog: IconifyJSON;
  /** Each package's set, by version. */
  sets: Record<string, IconifyJSON>;
  /** Each package's tarball, by version. */
  tarballs: Record<string, string>;
  /** The folder laid out as @iconify/json to build the catalog from (ICON_REGISTRY_ICONIFY_JSON), or undefined for the test catalog. */
  iconifyJson: string | undefined;
}

/** A set cut to `drawn` icons (those it has) and every alias that resolves to one, as the sampled catalog cuts a pack. */
function cut<T extends { icons: IconifyJSON['icons']; aliases?: IconifyJSON['aliases'] }>(set: T, drawn: ReadonlySet<string>): T {
  const icons = Object.fromEntries(Object.entries(set.icons).filter(([name]) => drawn.has(name)));
  const aliases: NonNullable<IconifyJSON['aliases']> = {};
  // Repeated until no alias is added, as aliases may name aliases.
  for (let added = true; added; ) {
    added = false;
    for (const [name, alias] of Object.entries(set.aliases ?? {})) {
      if (name in aliases || !(alias.parent in icons || alias.parent in aliases)) continue;
      aliases[name] = alias;
      added = true;
    }
  }
  return { ...set, icons, ...(set.aliases ? { aliases } : {}) };
}

function tar(args: string[]): void {
  const result = spawnSync('tar', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tar ${args.join(' ')} failed: ${result.stderr}`);
}

/** A package's tarball packed again with its icons.json cut to `drawn`, and its info's total counting the icons kept. */
function cutTarball(version: string, drawn: ReadonlySet<string>, dir: string): string {
  const unpacked = join(dir, version);
  mkdirSync(unpacked, { recursive: true });
  tar(['xzf', lucideTarball(version), '-C', unpacked]);
  const icons = cut(JSON.parse(readFileSync(join(unpacked, 'package', 'icons.json'), 'utf8')) as IconifyJSON, drawn);
  writeFileSync(join(unpacked, 'package', 'icons.json'), JSON.stringify(icons));
  const info = JSON.parse(readFileSync(join(unpacked, 'package', 'info.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(unpacked, 'package', 'info.json'), JSON.stringify({ ...info, total: Object.keys(icons.icons).length }));
  const tarball = join(dir, `iconify-json-lucide-${version}.tgz`);
  tar(['czf', tarball, '-C', unpacked, 'package']);
  rmSync(unpacked, { recursive: true, force: true });
  return tarball;
}

/** The lucide sources of the run's tier (see above); under `npm test`, written under `dir`. */
export function lucideSources(versions: readonly string[], dir: string): LucideSources {
  const whole = readDefaultPack('lucide');
  if (FULL_CATALOG) {
    return {
      catalog: whole,
      sets: Object.fromEntries(versions.map((version) => [version, lucideSet(version)])),
      tarballs: Object.fromEntries(versions.map((version) => [version, lucideTarball(version)])),
      iconifyJson: undefined,
    };
  }
  const random = seededRandom(testSeed('lucide icons exported'));
  // trash is the icon the tests read; the info's samples are kept as the sampled catalog keeps them.
  const named = ['trash', ...((whole.info as { samples?: string[] } | undefined)?.samples ?? [])];
  const drawn = new Set([...named, ...shuffled(Object.keys(whole.icons), random).slice(0, DRAWN_ICONS)]);
  const catalog = cut(whole, drawn);
  if (catalog.info) catalog.info = { ...catalog.info, total: Object.keys(catalog.icons).length };
  // The catalog's lucide alone, laid out as @iconify/json at the sampled catalog's version: the catalog's revision keeps its name.
  const iconifyJson = join(dir, 'iconify-json');
  mkdirSync(join(iconifyJson, 'json'), { recursive: true });
  copyFileSync(join(SAMPLED_ICONIFY_JSON, 'package.json'), join(iconifyJson, 'package.json'));
  const collections = JSON.parse(readFileSync(join(SAMPLED_ICONIFY_JSON, 'collections.json'), 'utf8')) as Record<string, object>;
  writeFileSync(join(iconifyJson, 'collections.json'), JSON.stringify({ lucide: { ...collections.lucide, total: Object.keys(catalog.icons).length } }));
  writeFileSync(join(iconifyJson, 'json', 'lucide.json'), JSON.stringify(catalog));
  const tarballs = Object.fromEntries(versions.map((version) => [version, cutTarball(version, drawn, dir)]));
  const sets = Object.fromEntries(versions.map((version) => [version, cut(lucideSet(version), drawn)]));
  return { catalog, sets, tarballs, iconifyJson };
}
