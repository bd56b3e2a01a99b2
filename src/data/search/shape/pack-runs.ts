import type { GlyphIndex } from '../meaning/glyph-index.js';

/** A pack's glyphs in an index: the run `[start, end)` (an index files a pack's glyphs together). */
export type PackRun = readonly [start: number, end: number];

/** Per index: each pack's run, found once. */
const packRunsOfIndex = new WeakMap<GlyphIndex, Map<string, PackRun>>();

/** Each pack's glyphs in `index`, by pack id. */
export function packRunsOf(index: GlyphIndex): ReadonlyMap<string, PackRun> {
  let runs = packRunsOfIndex.get(index);
  if (runs) return runs;
  const found = new Map<string, [number, number]>();
  for (let glyph = 0; glyph < index.size; glyph++) {
    const pack = index.packIdOf(glyph);
    const run = found.get(pack);
    if (run) run[1] = glyph + 1;
    else found.set(pack, [glyph, glyph + 1]);
  }
  runs = found;
  packRunsOfIndex.set(index, runs);
  return runs;
}

/** The glyphs of a run, in order. */
export function glyphsOfRun([start, end]: PackRun): number[] {
  return Array.from({ length: end - start }, (_, i) => start + i);
}
