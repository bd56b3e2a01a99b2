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
export function shapesOf(sources: readonly ShapeSource[]): Uint8Array {
  const shapes = new Uint8Array(sources.length * SHAPE_BYTES);
  const perSheet = SHEET_SIDE * SHEET_SIDE;
  for (let first = 0; first < sources.length; first += perSheet) {
    const batch = sources.slice(first, first + perSheet);
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

/**
 * The pixels of a drawing that ink encloses: those no path of pixels without
 * ink joins to the edge of its cell. They count as ink, so that an outlined
 * trash can has the shape of a filled one: a pack's outline and another's
 * solid drawing of the same thing look alike.
 */
function enclosedPixels(pixels: Uint8Array, sheetWidth: number, x0: number, y0: number): Uint8Array {
  const side = DRAWN_PIXELS;
  // 1: ink, 2: reached from the edge, 0: enclosed.
  const mark = new Uint8Array(side * side);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) if ((pixels[((y0 + y) * sheetWidth + x0 + x) * 4 + 3] as number) >= INK_ALPHA) mark[y * side + x] = 1;
  const stack: number[] = [];
  const reach = (x: number, y: number) => {
    const at = y * side + x;
    if (mark[at] === 0) {
      mark[at] = 2;
      stack.push(at);
    }
  };
  for (let i = 0; i < side; i++) {
    reach(i, 0);
    reach(i, side - 1);
    reach(0, i);
    reach(side - 1, i);
  }
  while (stack.length > 0) {
    const at = stack.pop() as number;
    const x = at % side;
    const y = (at - x) / side;
    if (x > 0) reach(x - 1, y);
    if (x < side - 1) reach(x + 1, y);
    if (y > 0) reach(x, y - 1);
    if (y < side - 1) reach(x, y + 1);
  }
  const enclosed = new Uint8Array(side * side);
  for (let at = 0; at < side * side; at++) enclosed[at] = mark[at] === 0 ? 1 : 0;
  return enclosed;
}

/** The shape of one drawing in a sheet of RGBA `pixels`, cropped to its ink's box, written at `out[at]`. */
function cropToGrid(pixels: Uint8Array, sheetWidth: number, x0: number, y0: number, out: Uint8Array, at: number): void {
  const enclosed = enclosedPixels(pixels, sheetWidth, x0, y0);
  const alpha = (x: number, y: number) => (enclosed[y * DRAWN_PIXELS + x] ? 255 : (pixels[((y0 + y) * sheetWidth + x0 + x) * 4 + 3] as number));
  let minX = DRAWN_PIXELS;
  let minY = DRAWN_PIXELS;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < DRAWN_PIXELS; y++)
    for (let x = 0; x < DRAWN_PIXELS; x++)
      if (alpha(x, y) >= INK_ALPHA) {
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
  const sums = new Float64Array(SHAPE_GRID * SHAPE_GRID);
  const counts = new Float64Array(SHAPE_GRID * SHAPE_GRID);
  for (let y = minY; y <= maxY; y++)
    for (let x = minX; x <= maxX; x++) {
      const column = Math.min(SHAPE_GRID - 1, Math.floor(((x - minX + offsetX) * SHAPE_GRID) / side));
      const row = Math.min(SHAPE_GRID - 1, Math.floor(((y - minY + offsetY) * SHAPE_GRID) / side));
      sums[row * SHAPE_GRID + column] = (sums[row * SHAPE_GRID + column] as number) + alpha(x, y);
      counts[row * SHAPE_GRID + column] = (counts[row * SHAPE_GRID + column] as number) + 1;
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
