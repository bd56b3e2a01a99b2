import type { IconifyIcon, IconifyInfo, IconifyJSON } from '@iconify/types';
import { packDefaultsOf, resolveIcon, type StoredEntry } from '../core/resolve-icon.js';
import { type RegistryEntry, registryEntryOf } from '../core/render/registry-entry.js';
import { iconDataRootOf } from '../data/catalog/iconify-view.js';
import { infoNamingRevision } from '../data/catalog/info-version.js';
import type { Revision, RevisionReader } from '../data/history/revision-history.js';
import { isValidName } from '../util/names.js';

/**
 * A pack as the registry serves it now, or as one of its kept revisions
 * held it: what every form of its icons (SVG, components, IconifyJSON, CSS)
 * is made from, read a name at a time.
 */
export interface PackSource {
  readonly pack: string;
  /** The pack's entry in the index; at a revision, its info then, with `version` naming the revision. */
  readonly entry: RegistryEntry;
  /** The exact revision, when the source is a kept one. */
  readonly revision?: string;
  /** The root fields the Iconify API's icon data carries: the prefix, `lastModified` and the default size. */
  iconDataRoot(): Record<string, unknown>;
  /** The pack's IconifyJSON info. */
  info(): IconifyInfo;
  /** A name's entry as stored: an icon, an alias, or a character code. */
  storedEntry(name: string): StoredEntry | undefined;
  /** An icon or alias resolved to its icon data; undefined for a name the pack lacks. */
  icon(name: string): IconifyIcon | undefined;
}

/** A kept revision of a pack, read from the history alone, as its pinned addresses are; `rootFields` gives every root field it had. */
export function revisionSource(history: RevisionReader, revision: Revision): PackSource & { rootFields(): Record<string, unknown> } {
  const root = history.rootAt(revision.pack, revision.seq) ?? {};
  const storedEntry = (name: string): StoredEntry | undefined => {
    const entry = history.entryAt(revision.pack, revision.seq, name);
    return entry && (entry.kind === 'icon' ? { icon: entry.icon } : { alias: entry.alias });
  };
  const defaults = packDefaultsOf(root);
  const info = infoNamingRevision(root.info as IconifyInfo, revision.version);
  return {
    pack: revision.pack,
    entry: registryEntryOf(revision.pack, info),
    revision: revision.version,
    rootFields: () => root,
    iconDataRoot: () => iconDataRootOf({ ...(root as Partial<IconifyJSON>), prefix: revision.pack }),
    info: () => info,
    storedEntry,
    icon: (name) => (isValidName(name) ? resolveIcon(name, storedEntry, defaults) : undefined),
  };
}
