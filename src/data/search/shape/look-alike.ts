import type { Catalog } from '../../catalog/catalog.js';
import { MAX_SHAPE_DISTANCE, SHAPE_BYTES, shapeDistance } from '../../search-index/shape.js';
import type { MeaningSources } from '../meaning/catalog-glyphs.js';
import type { GlyphIndex } from '../meaning/glyph-index.js';
import { downloadsOf } from '../meaning/pack-popularity.js';
import { glyphShapesOf } from './glyph-shapes.js';
import { glyphsOfRun, type PackRun, packRunsOf } from './pack-runs.js';

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

/**
 * The order in which a look-alike search takes packs: the caller's `first`
 * packs (its private ones), then the most used (see pack-popularity.ts),
 * then by id.
 */
export function lookAlikeOrder(packs: Iterable<string>, first: ReadonlySet<string>): string[] {
  return [...packs].sort((a, b) => Number(first.has(b)) - Number(first.has(a)) || (downloadsOf(b) ?? 0) - (downloadsOf(a) ?? 0) || (a < b ? -1 : 1));
}

/**
 * Of `packs`, in their order, those a look-alike search compares: whole
 * packs while MAX_LOOK_ALIKE_GLYPHS lasts, a pack that would pass it left
 * out, and one `placeOf` finds no glyphs of skipped. The build draws the
 * shapes of those an unfiltered search of the default packs compares
 * (shapes-to-store.ts) with this same choice.
 */
export function comparedPacks<Place extends { run: PackRun }>(packs: readonly string[], placeOf: (pack: string) => Place | undefined): Place[] {
  const compared: Place[] = [];
  let budget = MAX_LOOK_ALIKE_GLYPHS;
  for (const pack of packs) {
    const place = placeOf(pack);
    if (!place) continue;
    const glyphs = place.run[1] - place.run[0];
    if (glyphs > budget) continue;
    budget -= glyphs;
    compared.push(place);
  }
  return compared;
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
  const placeOf = (pack: string) => {
    const database = catalog.database(pack);
    const at = database === undefined ? -1 : catalog.databases.indexOf(database);
    const index = sources.indexes[at];
    const run = index === undefined ? undefined : packRunsOf(index).get(pack);
    return database && index && run ? { pack, database, at, index, run } : undefined;
  };
  const compared = comparedPacks(packs, placeOf);
  const rank = new Map(compared.map(({ pack }, at) => [pack, at]));
  for (const { database, at, index, run } of compared) {
    const shapes = glyphShapesOf(index, database);
    const glyphs = glyphsOfRun(run);
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
  return { hits, compared: compared.map(({ pack }) => pack) };
}

/** The shape a hex string carries (as a parsed search carries it to the search thread). */
export function shapeFromHex(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex').subarray(0, SHAPE_BYTES));
}
