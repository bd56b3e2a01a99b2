import { FULL_CATALOG, seededRandom, shuffled, testSeed } from './sources.js';

/*
 * Which files of a static export its tests compare with the server's
 * answers over HTTP. Every document of a pinned revision costs the server a
 * rendering, and a revision has one per icon and framework, tens of
 * thousands for a large pack: `npm run test:catalog` compares every one,
 * `npm test` the documents of a seeded sample of pinned icons and every
 * other file.
 */

/** The pinned icon a document of an export is of, `{pack}@{version}/{name}` (its components' documents name it too); undefined for any other file. */
export const pinnedIconOf = (path: string): string | undefined => /([^/@]+@[^/]+\/[^/]+)\.json$/.exec(path)?.[1];

/**
 * Draws the pinned icons compared, with the run's seed (printed under
 * `label`, replayed with TEST_SEED); undefined under `npm run
 * test:catalog`, which compares every one.
 */
export function pinnedIconDraw(label: string): (() => number) | undefined {
  if (!FULL_CATALOG) return seededRandom(testSeed(label));
  console.log(`${label}: every pinned file (TEST_CATALOG=full)`);
  return undefined;
}

/**
 * The paths of `paths` compared with the server's answers: every one
 * without `draw`; with it, every one but the documents of pinned icons, of
 * which those of `count` icons drawn from all (each icon's own document and
 * its components'), drawn anew at each call.
 */
export function comparedPaths(paths: readonly string[], draw: (() => number) | undefined, count: number): string[] {
  if (!draw) return [...paths];
  const icons = [...new Set(paths.map(pinnedIconOf).filter((icon) => icon !== undefined))].sort();
  const drawn = new Set(shuffled(icons, draw).slice(0, count));
  return paths.filter((path) => {
    const icon = pinnedIconOf(path);
    return icon === undefined || drawn.has(icon);
  });
}
