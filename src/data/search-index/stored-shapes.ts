/**
 * The shapes (see shape.ts) that the default catalog's build draws of one
 * pack's glyphs, so that search by shape starts from them instead of
 * drawing them: each glyph by its own name (the icon whose drawing is its
 * shape), and the shapes, SHAPE_BYTES each, in the order of the names.
 * Named, not numbered, so that a glyph the search files otherwise than the
 * build did is drawn, never given another's shape.
 */
export interface PackShapes {
  pack: string;
  names: readonly string[];
  shapes: Uint8Array;
}

/** The names as stored: one string, a name a line (no name holds a newline). */
export function joinShapeNames(names: readonly string[]): string {
  return names.join('\n');
}

export function splitShapeNames(stored: string): string[] {
  return stored === '' ? [] : stored.split('\n');
}
