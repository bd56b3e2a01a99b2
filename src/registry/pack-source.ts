import type { IconifyIcon, IconifyInfo, IconifyJSON } from '@iconify/types';
import { type EntryReader, packDefaultsOf, resolveIcon, type StoredEntry } from '../core/resolve-icon.js';
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
  /** An icon or alias resolved to its icon data; undefined for a name the pack lacks. `entryOf` reads the entries, when the caller shares its reads (see readingOnce). */
  icon(name: string, entryOf?: EntryReader): IconifyIcon | undefined;
}

/** A kept revision of a pack as its documents are made from it (see revisionSource). */
export type RevisionSource = PackSource & { rootFields(): Record<string, unknown> };

/** A kept revision of a pack, read from the history alone, as its pinned addresses are; `rootFields` gives every root field it had. */
export function revisionSource(history: RevisionReader, revision: Revision): RevisionSource {
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
    icon: (name, entryOf = storedEntry) => (isValidName(name) ? resolveIcon(name, entryOf, defaults) : undefined),
  };
}

/** Revisions whose sources a registry holds at once; past it, the one made first is let go. */
const MAX_REVISION_SOURCES = 8;

/**
 * The sources of kept revisions, each made once for every document made of
 * it: a source parses its revision's root fields, which hold a large pack's
 * categories whole, and the categories of each name are then found in an
 * index (see categoriesAt) rather than in all of them for every document.
 * What it reads never changes for a revision, which is told apart by all
 * it was recorded with.
 */
export class RevisionSources {
  /** By pack and place among its revisions (`{pack} {seq}`: a pack id has no space). */
  private readonly made = new Map<string, { revision: Revision; source: RevisionSource }>();

  constructor(private readonly history: RevisionReader) {}

  of(revision: Revision): RevisionSource {
    const key = `${revision.pack} ${revision.seq}`;
    const known = this.made.get(key);
    if (known && sameRevision(known.revision, revision)) return known.source;
    const source = revisionSource(this.history, revision);
    if (!known && this.made.size >= MAX_REVISION_SOURCES) this.made.delete(this.made.keys().next().value as string);
    this.made.set(key, { revision, source });
    return source;
  }
}

const sameRevision = (a: Revision, b: Revision) => a.version === b.version && a.recorded === b.recorded && a.source === b.source;
