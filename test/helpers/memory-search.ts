import type { IconifyJSON } from '@iconify/types';
import { iconifyListsOf } from '../../src/data/catalog/iconify-lists.js';
import type { SearchSet, SearchSource } from '../../src/data/search/iconify/posting-reader.js';
import { setSearchIndexOf } from '../../src/data/search-index/set-index.js';

/** A search index held in memory, built by the catalog's own index builder, with a record of what search read of it. */
export interface MemorySearchSource extends SearchSource {
  /** Each keyword whose entries were read, once per read. */
  readonly entriesRead: string[];
}

/** A small set `prefix` with icons named `names` (each a plain square). */
export function iconSet(prefix: string, names: readonly string[], extra: Partial<IconifyJSON> = {}): IconifyJSON {
  return { prefix, icons: Object.fromEntries(names.map((name) => [name, { body: '<path fill="currentColor" d="M0 0h24v24H0z"/>' }])), ...extra };
}

/**
 * The sets' search index as the catalog stores it (setSearchIndexOf over the
 * Iconify lists), searched in the given order. Partial keywords are every
 * keyword starting, then ending, with the partial word, each group by length
 * and then alphabetically, as the catalog lists them.
 */
export function memorySearchSource(sets: readonly IconifyJSON[]): MemorySearchSource {
  const postings = new Map<string, Map<string, string>>();
  const searchSets: SearchSet[] = [];
  for (const data of sets) {
    const lists = iconifyListsOf(data, data.aliases ?? {}, undefined);
    const index = setSearchIndexOf(data, [...Object.keys(data.icons), ...Object.keys(data.aliases ?? {})], lists.search);
    searchSets.push({ id: data.prefix, style: index.style, themeParts: index.themeParts, palette: undefined, category: undefined });
    for (const [keyword, entries] of index.postings) {
      let bySet = postings.get(keyword);
      if (!bySet) postings.set(keyword, (bySet = new Map()));
      bySet.set(data.prefix, entries);
    }
  }
  const byLengthThenName = (a: string, b: string) => a.length - b.length || a.localeCompare(b);
  const keywords = [...postings.keys()].filter((keyword) => !keyword.startsWith('~'));
  const entriesRead: string[] = [];
  return {
    sets: searchSets,
    entriesRead,
    setsWith: (keyword) => [...(postings.get(keyword)?.keys() ?? [])],
    postings: (keyword) => {
      entriesRead.push(keyword);
      return postings.get(keyword) ?? new Map();
    },
    entries: (keyword, set) => {
      entriesRead.push(keyword);
      return postings.get(keyword)?.get(set);
    },
    partialKeywords: (partial, endings) => {
      const longer = keywords.filter((keyword) => keyword.length > partial.length);
      const starting = longer.filter((keyword) => keyword.startsWith(partial)).sort(byLengthThenName);
      if (!endings) return starting;
      return starting.concat(longer.filter((keyword) => keyword.endsWith(partial) && !keyword.startsWith(partial)).sort(byLengthThenName));
    },
  };
}
