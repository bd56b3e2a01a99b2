/**
 * What one tool call may ask for, beyond the bounds it shares with the HTTP
 * routes (the search's parameters and budget, the bundle's list and bodies,
 * the changes' list of names): the answers an agent reads are kept to what
 * fits its context.
 */

/** Results of one search or one list of equivalents, at most, and by default. */
export const MAX_TOOL_SEARCH_RESULTS = 50;
export const DEFAULT_TOOL_SEARCH_RESULTS = 10;

/** Packs one list gives at most, and by default. */
export const MAX_TOOL_PACKS = 100;
export const DEFAULT_TOOL_PACKS = 50;

/** Missing icons of one call whose closest names are looked for: each is a bounded search of its own. */
export const MAX_SUGGESTED_MISSES = 5;

/**
 * Array elements and object members a tool call's arguments may hold in
 * all: the longest list a tool takes (a bundle's ids) with room to spare,
 * so the arguments' validation costs what a short list does.
 */
export const MAX_TOOL_INPUT_ELEMENTS = 512;
