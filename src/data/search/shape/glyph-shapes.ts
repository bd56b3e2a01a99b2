import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import { SHAPE_BYTES, type ShapeSource, shapesOf } from '../../search-index/shape.js';
import type { PackShapes } from '../../search-index/stored-shapes.js';
import type { GlyphIndex } from '../meaning/glyph-index.js';
import { packRunsOf } from './pack-runs.js';

/**
 * The shapes of a database's glyphs (see search-index/shape.ts): those the
 * build stored (the default catalog's most used packs, see
 * shapes-to-store.ts), and the others drawn from the glyph's own icon the
 * first time a search compares them, kept while the database is open, SHAPE_BYTES a glyph.
 */
export class GlyphShapes {
  readonly shapes: Uint8Array;
  /** Per glyph: 1 once its shape is drawn or taken from the build's. */
  private readonly drawn: Uint8Array;
  /** The packs whose shapes were taken from the build's. */
  readonly storedPacks: string[] = [];

  constructor(
    private readonly index: GlyphIndex,
    private readonly database: CatalogDatabase,
  ) {
    this.shapes = new Uint8Array(index.size * SHAPE_BYTES);
    this.drawn = new Uint8Array(index.size);
  }

  /**
   * Takes the shapes the build drew, each for the glyph of the same pack
   * whose own name it was drawn for; returns how many it took. A glyph
   * they do not name is drawn when compared, as without them.
   */
  adopt(stored: readonly PackShapes[]): number {
    const runs = packRunsOf(this.index);
    let taken = 0;
    for (const { pack, names, shapes } of stored) {
      const run = runs.get(pack);
      if (!run || shapes.length !== names.length * SHAPE_BYTES) continue;
      this.storedPacks.push(pack);
      const storedAt = new Map(names.map((name, at) => [name, at]));
      for (let glyph = run[0]; glyph < run[1]; glyph++) {
        const at = storedAt.get(this.index.nameOf(glyph).name);
        if (at === undefined || this.drawn[glyph] === 1) continue;
        this.shapes.set(shapes.subarray(at * SHAPE_BYTES, (at + 1) * SHAPE_BYTES), glyph * SHAPE_BYTES);
        this.drawn[glyph] = 1;
        taken++;
      }
    }
    return taken;
  }

  /** Draws the shapes of `glyphs` not drawn yet, all in one go; returns how many it drew. */
  draw(glyphs: Iterable<number>): number {
    const missing: number[] = [];
    for (const glyph of glyphs) {
      if (this.drawn[glyph] === 1) continue;
      this.drawn[glyph] = 1;
      missing.push(glyph);
    }
    if (missing.length === 0) return 0;
    const { shapes, drawn } = drawIcons(
      this.database,
      missing.map((glyph) => ({ pack: this.index.packIdOf(glyph), name: this.index.nameOf(glyph).name })),
    );
    missing.forEach((glyph, i) => {
      this.shapes.set(shapes.subarray(i * SHAPE_BYTES, (i + 1) * SHAPE_BYTES), glyph * SHAPE_BYTES);
    });
    return drawn;
  }
}

/**
 * The shapes of icons of `database`, SHAPE_BYTES each in their order, all
 * drawn in one go, and how many were drawn: an icon that cannot be read
 * keeps the empty shape, which nothing is like. What a search draws of
 * the glyphs it compares.
 */
export function drawIcons(database: CatalogDatabase, icons: ReadonlyArray<{ pack: string; name: string }>): { shapes: Uint8Array; drawn: number } {
  const started = performance.now();
  const { sources, readable } = iconSources(database, icons);
  const shapes = placeShapes(icons.length, readable, shapesOf(sources));
  drawing.shapes += readable.length;
  drawing.ms += performance.now() - started;
  for (const at of readable) drawing.packs.add((icons[at] as { pack: string }).pack);
  return { shapes, drawn: readable.length };
}

/** What is drawn of `icons`: the sources of those `database` can read, and where each is in `icons`. */
export function iconSources(database: CatalogDatabase, icons: ReadonlyArray<{ pack: string; name: string }>): { sources: ShapeSource[]; readable: number[] } {
  const readable: number[] = [];
  const sources: ShapeSource[] = [];
  // In one read of the file: a read of its own for each icon would cost as much as the icon.
  database.readTogether(() =>
    icons.forEach(({ pack, name }, at) => {
      const icon = database.icon(pack, name);
      if (!icon) return;
      readable.push(at);
      sources.push({ body: icon.body, left: icon.left ?? 0, top: icon.top ?? 0, width: icon.width ?? 16, height: icon.height ?? 16 });
    }),
  );
  return { sources, readable };
}

/** The shapes of `count` icons, those `drawn` of the icons at `readable` in that order, the others empty. */
export function placeShapes(count: number, readable: readonly number[], drawn: Uint8Array): Uint8Array {
  const shapes = new Uint8Array(count * SHAPE_BYTES);
  readable.forEach((at, i) => {
    shapes.set(drawn.subarray(i * SHAPE_BYTES, (i + 1) * SHAPE_BYTES), at * SHAPE_BYTES);
  });
  return shapes;
}

/** Shapes drawn: how many, of which packs, in how many milliseconds. */
export interface DrawnShapes {
  shapes: number;
  packs: string[];
  ms: number;
}

/** What this thread has drawn since the tally was last taken. */
let drawing = { shapes: 0, packs: new Set<string>(), ms: 0 };

/** What this thread has drawn since this was last called (what a search spent drawing, when called before and after it); the tally starts again. */
export function takeDrawing(): DrawnShapes {
  const taken = { shapes: drawing.shapes, packs: [...drawing.packs], ms: Math.round(drawing.ms) };
  drawing = { shapes: 0, packs: new Set(), ms: 0 };
  return taken;
}

const shapesOfIndex = new WeakMap<GlyphIndex, GlyphShapes>();

/** The shapes of `index`'s glyphs, made once per index (one per open database), starting from those its build stored. */
export function glyphShapesOf(index: GlyphIndex, database: CatalogDatabase): GlyphShapes {
  let shapes = shapesOfIndex.get(index);
  if (!shapes) {
    shapes = new GlyphShapes(index, database);
    shapes.adopt(database.storedShapes());
    shapesOfIndex.set(index, shapes);
  }
  return shapes;
}
