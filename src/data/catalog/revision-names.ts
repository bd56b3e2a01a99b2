/**
 * The name of a default pack's revision that came with @iconify/json rather
 * than from a package of its own: that package's version, marked so that it
 * is never taken for a version of `@iconify-json/{pack}`.
 */
export const defaultRevisionName = (iconifyJsonVersion: string) => `json-${iconifyJsonVersion}`;
