/**
 * How many icons the Iconify API's `/search` answers, as its reference bounds it
 * (`/r/search.json` has bounds of its own, in registry/search-params.ts):
 * a `limit` asked for is raised to the least and cut to the most, and is the
 * default when none is. The shadcn catalog's search and the page ask for the most.
 */
export const MIN_ICONIFY_SEARCH_LIMIT = 32;
export const MAX_ICONIFY_SEARCH_LIMIT = 999;
export const DEFAULT_ICONIFY_SEARCH_LIMIT = MIN_ICONIFY_SEARCH_LIMIT * 2;
