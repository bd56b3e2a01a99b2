/**
 * How many icons a search answers, as the Iconify API's reference bounds it:
 * a `limit` asked for is raised to the least and cut to the most, and is the
 * default when none is. The shadcn catalog's search and the page ask for the most.
 */
export const MIN_SEARCH_LIMIT = 32;
export const MAX_SEARCH_LIMIT = 999;
export const DEFAULT_SEARCH_LIMIT = MIN_SEARCH_LIMIT * 2;
