import type { IconifyIcon, IconifyJSON } from '@iconify/types';
import semver from 'semver';
import { type PinnedRoute, pathOf } from '../core/paths.js';
import { quoted, type Problem } from '../core/problem.js';
import { renderFrameworkDocument } from '../core/render/framework-document.js';
import { renderIconDocument } from '../core/render/icon-document.js';
import type { RegistryEntry } from '../core/render/registry-entry.js';
import { documentResource, type Resource } from '../core/resource.js';
import type { Revision, RevisionReader } from '../data/history/revision-history.js';
import { revisionDocument } from '../data/history/revision-document.js';
import { iconMissing } from './icon-missing.js';
import { npmVersionOf } from '../data/catalog/revision-names.js';
import type { RevisionSource } from './pack-source.js';
import { iconStateOf } from '../core/icon-state.js';
import { readingOnce } from '../core/resolve-icon.js';

/** A pinned address's answer never changes while its revision is kept: caches may keep it for a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A range resolves to another revision once a newer one is kept: its redirect is cached briefly. */
export const RANGE_REDIRECT_CACHE = 'public, max-age=60';
/** Most versions a problem lists of a pack, newest first. */
const MAX_LISTED_VERSIONS = 50;

/** What a pinned document is kept under, beside the pack: the exact revision and what of it. */
export const pinnedDocumentKey = (route: PinnedRoute) => `pinned ${route.version} ${route.framework ?? ''} ${route.name ?? ''}`;

/** What a pinned address is answered with: the revision's document, a redirect from a range to its revision, or a problem. */
export type PinnedAnswer = { resource: Resource } | { redirect: string } | { problem: Problem };

/**
 * The revision a version asked for names: itself when kept, else, for a
 * range or `latest`, the newest kept revision it matches (a redirect), the
 * one the unpinned addresses serve standing for `latest`. A range that no
 * revision's name matches is matched against the revisions' npm versions,
 * as npm would match it against the registry's packages: so the npm version
 * of a revision not named by one (`0.0.0-json.2.2.535` for `json-2.2.535`,
 * as a package.json names it) and ranges of them resolve too.
 */
export function revisionOf(history: RevisionReader, pack: string, version: string): { exact: Revision } | { matched: Revision } | undefined {
  const revisions = history.revisions(pack);
  const exact = revisions.find((revision) => revision.version === version);
  if (exact) return { exact };
  // An address with nothing after its '@' names no revision: semver would read the empty range as '*', the newest.
  if (version === '') return undefined;
  if (version === 'latest') {
    const served = history.served(pack);
    return served && { matched: served };
  }
  const range = semver.validRange(version);
  if (!range) return undefined;
  const matched =
    newestMatching(revisions, range, (revision) => (semver.valid(revision.version) ? revision.version : undefined)) ??
    newestMatching(revisions, range, (revision) => npmVersionOf(revision.version));
  return matched && { matched };
}

/** The newest of `revisions` whose version by `versionOf` satisfies `range`; of several with that version, the first kept (as the npm registry lists it). */
function newestMatching(revisions: Revision[], range: string, versionOf: (revision: Revision) => string | undefined): Revision | undefined {
  const byVersion = new Map<string, Revision>();
  for (const revision of revisions) {
    const named = versionOf(revision);
    if (named !== undefined && !byVersion.has(named)) byVersion.set(named, revision);
  }
  const newest = semver.maxSatisfying([...byVersion.keys()], range);
  return newest === null ? undefined : byVersion.get(newest);
}

/** The problem for a version the history does not keep, listing those it keeps. */
export function unknownVersion(history: RevisionReader | undefined, pack: string, version: string): Problem {
  const kept = (history?.revisions(pack) ?? []).map((revision) => revision.version).reverse();
  // A range that matches none says so, rather than calling it a revision not kept.
  const range = version !== 'latest' && semver.valid(version) === null && semver.validRange(version) !== null;
  const missing = range ? `no kept revision matching the range ${quoted(version)}` : `no revision ${quoted(version)}`;
  // An address with nothing after its '@' (`/r/lucide@.json`), or an empty `from=` of changes.json, names no revision at all.
  const asked = version === '' ? `The address names no revision of pack ${quoted(pack)}` : `Pack ${quoted(pack)} has ${missing}`;
  return {
    status: 404,
    code: 'unknown_version',
    detail: kept.length
      ? `${asked}; the registry keeps ${kept.length}: see suggestions, newest first.`
      : `Pack ${quoted(pack)} has no revision kept yet: only its unpinned addresses answer.`,
    suggestions: kept.slice(0, MAX_LISTED_VERSIONS),
  };
}

/** A kept revision's source, made once for all the documents made of it (see RevisionSources). */
export type SourceOf = (revision: Revision) => RevisionSource;

/**
 * A pinned address's answer, read from the history alone, so that it stays
 * the same bytes whatever the registry serves later: the pack document of
 * the revision, or an icon's document (or a framework's) made from the
 * revision's entries by the renderers of the unpinned ones, its licence
 * comment naming the revision. `cached` keeps what is made.
 */
export function pinnedAnswer(
  history: RevisionReader,
  route: PinnedRoute,
  basePath: string,
  cached: (what: string, make: () => Resource | Problem) => Resource,
  sourceOf: SourceOf,
): PinnedAnswer {
  const found = revisionOf(history, route.pack, route.version);
  if (!found) return { problem: unknownVersion(history, route.pack, route.version) };
  if ('matched' in found) return { redirect: pathOf({ ...route, version: found.matched.version }, basePath) };
  const revision = found.exact;
  const what = pinnedDocumentKey({ ...route, version: revision.version });
  return {
    resource: cached(what, () => {
      const made = route.name === undefined ? packDocumentAt(history, revision) : iconDocumentAt(sourceOf(revision), revision, route.name, route.framework);
      return 'etag' in made ? { ...made, cacheControl: IMMUTABLE } : made;
    }),
  };
}

