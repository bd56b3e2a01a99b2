import { Resvg } from '@resvg/resvg-js';
import { holdsNonXmlCharacter } from '../../util/xml-characters.js';

/**
 * An icon's shape: its drawing rasterised small, the ink cropped to its box
 * and centred in a square grid of SHAPE_GRID × SHAPE_GRID cells, each cell
 * the share of it that is ink, in sixteen steps, two cells to a byte. Two
 * packs' trash cans come out alike whatever they are called, and whatever
 * margin each pack leaves around its drawings.
 */
export const SHAPE_GRID = 8;
/** Bytes of one shape. */
export const SHAPE_BYTES = (SHAPE_GRID * SHAPE_GRID) / 2;
/** Pixels each icon is drawn at before it is cropped: enough that a thin stroke still covers part of a cell. */
const DRAWN_PIXELS = 32;
/** Icons drawn in one picture: drawing many at once spares resvg's cost per call. */
const SHEET_SIDE = 16;
/**
 * Icons of one sheet: shapesOf draws its sources in sheets of this many,
 * from the first, so that one who splits them at these bounds and draws the
 * parts apart draws each icon in the sheet it would have been drawn in whole.
 */
export const SHEET_ICONS = SHEET_SIDE * SHEET_SIDE;
/** Alpha from which a pixel counts for the ink's box: antialiasing's faint edges do not widen it. */
const INK_ALPHA = 32;
/**
 * Longest body drawn: a longer one (a detailed emoji) costs the build more
 * than its shape is worth, and gets the empty shape, which nothing is like.
 */
export const MAX_SHAPED_BODY = 24_000;

