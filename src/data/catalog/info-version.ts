import type { IconifyInfo, IconifyJSON } from '@iconify/types';

/*
 * What a pack's `info.version` says depends on who reads it: a pack document
 * (and the index entry made from its info) names the revision the registry
 * serves, so that a client sees what it was given; the Iconify API's view
 * keeps the set's own version, as the Iconify API shows it. These two turn
 * one into the other, the version staying in its place among the fields.
 */

/** An info as a pack document carries it: its version names the revision served. */
export function infoNamingRevision(info: IconifyInfo, revision: string): IconifyInfo {
  return { ...info, version: revision };
}

/** A pack document's info with the set's own version in place of the revision's name; none when the set has none. */
export function infoWithOwnVersion(info: IconifyInfo, own: string | undefined): IconifyInfo {
  if (own !== undefined) return { ...info, version: own };
  const { version: _named, ...unversioned } = info;
  return unversioned;
}

/** A pack document as the history keeps it: its info with the set's own version (see infoWithOwnVersion); one without info as it is. */
export function documentWithOwnVersion(document: IconifyJSON, own: string | undefined): IconifyJSON {
  return document.info ? { ...document, info: infoWithOwnVersion(document.info, own) } : document;
}
