import type { IconifyAlias, IconifyIcon } from '@iconify/types';
import { mergeIconData } from '@iconify/utils';

/** One stored entry of a pack: an icon or an alias verbatim, or a character code naming its icon. */
export type StoredEntry = { icon: IconifyIcon } | { alias: IconifyAlias } | { char: string };

/** Reads one stored entry of a pack by name; undefined when the pack has none. */
export type EntryReader = (name: string) => StoredEntry | undefined;

/**
 * `read` with each name read once: a document's icon (resolveIcon) and its
 * state (iconStateOf) walk the same entries, an alias's chain included.
 * `known`: an entry the caller has read already, by its name.
 */
export function readingOnce(read: EntryReader, known?: { name: string; entry: StoredEntry | undefined }): EntryReader {
  const entries = new Map<string, StoredEntry | undefined>(known ? [[known.name, known.entry]] : []);
  return (name) => {
    if (!entries.has(name)) entries.set(name, read(name));
    return entries.get(name);
  };
}

/** Longest alias chain followed at request time; the build drops longer ones (MAX_ALIAS_CHAIN), so this guards a damaged catalog only. */
export const MAX_RESOLVED_CHAIN = 64;

/**
 * The icon `name` of a pack resolved as @iconify/utils' getIconData resolves
 * it: an icon as it is, an alias folded onto its parents down to its icon,
 * then the pack's defaults (`left`, `top`, `width`, `height`) under it all.
 * Each step reads one entry with `entryOf`. A character code is not an icon
 * name here (undefined), nor is a name whose chain is broken.
 */
export function resolveIcon(name: string, entryOf: EntryReader, defaults: Partial<IconifyIcon>): IconifyIcon | undefined {
  const chain: IconifyAlias[] = [];
  let entry = entryOf(name);
  while (entry && 'alias' in entry) {
    if (chain.length === MAX_RESOLVED_CHAIN) return undefined;
    chain.push(entry.alias);
    entry = entryOf(entry.alias.parent);
  }
  if (!entry || !('icon' in entry)) return undefined;
  let icon = mergeIconData(entry.icon, {}) as IconifyIcon;
  for (let i = chain.length - 1; i >= 0; i--) icon = mergeIconData(icon, mergeIconData(chain[i] as IconifyAlias, {})) as IconifyIcon;
  return mergeIconData(defaults, icon) as IconifyIcon;
}

/** The defaults every icon of a pack inherits, from the set's root fields (16 by 16 when it sets no size). */
export function packDefaultsOf(root: { left?: number; top?: number; width?: number; height?: number }): Partial<IconifyIcon> {
  const defaults: Partial<IconifyIcon> = { width: root.width ?? 16, height: root.height ?? 16 };
  if (root.left !== undefined) defaults.left = root.left;
  if (root.top !== undefined) defaults.top = root.top;
  return defaults;
}
