import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import { SHAPE_BYTES, type ShapeSource, shapesOf } from '../../search-index/shape.js';
import type { GlyphIndex } from '../meaning/glyph-index.js';

/**
 * The shapes of a database's glyphs (see search-index/shape.ts), each drawn
 * from the glyph's own icon the first time a search compares it, and kept
 * while the database is open: a build draws nothing, and a server holds
 * the shapes of the packs its searches compared, SHAPE_BYTES a glyph.
 */
export class GlyphShapes {
  readonly shapes: Uint8Array;
  /** Per glyph: 1 once its shape is drawn. */
  private readonly drawn: Uint8Array;

  constructor(
    private readonly index: GlyphIndex,
    private readonly database: CatalogDatabase,
  ) {
    this.shapes = new Uint8Array(index.size * SHAPE_BYTES);
    this.drawn = new Uint8Array(index.size);
  }

  /** Draws the shapes of `glyphs` not drawn yet, all in one go; returns how many it drew. */
  draw(glyphs: Iterable<number>): number {
    const missing: number[] = [];
    const sources: ShapeSource[] = [];
    for (const glyph of glyphs) {
      if (this.drawn[glyph] === 1) continue;
      this.drawn[glyph] = 1;
      const icon = this.database.icon(this.index.packIdOf(glyph), this.index.nameOf(glyph).name);
      // An icon that cannot be read keeps the empty shape, which nothing is like.
      if (!icon) continue;
      missing.push(glyph);
      sources.push({ body: icon.body, left: icon.left ?? 0, top: icon.top ?? 0, width: icon.width ?? 16, height: icon.height ?? 16 });
    }
    if (missing.length === 0) return 0;
    const drawn = shapesOf(sources);
    missing.forEach((glyph, i) => {
      this.shapes.set(drawn.subarray(i * SHAPE_BYTES, (i + 1) * SHAPE_BYTES), glyph * SHAPE_BYTES);
    });
    return missing.length;
  }
}

const shapesOfIndex = new WeakMap<GlyphIndex, GlyphShapes>();

/** The shapes of `index`'s glyphs, made once per index (one per open database). */
export function glyphShapesOf(index: GlyphIndex, database: CatalogDatabase): GlyphShapes {
  let shapes = shapesOfIndex.get(index);
  if (!shapes) shapesOfIndex.set(index, (shapes = new GlyphShapes(index, database)));
  return shapes;
}
