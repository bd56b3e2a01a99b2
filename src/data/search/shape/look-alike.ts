import type { Catalog } from '../../catalog/catalog.js';
import { MAX_SHAPE_DISTANCE, SHAPE_BYTES, shapeDistance } from '../../search-index/shape.js';
import type { MeaningSources } from '../meaning/catalog-glyphs.js';
import type { GlyphIndex } from '../meaning/glyph-index.js';
import { glyphShapesOf } from './glyph-shapes.js';

/**
 * Most glyphs one look-alike search compares: the glyphs of the packs it
 * searches, whole packs in the order given, while they fit. A pack not yet
 * compared has its glyphs drawn first, so this bounds a request's drawing
 * as well as its comparing.
 */
export const MAX_LOOK_ALIKE_GLYPHS = 16_000;

/** A glyph compared: which index, which glyph, how unlike the shape it was compared with. */
export interface LookAlikeHit {
  index: number;
  glyph: number;
  distance: number;
}

/** Per index: each pack's glyphs, a run `[start, end)` (an index files a pack's glyphs together). */
const packRunsOfIndex = new WeakMap<GlyphIndex, Map<string, [number, number]>>();

function packRunsOf(index: GlyphIndex): Map<string, [number, number]> {
  let runs = packRunsOfIndex.get(index);
  if (runs) return runs;
  runs = new Map();
  for (let glyph = 0; glyph < index.size; glyph++) {
    const pack = index.packIdOf(glyph);
    const run = runs.get(pack);
    if (run) run[1] = glyph + 1;
    else runs.set(pack, [glyph, glyph + 1]);
  }
  packRunsOfIndex.set(index, runs);
  return runs;
}

/**
 * The glyphs of `packs` (in that order, each in the database that serves
 * it) whose shapes are nearest `shape`: those of the `first` packs (the
 * caller's private ones) before the others, as every search ranks them,
 * then nearest first, a pack's order in `packs` breaking ties. Returns the hits and the packs compared: whole
 * packs while MAX_LOOK_ALIKE_GLYPHS lasts, a pack that would pass it left
 * out.
 */
export function lookAlike(
  shape: Uint8Array,
  packs: readonly string[],
  catalog: Catalog,
  sources: MeaningSources,
  first: ReadonlySet<string>,
): { hits: LookAlikeHit[]; compared: string[] } {
  const hits: LookAlikeHit[] = [];
  const compared: string[] = [];
  let budget = MAX_LOOK_ALIKE_GLYPHS;
  const rank = new Map<string, number>();
  for (const pack of packs) {
    const database = catalog.database(pack);
    const at = database === undefined ? -1 : catalog.databases.indexOf(database);
    const index = sources.indexes[at];
    const run = index === undefined ? undefined : packRunsOf(index).get(pack);
    if (!index || !database || !run || run[1] - run[0] > budget) continue;
    budget -= run[1] - run[0];
    compared.push(pack);
    rank.set(pack, rank.size);
    const shapes = glyphShapesOf(index, database);
    const glyphs = Array.from({ length: run[1] - run[0] }, (_, i) => run[0] + i);
    shapes.draw(glyphs);
    for (const glyph of glyphs) {
      const distance = shapeDistance(shape, 0, shapes.shapes, glyph);
      if (distance < MAX_SHAPE_DISTANCE) hits.push({ index: at, glyph, distance });
    }
  }
  const packOf = (hit: LookAlikeHit) => (sources.indexes[hit.index] as GlyphIndex).packIdOf(hit.glyph);
  const firstRank = (hit: LookAlikeHit) => (first.has(packOf(hit)) ? 0 : 1);
  hits.sort(
    (a, b) => firstRank(a) - firstRank(b) || a.distance - b.distance || (rank.get(packOf(a)) as number) - (rank.get(packOf(b)) as number) || a.glyph - b.glyph,
  );
  return { hits, compared };
}

/** The shape a hex string carries (as a parsed search carries it to the search thread). */
export function shapeFromHex(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex').subarray(0, SHAPE_BYTES));
}
