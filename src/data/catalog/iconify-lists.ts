import type { IconifyAlias, IconifyJSON } from '@iconify/types';
import { defaultIconProps } from '@iconify/utils';
import { type IconStyle, iconStyleOf } from '../search-index/icon-style.js';
import type { ListedIcon, SearchLists, Tag } from '../search-index/search-lists.js';

/** Alias props that make an alias an icon of its own, as the reference counts them. */
const TRANSFORMING_PROPS = Object.keys(defaultIconProps) as Array<keyof typeof defaultIconProps>;

/** What the Iconify API's lists say of a set: its count, and the answer of `/collection` without `info` and `chars`. */
export interface IconifyLists {
  /** Visible icons, plus visible aliases that are icons of their own. */
  total: number;
  /** `/collection?prefix=` as the reference answers it, but for `info` (added when asked). */
  collection: Record<string, unknown>;
  /** Character codes and the icon each stands for, when the set has any (`chars=1`). */
  chars: Record<string, string> | undefined;
  /** The visible icons by their own names (plain aliases left out), as `/list-icons` lists them. */
  visible: string[];
  /** What the reference's search index is made of. */
  search: SearchLists;
  /** The titles of the categories each visible icon or alias is listed in (plain aliases share their icon's). */
  categoriesOf: Map<string, string[]>;
}

/** Keys in the order a JavaScript object enumerates them: array indexes first, ascending, then the others as inserted. */
function inObjectKeyOrder(keys: Iterable<string>): string[] {
  const indexes: string[] = [];
  const others: string[] = [];
  for (const key of keys) (/^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 2 ** 32 - 1 ? indexes : others).push(key);
  return indexes.sort((a, b) => Number(a) - Number(b)).concat(others);
}

/**
 * The Iconify API's lists of a validated set, ported from the reference's
 * generateIconSetIconsTree and prepareAPIv2IconsList: visible and hidden
 * icons with their plain aliases, categories (each sorted with
 * localeCompare, empty ones left out), the uncategorised icons, and the
 * set's theme maps.
 */
export function iconifyListsOf(data: IconifyJSON, aliases: NonNullable<IconifyJSON['aliases']>, title: string | undefined): IconifyLists {
  const visible = new Map<string, ListedIcon>();
  const hidden = new Map<string, ListedIcon>();
  let total = 0;
  const tags: Tag[] = [];
  const uncategorised: ListedIcon[] = [];
  const tagsOf = new Map<string, Set<Tag>>();
  for (const [title, names] of Object.entries(data.categories ?? {})) {
    if (!Array.isArray(names)) continue;
    const tag: Tag = { title, icons: [] };
    tags.push(tag);
    for (const name of names) {
      let set = tagsOf.get(name);
      if (!set) tagsOf.set(name, (set = new Set()));
      set.add(tag);
    }
  }
  const styles = new Map<ListedIcon, IconStyle>();
  // undefined before the first visible icon, null once two differ or one has none.
  let common: IconStyle | null | undefined;
  const list = (name: string, icon: ListedIcon, fallback?: string) => {
    const own = tagsOf.get(name) ?? (fallback === undefined ? undefined : tagsOf.get(fallback));
    if (own && fallback !== undefined) tagsOf.set(name, own);
    if (own) for (const tag of own) tag.icons.push(icon);
    else uncategorised.push(icon);
  };
  for (const [name, icon] of Object.entries(data.icons)) {
    const listed = [name];
    if (icon.hidden) hidden.set(name, listed);
    else {
      visible.set(name, listed);
      total++;
      list(name, listed);
      const style = iconStyleOf(icon.body);
      if (style) styles.set(listed, style);
      if (common === undefined) common = style ?? null;
      else if (common && common !== style) common = null;
    }
  }
  const checked = new Set(Object.keys(data.icons));
  const failed = new Set<string>();
  const resolve = (name: string) => {
    if (checked.has(name)) return;
    checked.add(name);
    failed.add(name);
    const alias = aliases[name] as (IconifyAlias & { hidden?: boolean }) | undefined;
    if (!alias) return;
    const parent = alias.parent;
    if (!checked.has(parent)) resolve(parent);
    if (failed.has(parent)) return;
    const transformed = TRANSFORMING_PROPS.some((prop) => alias[prop] !== undefined);
    const parentVisible = visible.has(parent);
    const isVisible = typeof alias.hidden === 'boolean' ? !alias.hidden : parentVisible;
    const parentIcon = (visible.get(parent) ?? hidden.get(parent)) as ListedIcon;
    let icon: ListedIcon;
    if (transformed || isVisible !== parentVisible) {
      icon = [name];
      if (isVisible) {
        total++;
        list(name, icon, parentIcon[0]);
        const style = styles.get(parentIcon);
        if (style) styles.set(icon, style);
      }
    } else {
      icon = parentIcon;
      icon.push(name);
    }
    (isVisible ? visible : hidden).set(name, icon);
    failed.delete(name);
  };
  for (const name of Object.keys(aliases)) resolve(name);
  for (const tag of tags) tag.icons.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
  uncategorised.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));

  const collection: Record<string, unknown> = { prefix: data.prefix, total };
  if (title !== undefined) collection.title = title;
  if (uncategorised.length) collection.uncategorized = uncategorised.map((icon) => icon[0]);
  const listedTags = tags.filter((tag) => tag.icons.length > 0);
  if (listedTags.length) collection.categories = Object.fromEntries(listedTags.map((tag) => [tag.title, tag.icons.map((icon) => icon[0])]));
  const aliasesOf: Record<string, string> = {};
  for (const [name, icon] of visible) if (icon[0] !== name) aliasesOf[name] = icon[0] as string;
  const hiddenNames: string[] = [];
  for (const [name, icon] of hidden) {
    if (icon[0] === name) hiddenNames.push(name);
    else aliasesOf[name] = icon[0] as string;
  }
  if (hiddenNames.length) collection.hidden = hiddenNames;
  if (Object.keys(aliasesOf).length) collection.aliases = aliasesOf;
  for (const key of ['prefixes', 'suffixes'] as const) if (data[key]) collection[key] = data[key];
  let chars: Record<string, string> | undefined;
  if (data.chars) {
    chars = {};
    for (const [char, name] of Object.entries(data.chars)) {
      const icon = visible.get(name) ?? hidden.get(name);
      if (icon) chars[char] = icon[0] as string;
    }
  }
  const search: SearchLists = {
    // An alias's key also leads to its icon; the icon's own key lists it once.
    icons: inObjectKeyOrder(visible.keys())
      .filter((name) => (visible.get(name) as ListedIcon)[0] === name)
      .map((name) => visible.get(name) as ListedIcon),
    styles,
    style: common ? common : styles.size ? 'mixed' : undefined,
    categories: listedTags,
  };
  const categoriesOf = new Map<string, string[]>();
  for (const tag of listedTags) {
    for (const icon of tag.icons) {
      for (const name of icon) {
        const titles = categoriesOf.get(name);
        if (titles) titles.push(tag.title);
        else categoriesOf.set(name, [tag.title]);
      }
    }
  }
  return { total, collection, chars, visible: [...visible].filter(([name, icon]) => icon[0] === name).map(([name]) => name), search, categoriesOf };
}
