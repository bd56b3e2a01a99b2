import type { IconifyJSON } from '@iconify/types';
import type { ListedIcon, SearchLists } from './search-lists.js';
import { encodeEntries, type SearchEntry } from './entries.js';
import type { IconStyle } from './icon-style.js';

/** What the catalog stores to search one set. */
export interface SetSearchIndex {
  /** The set's style for the `style:` filter (see SearchLists.style). */
  style: IconStyle | 'mixed' | undefined;
  /** The set's theme words, longest first: a name starting `{word}-` or ending `-{word}` ranks as if without it. */
  themeParts: string[];
  /** Each keyword (a `-`-separated chunk of a name) with the set's entries holding it, encoded; category words as CATEGORY_MARK + word. */
  postings: Array<[keyword: string, entries: string]>;
  /** Of a `mixed` set, the icons (by their own names) drawn with fills and those drawn with strokes: search by meaning filters glyphs by them. */
  drawnAs?: IconsByStyle;
}

/** Icons by their own names, by how they are drawn (see icon-style.ts); an icon drawn neither way, or both, is in neither list. */
export interface IconsByStyle {
  fill: string[];
  stroke: string[];
}

/**
 * A keyword spelt backwards, as search_keywords stores it beside the keyword
 * (the keywords ending with a word are a range of them), a character made of
 * two code units kept whole. Built a unit at a time: a miss's suggestions
 * spell a few thousand names backwards, and an array of characters each was
 * most of what they cost after the comparisons.
 */
export function spelledBackwards(keyword: string): string {
  let backwards = '';
  for (let i = keyword.length - 1; i >= 0; i--) {
    const unit = keyword.charCodeAt(i);
    if (i > 0 && unit >= 0xdc00 && unit <= 0xdfff) {
      const before = keyword.charCodeAt(i - 1);
      if (before >= 0xd800 && before <= 0xdbff) {
        backwards += keyword.slice(i - 1, i + 1);
        i--;
        continue;
      }
    }
    backwards += keyword[i];
  }
  return backwards;
}

/** Marks a keyword taken from a category title; never a chunk of a name (names hold only [a-z0-9-]). */
export const CATEGORY_MARK = '~';

/** The reference's hardcoded theme words, counted when they start or end some name of the set. */
const THEME_WORDS = new Set([
  'baseline',
  'outline',
  'round',
  'sharp',
  'twotone',
  'thin',
  'light',
  'bold',
  'fill',
  'duotone',
  'linear',
  'line',
  'solid',
  'filled',
  'outlined',
]);

/** The set's theme words, as the reference's findIconSetThemes finds them. */
function themePartsOf(data: IconifyJSON, names: readonly string[]): string[] {
  const parts = new Set<string>();
  for (const map of [data.prefixes, data.suffixes]) for (const key of Object.keys(map ?? {})) if (key) parts.add(key);
  for (const name of names) {
    const chunks = name.split('-');
    if (chunks.length < 2) continue;
    const first = chunks[0] as string;
    const last = chunks[chunks.length - 1] as string;
    if (THEME_WORDS.has(first)) parts.add(first);
    if (THEME_WORDS.has(last)) parts.add(last);
  }
  return [...parts].sort((a, b) => b.length - a.length);
}

/** The length a name ranks by: without its first theme word at either end, or 0 when it has none. */
export function themelessLength(name: string, themeParts: readonly string[]): number {
  for (const part of themeParts) if (name.startsWith(`${part}-`) || name.endsWith(`-${part}`)) return name.length - part.length - 1;
  return 0;
}

/** The words of a category title, lower-cased: "Arrows & Navigation" has `arrows` and `navigation`. */
export function categoryWords(title: string): string[] {
  return title
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The search index of a set, as the reference's generateIconSetIconsTree
 * builds it: every visible icon under each chunk of its names and of its
 * plain aliases' names; and, beyond the reference, under each word of its
 * categories' titles.
 */
export function setSearchIndexOf(data: IconifyJSON, allNames: readonly string[], lists: SearchLists): SetSearchIndex {
  const themeParts = themePartsOf(data, allNames);
  const entryOf = new Map<ListedIcon, SearchEntry>();
  const byKeyword = new Map<string, Set<SearchEntry>>();
  const add = (keyword: string, entry: SearchEntry) => {
    const set = byKeyword.get(keyword);
    if (set) set.add(entry);
    else byKeyword.set(keyword, new Set([entry]));
  };
  lists.icons.forEach((icon, seq) => {
    const entry: SearchEntry = { seq, length: themelessLength(icon[0] as string, themeParts), style: lists.styles.get(icon), names: icon };
    entryOf.set(icon, entry);
    for (const name of icon) for (const chunk of name.split('-')) add(chunk, entry);
  });
  for (const tag of lists.categories) {
    const entries = tag.icons.map((icon) => entryOf.get(icon)).filter((entry): entry is SearchEntry => entry !== undefined);
    for (const word of categoryWords(tag.title)) for (const entry of entries) add(CATEGORY_MARK + word, entry);
  }
  const postings: SetSearchIndex['postings'] = [];
  // In the set's order, as the reference's sets of icons are when filled icon by icon.
  for (const [keyword, entries] of byKeyword) postings.push([keyword, encodeEntries([...entries].sort((a, b) => a.seq - b.seq))]);
  if (lists.style !== 'mixed') return { style: lists.style, themeParts, postings };
  const drawnAs: IconsByStyle = { fill: [], stroke: [] };
  for (const icon of lists.icons) {
    const style = lists.styles.get(icon);
    if (style) drawnAs[style].push(icon[0] as string);
  }
  return { style: lists.style, themeParts, postings, drawnAs };
}
