/**
 * The name of a default pack's revision that came with @iconify/json rather
 * than from a package of its own: that package's version, marked so that it
 * is never taken for a version of `@iconify-json/{pack}`.
 */
export const defaultRevisionName = (iconifyJsonVersion: string) => `json-${iconifyJsonVersion}`;

/**
 * The name of an own pack's revision: `own-` and the instant it was
 * recorded, in UTC to the millisecond, so that names sort as the revisions
 * were recorded: `own-20261126.101500.123`.
 */
export function ownRevisionName(recorded: number): string {
  const iso = new Date(recorded).toISOString(); // 2026-11-26T10:15:00.123Z
  return `own-${iso.slice(0, 10).replaceAll('-', '')}.${iso.slice(11, 19).replaceAll(':', '')}.${iso.slice(20, 23)}`;
}

/** Whether `name` is the name of an own pack's revision. */
export function isOwnRevisionName(name: string): boolean {
  return /^own-\d{8}\.\d{6}\.\d{3}$/.test(name);
}
