import type { ScoredPacks } from './score.js';

/*
 * The shapes a search by meaning is asked in and answers with, inside the
 * search thread (see searcher.ts): a query with what it may read, each glyph
 * found, and the page of them.
 */

export interface MeaningQuery extends ScoredPacks {
  q: string;
  limit: number;
  offset: number;
  /** Every word must match, none left out when nothing matches them all: the searches of an icon's names, which try each word alone themselves. */
  everyWord?: boolean;
  /** The query is an icon's name words, read as they are (see parseMeaningQuery): the searches of an icon's names. */
  ofName?: boolean;
  /** When fewer glyphs than this are found, every one of them, ranked, is also given (MeaningAnswer.all), whatever the page. */
  allBelow?: number;
  /** The one pack searched, whose glyphs named as the icon libraries tagged a query word rank as its closest meaning (see raiseTaggedNames). */
  taggedIn?: string;
  /**
   * Name words are also read as a pack may write them: split in two (`log-out` for `logout`), or in the other number
   * (`headphone` for "headphones"; see parseMeaningQuery). In the searches of one pack and of each pack's equivalent,
   * not of the whole catalog, where the names holding the word itself are found.
   */
  otherWritings?: boolean;
  /** When a word is left out, what was found is kept, to be ranked after the pack's equivalents of full matches (see withFullMatchesElsewhere). */
  keepPartial?: boolean;
  /**
   * Other readings of a search a person makes within one pack, ranked after its first few glyphs when none is named
   * for what it asks (see withOtherReadings); given, the pack's equivalents of what the rest of the catalog finds first
   * (see equivalentsInPack), from the entries read so far, sought until `wanted` are found that `led` does not hold
   * (by foundKey), and the entries read with them.
   */
  otherReadings?: (spent: number, wanted: number, led: ReadonlySet<number>) => { equivalents: ReadonlyMap<number, MeaningHit>; work: number };
}

export interface MeaningHit {
  pack: string;
  name: string;
  variants: string[];
  /** The tier it was found in (see TIERS), and its score within it. */
  tier: number;
  score: number;
  /** Where it is: its index in the sources, and its glyph there. */
  index: number;
  glyph: number;
  /** The id of the result of the rest of the catalog it was found the equivalent of (see withCounterparts and withFullMatchesElsewhere). */
  equivalentOf?: string;
}

export interface MeaningAnswer {
  /** The query as read: its words, lower-case. */
  query: string;
  total: number;
  hits: MeaningHit[];
  /** The query with unknown words replaced by what was searched instead. */
  didYouMean?: string;
  /** The index entries read: never more than MEANING_LIMITS.workUnits (or the query's own workUnits). */
  work: number;
  /** Every glyph found, ranked, when fewer were found than the query's allBelow. */
  all?: MeaningHit[];
  /** Whether one word was left out (see withOneWordLeftOut): no glyph matched every word, or only through loose links. */
  leftOut?: boolean;
}
