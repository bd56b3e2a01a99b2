import semver from 'semver';

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

/** The file name of a version's tarball, as npm's own registry names them: `lucide-1.2.137.tgz`. */
export const tarballFileOf = (pack: string, version: string) => `${pack}-${version}.tgz`;
