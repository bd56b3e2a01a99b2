import { matchIconName } from '@iconify/utils';
import type { CatalogSearch } from './catalog-search.js';
import type { SearchParams } from './engine.js';
import { type MoreNames, searchIcons } from './fill.js';
import { booleanParam, MIN_PARTIAL_LENGTH } from './query.js';
import { DEFAULT_ICONIFY_SEARCH_LIMIT, MAX_ICONIFY_SEARCH_LIMIT, MIN_ICONIFY_SEARCH_LIMIT } from './search-limits.js';

/*
 * The Iconify API's /search and /keywords answers, ported from the
 * reference's createAPIv2SearchResponse and createKeywordsResponse: the same
 * parameters, limits, errors (a status) and answer shape.
 */

/** The query string as the reference's router gives it: each parameter once as a string, repeated ones as an array. */
export function queryObjectOf(query: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [key, value] of query) {
    const earlier = object[key];
    object[key] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return object;
}

const clampLimit = (limit: number) => Math.max(MIN_ICONIFY_SEARCH_LIMIT, Math.min(limit, MAX_ICONIFY_SEARCH_LIMIT));

/** What the query asks of search, or 400 as the reference refuses it. */
export function searchParamsOf(query: URLSearchParams): { params: SearchParams; start: number } | 400 {
  const keyword = query.get('query');
  if (!keyword) return 400;
  const params: SearchParams = { query: keyword, limit: DEFAULT_ICONIFY_SEARCH_LIMIT };
  const limit = query.get('limit');
  if (limit) {
    const value = Number.parseInt(limit, 10);
    if (!value) return 400;
    params.limit = clampLimit(value);
  }
  const min = query.get('min');
  if (min) {
    const value = Number.parseInt(min, 10);
    if (!value) return 400;
    params.limit = clampLimit(value);
    params.softLimit = true;
  }
  let start = 0;
  const startParam = query.get('start');
  if (startParam) {
    start = Number.parseInt(startParam, 10);
    if (Number.isNaN(start) || start < 0 || start >= params.limit) return 400;
  }
  const prefixes = query.get('prefixes');
  const prefix = query.get('prefix') || query.get('collection');
  if (prefixes) params.prefixes = prefixes.split(',');
  else if (prefix) params.prefixes = [prefix];
  const category = query.get('category');
  if (category) params.category = category;
  const similar = query.get('similar');
  if (similar) {
    const value = booleanParam(similar);
    if (typeof value === 'boolean') params.partial = value;
  }
  return { params, start };
}

/**
 * The `/search` answer, or 400. `infoOf` gives a set's IconifyInfo as
 * `/collections` lists it; `more` fills the answer past the reference's results.
 */
export function searchAnswer(
  query: URLSearchParams,
  source: CatalogSearch,
  infoOf: (pack: string) => unknown,
  more?: MoreNames,
): Record<string, unknown> | 400 {
  const parsed = searchParamsOf(query);
  if (parsed === 400) return 400;
  const { params, start } = parsed;
  const result = searchIcons(params, source, undefined, more);
  const collections: Record<string, unknown> = {};
  for (const prefix of result?.prefixes ?? []) {
    const info = infoOf(prefix);
    if (info) collections[prefix] = info;
  }
  const names = result?.names ?? [];
  return { icons: names.slice(start), total: names.length, limit: params.limit, start, collections, request: queryObjectOf(query) };
}

/** The `/keywords` answer, or 400. */
export function keywordsAnswer(query: URLSearchParams, source: CatalogSearch): Record<string, unknown> | 400 {
  const object = queryObjectOf(query);
  let test: string;
  let endings: boolean;
  if (typeof object.prefix === 'string') {
    test = object.prefix;
    endings = false;
  } else if (typeof object.keyword === 'string') {
    test = object.keyword;
    endings = true;
  } else return 400;
  test = test.toLowerCase().trim();
  let invalid: true | undefined;
  let failed = false;
  if (!matchIconName.test(test)) invalid = true;
  else {
    // Of a word with chunks only the last is completed, once every other chunk is a keyword.
    const parts = test.split('-');
    if (parts.length > 1) {
      test = parts.pop() as string;
      endings = false;
      failed = [...new Set(parts)].some((part) => !source.hasKeyword(part));
    }
  }
  const matches = failed || invalid || test.length < MIN_PARTIAL_LENGTH ? [] : source.shownPartialKeywords(test, endings);
  return { ...object, invalid, exists: failed ? false : source.hasKeyword(test), matches };
}