function packDocumentAt(history: RevisionReader, revision: Revision): Resource | Problem {
  return documentResource(Buffer.from(JSON.stringify(revisionDocument(history, revision))), recordedAt(revision));
}

function iconDocumentAt(source: RevisionSource, revision: Revision, name: string, framework: PinnedRoute['framework']): Resource | Problem {
  const entryOf = readingOnce(source.storedEntry);
  const icon = source.icon(name, entryOf);
  // The closest names are added where searches run (see Registry.pinnedAnswer): none are read here.
  if (!icon) return iconMissing(revision.pack, name, [], revision.version);
  const categories = categoriesAt(source, name);
  const document = framework
    ? renderFrameworkDocument(framework, source.entry, name, icon, categories, revision.version)
    : renderIconDocument(source.entry, name, icon, categories, revision.version, iconStateOf(name, entryOf));
  return documentResource(Buffer.from(document), recordedAt(revision));
}

/**
 * The titles of each name's categories, for the categories of a revision
 * asked for a second time. A revision's source keeps its root fields (see
 * RevisionSources), so its categories come again for every icon of the
 * pack (an export asks for each), and reading all of them each time would
 * cost the pack's size per icon; a source made for one document alone
 * would only throw away an index made on first sight.
 */
const categoryIndexes = new WeakMap<object, Map<string, string[]> | 'seen'>();

/** The titles of the categories that list a name in a kept revision's pack. */
function categoriesAt(source: RevisionSource, name: string): string[] {
  const categories = (source.rootFields() as Partial<IconifyJSON>).categories ?? {};
  let index = categoryIndexes.get(categories);
  if (index === 'seen') categoryIndexes.set(categories, (index = categoryIndexOf(categories)));
  else if (index === undefined) categoryIndexes.set(categories, 'seen');
  if (index instanceof Map) return index.get(name) ?? [];
  // A category that is not a list lists nothing, as the catalog's build reads it (see iconifyListsOf).
  return Object.entries(categories)
    .filter(([, names]) => Array.isArray(names) && names.includes(name))
    .map(([title]) => title);
}

/** Each name's category titles, in the order of the categories, each once. */
function categoryIndexOf(categories: Record<string, string[]>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const [title, names] of Object.entries(categories)) {
    if (!Array.isArray(names)) continue;
    for (const name of names) {
      const titles = index.get(name);
      if (!titles) index.set(name, [title]);
      else if (titles.at(-1) !== title) titles.push(title);
    }
  }
  return index;
}

/**
 * What a revision's zip (`/r/{pack}@{version}.zip`) is made of: every icon
 * and alias name the revision has, sorted, each resolved when its file is
 * made, so that a zip is never read whole.
 */
export interface PinnedPack {
  revision: Revision;
  /** The pack's entry of the index, its version naming the revision: what the components' licence comments credit. */
  entry: RegistryEntry;
  names: string[];
  icon(name: string): IconifyIcon | undefined;
}

/** A revision's pack to make files of, a range's or `latest`'s revision to redirect to, or a problem. */
export type PinnedPackAnswer = { pack: PinnedPack } | { matched: Revision } | { problem: Problem };

/** The revision `version` names of a pack, as its files are made from it (see revisionOf for ranges). */
export function pinnedPackOf(history: RevisionReader, pack: string, version: string, sourceOf: SourceOf): PinnedPackAnswer {
  const found = revisionOf(history, pack, version);
  if (!found) return { problem: unknownVersion(history, pack, version) };
  if ('matched' in found) return found;
  const revision = found.exact;
  const source = sourceOf(revision);
  return { pack: { revision, entry: source.entry, names: history.namesAt(pack, revision.seq), icon: source.icon } };
}

/** When a revision was recorded, in the whole seconds of an HTTP date. */
export const recordedAt = (revision: Revision) => Math.floor(revision.recorded / 1000) * 1000;

/**
 * The address of the same icon at the revision served now, when that one
 * draws it differently than `version` did (its glyph or its state changed
 * since), for the `Link: <...>; rel="latest-version"` of a pinned icon's
 * answer: its body stays the revision's for good, and this says the current
 * one differs. None when the revision served now lacks the name. A few reads of the name's entries at both revisions.
 */
export function latestVersionOf(history: RevisionReader, route: PinnedRoute, basePath: string, sourceOf: SourceOf): string | undefined {
  if (route.name === undefined) return undefined;
  const pinned = history.revision(route.pack, route.version);
  const served = history.served(route.pack);
  // Whichever was recorded first: a pack held back to an older revision serves that one now.
  if (!pinned || !served || served.seq === pinned.seq) return undefined;
  const name = route.name;
  const drawn = (revision: Revision) => {
    const source = sourceOf(revision);
    const entryOf = readingOnce(source.storedEntry);
    const icon = source.icon(name, entryOf);
    return icon && JSON.stringify([iconStateOf(name, entryOf), icon]);
  };
  const now = drawn(served);
  // A name the revision served now lacks has no address there to point to.
  return now === undefined || drawn(pinned) === now ? undefined : pathOf({ ...route, version: served.version }, basePath);
}
