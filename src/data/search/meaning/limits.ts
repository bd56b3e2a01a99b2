/** How much one search by meaning may ask and do, whatever its query. */
export const MEANING_LIMITS = {
  /** Query words read; the rest are ignored (no icon name has more). */
  maxWords: 6,
  /** Longest query word read. */
  maxWordLength: 32,
  /** Name words a partial word (the one being typed) is completed to. */
  maxCompletions: 24,
  /** Corrections tried for a word no name or vocabulary knows. */
  maxCorrections: 2,
  /**
   * Most phrasings of one query: word by word, then (while there is room) with its words split in two, the whole
   * query as one tag, its stop words typed in their places, and with one pair of adjacent words read as one.
   */
  maxPhrasings: 3,
  /** Ways of splitting one query word into two name words tried (`logout` as `log out`), and glyphs read to find the two side by side in a name. */
  maxSplitsTried: 3,
  splitGlyphsRead: 5000,
  /** Glyph entries read from the index for one search: past them, what was found is ranked. */
  workUnits: 600_000,
  /** In the first `diverseTop` results, at most `perPackInTop` of one pack. */
  diverseTop: 24,
  perPackInTop: 3,
  /** Hits ranked in full beyond the page asked for: room for the first results' variety of packs to draw from. */
  rankMargin: 2000,
} as const;

/** The entries one search may read: what it asks for (`workUnits`), never more than MEANING_LIMITS.workUnits. */
export function workBoundOf(asked: number | undefined): number {
  return Math.min(asked ?? MEANING_LIMITS.workUnits, MEANING_LIMITS.workUnits);
}

/**
 * A search within one pack ranks at most `perSearch` glyphs by the whole
 * names the icon libraries tagged with its words (see MeaningSearcher's
 * raiseTaggedNames), of at most `names` names tried.
 */
export const TAGGED_NAME_LIMITS = {
  perSearch: 3,
  names: 12,
} as const;

/**
 * A search within one pack that finds fewer glyphs than `below` by their
 * names is completed by the pack's equivalents of the catalog's first
 * results (see MeaningSearcher's withCounterparts): of its first `searched`
 * results, the first `anchors` of distinct names found by what the words
 * mean with a score of at least `anchorMinScore`, each name by up to
 * `anchorsOfOneName` of its glyphs, the next tried when one finds nothing,
 * and the names tried in turn until the first page (`below` glyphs) is
 * full. An equivalent is offered
 * only when a whole name of the result finds it with a score of at least
 * `minScore` (an exact name scores 1): through the vocabulary's weaker
 * links, a pack that lacks the thing offers a guess ("cube" for `volume`).
 * Where the pack matched the query only with a word left out (none of its
 * glyphs met every word, or only loosely), and the results match every
 * word (see withFullMatchesElsewhere), the equivalents lead the answer: they
 * come from the `leading` reach, the closest of the results, and an
 * equivalent needs `anchorMinScore`, as the results themselves.
 */
export const COUNTERPART_LIMITS = {
  below: 10,
  searched: 72,
  anchors: 10,
  leading: { searched: 24, anchors: 5 },
  anchorsOfOneName: 3,
  anchorMinScore: 0.4,
  minScore: 0.6,
} as const;
