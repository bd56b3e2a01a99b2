/** Longest list of ids a download's query string may carry: the rest of the target fits in what is left of MAX_TARGET_BYTES. */
export const MAX_BAG_CHARACTERS = 1800;
