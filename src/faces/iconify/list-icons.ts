import type { Resource } from '../../core/resource.js';
import type { IconifySetRow, Registry } from '../../registry/registry.js';
import { genericJson } from './json.js';
import { type ListIconsParams, selectedPacks } from './params.js';

/** Sets the legacy `/list-icons` answers for at once, at most. */
const MAX_LISTED_SETS = 11;

/** `/list-icons` and `/list-icons-categorized`, the reference's API v1 lists: one set by `prefix`, or several by `prefixes`. */
export function listIcons(params: ListIconsParams, registry: Registry): Resource {
  return genericJson(params, registry, () => {
    const listOf = (pack: string) => {
      const set = registry.iconifySet(pack);
      return set && legacyIconList(pack, set, params);
    };
    const { prefix, prefixes } = params.selection;
    if (prefix) return (registry.packs.has(prefix) ? listOf(prefix) : undefined) ?? 404;
    if (!prefixes) return 400;
    const lists: Record<string, unknown> = {};
    for (const pack of selectedPacks([...registry.packs.keys()], params.selection) ?? []) {
      if (Object.keys(lists).length === MAX_LISTED_SETS) break;
      const list = listOf(pack);
      if (list) lists[pack] = list;
    }
    return Object.keys(lists).length ? lists : 404;
  });
}

/** One set as the reference's createAPIv1IconsListResponse lists it. */
function legacyIconList(pack: string, set: IconifySetRow, params: ListIconsParams): Record<string, unknown> {
  const collection = JSON.parse(set.collection) as Record<string, unknown>;
  const list: Record<string, unknown> = { prefix: pack, total: collection.total };
  if (collection.title) list.title = collection.title;
  if (params.info) list.info = JSON.parse(set.info);
  if (params.aliases && collection.aliases) list.aliases = collection.aliases;
  if (params.chars && set.chars !== null) list.chars = JSON.parse(set.chars);
  if (!params.categorized) list.icons = JSON.parse(set.visible);
  else {
    if (collection.categories) list.categories = collection.categories;
    if (collection.uncategorized) list.uncategorized = collection.uncategorized;
  }
  return list;
}
