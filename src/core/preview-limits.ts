/**
 * The bounds of raster previews (`/r/{pack}/{name}.png?size=`), read by the
 * route and by the OpenAPI document.
 */

/**
 * The sizes a preview is drawn at, in pixels high: the page's cells at one
 * and two device pixels per CSS pixel, and the smaller glyphs beside them.
 * A few fixed sizes keep what is cached bounded and every preview's cost
 * known: the largest is a 64 px square (or MAX_PREVIEW_RATIO of them).
 */
export const PREVIEW_SIZES: readonly number[] = [16, 24, 32, 48, 64];
/** The size drawn when none is asked for: the page's cell at one device pixel per CSS pixel. */
export const DEFAULT_PREVIEW_SIZE = 32;
/**
 * The widest a preview is, in heights: a wide logo is drawn at the height
 * asked until it would be wider than this, then fitted to this width, so
 * that no icon's shape makes its preview cost more than a few squares.
 */
export const MAX_PREVIEW_RATIO = 4;
/** Longest body drawn: a longer one could hold resvg for long. The catalog's largest (fluent-emoji's) are well below it. */
export const MAX_PREVIEW_BODY = 200_000;
/** Previews waiting to be drawn, at most, in one process: past this many, a 503 to retry. */
export const MAX_WAITING_PREVIEWS = 256;
