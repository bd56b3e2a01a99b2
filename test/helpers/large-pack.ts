import type { IconifyJSON } from '@iconify/types';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How many icons the large own pack has: far more than any pack of @iconify/json (the largest has 31,722 names). */
export const LARGE_PACK_ICONS = 200_000;

/**
 * An own pack of `count` icons named `icon-0` to `icon-<count - 1>`, each a
 * small square at its own place, always the same: for tests and benchmarks
 * of what a pack's size must not change (a miss's cost above all).
 */
export function largeIconifyPack(prefix: string, count = LARGE_PACK_ICONS): IconifyJSON {
  const icons: IconifyJSON['icons'] = {};
  for (let i = 0; i < count; i++) icons[`icon-${i}`] = { body: `<path fill="currentColor" d="M${i % 23} ${Math.floor(i / 23) % 23}h1v1h-1z"/>` };
  return {
    prefix,
    info: { name: `Large pack of ${count} icons`, author: { name: 'icon-registry tests' }, license: { title: 'MIT', spdx: 'MIT' } },
    icons,
    width: 24,
    height: 24,
  };
}

/** Writes that pack as `<dir>/<prefix>.json` (about 11 MB for 200,000 icons) and returns the file's path. */
export function writeLargePack(dir: string, prefix: string, count = LARGE_PACK_ICONS): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${prefix}.json`);
  writeFileSync(path, JSON.stringify(largeIconifyPack(prefix, count)));
  return path;
}