/** What is drawn of an icon: its body and its box, as IconifyJSON gives them once the set's defaults are applied. */
export interface ShapeSource {
  body: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The shape of an icon nothing was drawn for: no cell has ink, and `isEmptyShape` says so. */
export function isEmptyShape(shapes: Uint8Array, at: number): boolean {
  for (let byte = at * SHAPE_BYTES; byte < (at + 1) * SHAPE_BYTES; byte++) if (shapes[byte] !== 0) return false;
  return true;
}

function cellOf(source: ShapeSource, column: number, row: number): string {
  const { left, top, width, height } = source;
  const fits =
    Number.isFinite(left + top + width + height) && width > 0 && height > 0 && source.body.length <= MAX_SHAPED_BODY && !holdsNonXmlCharacter(source.body);
  // A nested svg element draws the icon in its cell, clipped to it, whatever its own box.
  return fits
    ? `<svg x="${column * DRAWN_PIXELS}" y="${row * DRAWN_PIXELS}" width="${DRAWN_PIXELS}" height="${DRAWN_PIXELS}" viewBox="${left} ${top} ${width} ${height}">${source.body}</svg>`
    : '';
}

/**
 * The shapes of `sources`, SHAPE_BYTES each in their order. Bodies are
 * drawn as the catalog serves them: a pack's own files were refused at
 * build if they hold markup that loads anything, and resvg is given no
 * fonts and no files to read.
 */
export function shapesOf(sources: readonly ShapeSource[]): Uint8Array<ArrayBuffer> {
  const shapes = new Uint8Array(sources.length * SHAPE_BYTES);
  for (let first = 0; first < sources.length; first += SHEET_ICONS) {
    const batch = sources.slice(first, first + SHEET_ICONS);
    const rows = Math.ceil(batch.length / SHEET_SIDE);
    const cells = batch.map((source, i) => cellOf(source, i % SHEET_SIDE, Math.floor(i / SHEET_SIDE))).join('');
    const sheetWidth = SHEET_SIDE * DRAWN_PIXELS;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${sheetWidth}" height="${rows * DRAWN_PIXELS}">${cells}</svg>`;
    let pixels: Uint8Array;
    try {
      pixels = new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
    } catch {
      // A body resvg cannot read spoils its sheet: draw the sheet's icons one at a time, so that only it goes without a shape.
      if (batch.length > 1) for (let i = 0; i < batch.length; i++) shapes.set(shapesOf([batch[i] as ShapeSource]), (first + i) * SHAPE_BYTES);
      continue;
    }
    for (let i = 0; i < batch.length; i++) {
      cropToGrid(pixels, sheetWidth, (i % SHEET_SIDE) * DRAWN_PIXELS, Math.floor(i / SHEET_SIDE) * DRAWN_PIXELS, shapes, (first + i) * SHAPE_BYTES);
    }
  }
  return shapes;
}

/** Pixels of one drawing. */
const CELL_PIXELS = DRAWN_PIXELS * DRAWN_PIXELS;
// Scratch of cropToGrid, kept across calls: a sheet crops hundreds of drawings, and a thread crops one at a time.
/** Per pixel of the drawing: INK, OUTSIDE (reached from the edge through pixels without ink), or 0 (enclosed). */
const mark = new Uint8Array(CELL_PIXELS);
/** Pixels reached from the edge whose neighbours are still to be looked at; each is pushed once at most. */
const pending = new Int32Array(CELL_PIXELS);
/** Per column and per row of the ink's box, the grid's column or row it falls in. */
const gridColumn = new Int32Array(DRAWN_PIXELS);
const gridRow = new Int32Array(DRAWN_PIXELS);
/** Per grid cell, the sum of its pixels' alpha, and how many pixels it has. */
const sums = new Int32Array(SHAPE_GRID * SHAPE_GRID);
const counts = new Int32Array(SHAPE_GRID * SHAPE_GRID);
const INK = 1;
const OUTSIDE = 2;

/**
 * Marks the pixels of a drawing that ink encloses: those no path of pixels
 * without ink joins to the edge of its cell (left at 0 in `mark`). They count
 * as ink, so that an outlined trash can has the shape of a filled one: a
 * pack's outline and another's solid drawing of the same thing look alike.
 */
function markEnclosed(pixels: Uint8Array, sheetWidth: number, x0: number, y0: number): void {
  const side = DRAWN_PIXELS;
  for (let y = 0; y < side; y++) {
    const row = ((y0 + y) * sheetWidth + x0) * 4 + 3;
    for (let x = 0; x < side; x++) mark[y * side + x] = (pixels[row + x * 4] as number) >= INK_ALPHA ? INK : 0;
  }
  let top = 0;
  const reach = (at: number) => {
    if (mark[at] === 0) {
      mark[at] = OUTSIDE;
      pending[top++] = at;
    }
  };
  for (let i = 0; i < side; i++) {
    reach(i);
    reach((side - 1) * side + i);
    reach(i * side);
    reach(i * side + side - 1);
  }
  while (top > 0) {
    const at = pending[--top] as number;
    const x = at % side;
    if (x > 0) reach(at - 1);
    if (x < side - 1) reach(at + 1);
    if (at >= side) reach(at - side);
    if (at < CELL_PIXELS - side) reach(at + side);
  }
}

/** The shape of one drawing in a sheet of RGBA `pixels`, cropped to its ink's box, written at `out[at]`. */
function cropToGrid(pixels: Uint8Array, sheetWidth: number, x0: number, y0: number, out: Uint8Array, at: number): void {
  markEnclosed(pixels, sheetWidth, x0, y0);
  // Ink: a pixel inked enough, or enclosed by ink; any pixel not reached from the edge.
  let minX = DRAWN_PIXELS;
  let minY = DRAWN_PIXELS;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < DRAWN_PIXELS; y++)
    for (let x = 0; x < DRAWN_PIXELS; x++)
      if (mark[y * DRAWN_PIXELS + x] !== OUTSIDE) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
  if (maxX < 0) return;
  // The box's longer side spans the grid; the shorter is centred, so a wide icon keeps its proportions.
  const side = Math.max(maxX - minX, maxY - minY) + 1;
  const offsetX = (side - (maxX - minX + 1)) / 2;
  const offsetY = (side - (maxY - minY + 1)) / 2;
  for (let x = minX; x <= maxX; x++) gridColumn[x] = Math.min(SHAPE_GRID - 1, Math.floor(((x - minX + offsetX) * SHAPE_GRID) / side));
  for (let y = minY; y <= maxY; y++) gridRow[y] = Math.min(SHAPE_GRID - 1, Math.floor(((y - minY + offsetY) * SHAPE_GRID) / side));
  sums.fill(0);
  counts.fill(0);
  for (let y = minY; y <= maxY; y++) {
    const rowCells = (gridRow[y] as number) * SHAPE_GRID;
    const rowPixels = ((y0 + y) * sheetWidth + x0) * 4 + 3;
    for (let x = minX; x <= maxX; x++) {
      const cell = rowCells + (gridColumn[x] as number);
      // An enclosed pixel is ink whole.
      sums[cell] = (sums[cell] as number) + (mark[y * DRAWN_PIXELS + x] === 0 ? 255 : (pixels[rowPixels + x * 4] as number));
      counts[cell] = (counts[cell] as number) + 1;
    }
  }
  // Cells share the box's pixels unevenly (a box of 27 pixels makes cells of 3 and of 4): each is the mean of its own.
  for (let cell = 0; cell < SHAPE_GRID * SHAPE_GRID; cell++) {
    const count = counts[cell] as number;
    const level = count === 0 ? 0 : Math.min(15, Math.round(((sums[cell] as number) / 255 / count) * 15));
    const byte = at + (cell >> 1);
    out[byte] = (out[byte] as number) | (cell & 1 ? level << 4 : level);
  }
}

