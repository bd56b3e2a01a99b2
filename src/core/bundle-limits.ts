/**
 * What one request for many icons may cost: the bounds of bundles and of
 * whole packs as zips, in one place for the code, its description and its tests.
 */

/**
 * Most icons a bundle may name. The Iconify API bounds its lists by the
 * length of the request target only (its clients split at 500 bytes, or 32
 * names); here the target is bounded to 2048 bytes, which holds a little
 * over 200 short ids: 200 is the bound whatever their length.
 */
export const MAX_BUNDLE_ICONS = 200;

/**
 * The bodies of the icons of one bundle, at most: the icons asked for are
 * read (resolved, not yet rendered) and their bodies counted first, so a
 * list of the largest icons (the multicolour emoji's bodies are the largest)
 * is refused before anything is rendered. Making a bundle costs CPU in
 * proportion to its bodies in its costliest forms (a sprite, React files), so
 * this bounds its cost while leaving room for dozens of icons of most packs.
 */
export const MAX_BUNDLE_BODY_BYTES = 2 * 1024 * 1024;

/** Files of one zip at most: fflate writes no Zip64, whose counts go beyond 16 bits. */
export const MAX_ZIP_FILES = 65_535;

/**
 * Whole packs as zips being made at once, per process, at most: each is a
 * second or more of deflating (the packs with the most files, or the largest bodies),
 * spread over the time its client reads. More get 503 with Retry-After,
 * while every other answer is served as usual.
 */
export const MAX_PACK_ZIPS = 4;
