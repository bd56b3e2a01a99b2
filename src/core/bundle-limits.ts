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
 * list of the largest icons (some have bodies of 400 to 900 KB) is refused
 * before anything is rendered. Making a bundle costs about 100 ms of CPU a
 * MB of bodies in its costliest forms (a sprite, React files), so a bundle
 * costs a few hundred ms at most; 50 icons of most packs are a few hundred KB.
 */
export const MAX_BUNDLE_BODY_BYTES = 2 * 1024 * 1024;

/** Files of one zip at most: fflate writes no Zip64, whose counts go beyond 16 bits. */
export const MAX_ZIP_FILES = 65_535;

/**
 * Whole packs as zips being made at once, per process, at most: each is a
 * second or more of deflating (mdi's 14,000 files, fluent-emoji's 100 MB),
 * spread over the time its client reads. More get 503 with Retry-After,
 * while every other answer is served as usual.
 */
export const MAX_PACK_ZIPS = 4;