/**
 * How unlike two shapes are: the ink that differs, summed over the cells,
 * from 0 (the same) to MAX_SHAPE_DISTANCE. An empty shape is unlike everything.
 */
export function shapeDistance(a: Uint8Array, aAt: number, b: Uint8Array, bAt: number): number {
  let distance = 0;
  let inkA = 0;
  let inkB = 0;
  const startA = aAt * SHAPE_BYTES;
  const startB = bAt * SHAPE_BYTES;
  for (let byte = 0; byte < SHAPE_BYTES; byte++) {
    const x = a[startA + byte] as number;
    const y = b[startB + byte] as number;
    inkA += x;
    inkB += y;
    distance += Math.abs((x & 15) - (y & 15)) + Math.abs((x >> 4) - (y >> 4));
  }
  return inkA === 0 || inkB === 0 ? MAX_SHAPE_DISTANCE : distance;
}

export const MAX_SHAPE_DISTANCE = SHAPE_GRID * SHAPE_GRID * 15;

/**
 * The shape of a whole SVG document (a pasted icon), drawn as an icon is:
 * at DRAWN_PIXELS along its longer side. Undefined when resvg cannot read
 * it (a character XML forbids included) or it draws nothing.
 */
export function shapeOfDocument(svg: string): Uint8Array | undefined {
  if (holdsNonXmlCharacter(svg)) return undefined;
  let pixels: Uint8Array;
  let width: number;
  let height: number;
  try {
    const size = new Resvg(svg, { font: { loadSystemFonts: false } });
    const mode = size.width >= size.height ? 'width' : 'height';
    const image = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode, value: DRAWN_PIXELS } }).render();
    pixels = image.pixels;
    width = image.width;
    height = image.height;
  } catch {
    return undefined;
  }
  // Into a cell of its own, as a sheet would hold it.
  const cell = new Uint8Array(DRAWN_PIXELS * DRAWN_PIXELS * 4);
  for (let y = 0; y < Math.min(height, DRAWN_PIXELS); y++)
    cell.set(pixels.subarray(y * width * 4, y * width * 4 + Math.min(width, DRAWN_PIXELS) * 4), y * DRAWN_PIXELS * 4);
  const shape = new Uint8Array(SHAPE_BYTES);
  cropToGrid(cell, DRAWN_PIXELS, 0, 0, shape, 0);
  return isEmptyShape(shape, 0) ? undefined : shape;
}
