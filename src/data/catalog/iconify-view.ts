import type { IconifyInfo, IconifyJSON } from '@iconify/types';
import { iconifyListsOf } from './iconify-lists.js';
import { type SetSearchIndex, setSearchIndexOf } from '../search-index/set-index.js';

/**
 * What a pack is made of, as the catalog stores it for reading one icon at
 * a time (no request loads a whole pack): the set's root fields, its info as
 * the Iconify API's /collections lists it, and every icon, alias and
 * character code verbatim, one row each. The registry's icon documents
 * resolve icons from these rows; the Iconify API's routes send them.
 */
export interface IconifyView {
  /** `prefix`, and `lastModified`, `left`, `top`, `width`, `height` where the set has them (truthy), as JSON. */
  root: string;
  /** The set's info with `total` counted as the Iconify API counts it, as JSON. */
  info: string;
  /** The answer of the Iconify API's `/collection` without `info` and `chars`, as JSON. */
  collection: string;
  /** The set's character codes and the icon each stands for, as JSON (null without any). */
  chars: string | null;
  /** The visible icons by their own names, as JSON. */
  visible: string;
  /** An own pack's tags, name → words, as JSON (null without any): see pack-tags.ts. */
  tags: string | null;
  /**
   * Every entry: name, kind, the icon or alias verbatim as JSON or the name a
   * character code stands for, and the titles of its categories as JSON (null without any).
   */
  entries: Array<[name: string, kind: EntryKind, data: string, categories: string | null]>;
  /** What search reads of the set; undefined for a set whose info hides it (the Iconify API does not search those). */
  search: SetSearchIndex | undefined;
}

/** What an entry of a pack is. */
export type EntryKind = 'icon' | 'alias' | 'char';

/** Root fields the Iconify API copies into every icon data answer, when truthy in the set. */
const ROOT_FIELDS = ['lastModified', 'left', 'top', 'width', 'height'] as const;

/** The root fields of a set that the Iconify API copies into every icon data answer: its prefix, and ROOT_FIELDS where truthy. */
export function iconDataRootOf(data: Pick<IconifyJSON, 'prefix' | (typeof ROOT_FIELDS)[number]>): Record<string, unknown> {
  const root: Record<string, unknown> = { prefix: data.prefix };
  for (const field of ROOT_FIELDS) if (data[field]) root[field] = data[field];
  return root;
}

/**
 * The Iconify view of a validated pack (`data` as validateIconSet left it,
 * before the registry fills in default sizes).
 */
export function iconifyViewOf(
  data: IconifyJSON,
  aliases: NonNullable<IconifyJSON['aliases']>,
  info: IconifyInfo,
  tags?: Record<string, string[]>,
): IconifyView {
  const root = iconDataRootOf(data);
  const lists = iconifyListsOf(data, aliases, info.name);
  const categoriesOf = (name: string) => {
    const titles = lists.categoriesOf.get(name);
    return titles ? JSON.stringify(titles) : null;
  };
  const entries: IconifyView['entries'] = [];
  for (const [name, icon] of Object.entries(data.icons)) entries.push([name, 'icon', JSON.stringify(icon), categoriesOf(name)]);
  for (const [name, alias] of Object.entries(aliases)) entries.push([name, 'alias', JSON.stringify(alias), categoriesOf(name)]);
  const known = new Set(entries.map(([name]) => name));
  for (const [char, target] of Object.entries(data.chars ?? {})) {
    if (!known.has(char) && typeof target === 'string' && known.has(target)) entries.push([char, 'char', target, null]);
  }
  return {
    root: JSON.stringify(root),
    info: JSON.stringify({ ...info, total: lists.total }),
    collection: JSON.stringify(lists.collection),
    chars: lists.chars === undefined ? null : JSON.stringify(lists.chars),
    visible: JSON.stringify(lists.visible),
    tags: tags === undefined ? null : JSON.stringify(tags),
    entries,
    search: info.hidden ? undefined : setSearchIndexOf(data, [...Object.keys(data.icons), ...Object.keys(aliases)], lists.search),
  };
}
