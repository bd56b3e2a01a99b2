import { MAX_ZIP_FILES } from '../../core/bundle-limits.js';
import { FRAMEWORKS, pathOf, type PinnedRoute } from '../../core/paths.js';

/*
 * The files of a pinned revision in an export: its pack document
 * (`r/{pack}@{version}.json`), each icon's document
 * (`r/{pack}@{version}/{name}.json`) and component documents
 * (`r/{framework}/{pack}@{version}/{name}.json`), and its zip
 * (`r/{pack}@{version}.zip`).
 */

/** Where a pinned address's file lies in an export: its URL path as a web server maps it to a file, percent-encoding undone. */
export function pinnedFilePath(route: PinnedRoute | { kind: 'pinned-zip'; pack: string; version: string }, basePath: string): string {
  return decodeURIComponent(pathOf(route, basePath));
}

/** The pinned documents of a revision's icon: its own, and its component's for each framework. */
export function pinnedIconRoutes(pack: string, version: string, name: string): PinnedRoute[] {
  return [{ kind: 'pinned', pack, version, name }, ...FRAMEWORKS.map((framework): PinnedRoute => ({ kind: 'pinned', pack, version, name, framework }))];
}

/** The folders of a revision's icon documents: its own and each framework's. */
export function pinnedFolders(pack: string, version: string, basePath: string): string[] {
  return pinnedIconRoutes(pack, version, 'x').map((route) => pinnedFilePath(route, basePath).slice(0, -'/x.json'.length));
}

/** Whether a revision of `names` icons and aliases has a zip (a zip holds at most MAX_ZIP_FILES files). */
export const zipsRevision = (names: number) => names <= MAX_ZIP_FILES;
