import semver from 'semver';

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

/** The semver every revision without one of its own is a prerelease of: below every version a package has published. */
const UNVERSIONED_BASE = '0.0.0';

/**
 * The npm version of a revision. A revision named by a package's version
 * (`1.2.137`) keeps it. Any other name (`json-2.2.535`, `own-20261126.101500.123`)
 * becomes a prerelease of 0.0.0 whose identifiers are the name's runs of
 * letters and digits, leading zeros dropped: `0.0.0-json.2.2.535`. Numeric
 * identifiers compare as numbers, so these sort among themselves as the
 * versions of @iconify/json they name, and all of them below every
 * published version; as prereleases, no range (`^1.2.0`) ever picks one
 * unless it names it. Undefined for a name that gives no valid version.
 */
export function npmVersionOf(revision: string): string | undefined {
  if (semver.valid(revision) === revision && !revision.includes('+')) return revision;
  const identifiers = revision
    .split(/[^0-9A-Za-z]+/)
    .filter((part) => part !== '')
    .map((part) => (/^[0-9]+$/.test(part) ? part.replace(/^0+(?=[0-9])/, '') : part));
  if (identifiers.length === 0) return undefined;
  const version = `${UNVERSIONED_BASE}-${identifiers.join('.')}`;
  return semver.valid(version) === version ? version : undefined;
}
