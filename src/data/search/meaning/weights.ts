import { MEANING_LIMITS } from './limits.js';

/*
 * Every weight of search by meaning, in one place: how much each way a query
 * word can reach a glyph counts, and how scores are grouped and lowered. A
 * score of 1 is a query word found as a word of a glyph's own name.
 */

/** A query word found as a word of a glyph's name: the best a word can do, the scale every other weight is read against. */
export const NAME_SCORE = 1;

/**
 * A word matched through the vocabulary scores MEANING_BASE plus MEANING_SPAN
 * times the link's weight (at most 1): a strong link (sources agreeing) comes
 * near a name's own word, a weak one far below it.
 */
export const MEANING_BASE = 0.45;
export const MEANING_SPAN = 0.4;

/** Score of a word matched through the vocabulary by a link of `weight`. */
export function meaningScore(weight: number): number {
  return MEANING_BASE + MEANING_SPAN * Math.min(1, weight);
}

/**
 * A name that holds two of one query word's meanings or more (`wifi-off` of "no internet", `cloud-lightning` of
 * "thunderstorm") scores its best plus this share of its second best: above a name holding one of them, never by
 * much, and never past NAME_SCORE, so a name holding the word typed gains nothing. Only a second meaning scoring at
 * least FURTHER_MEANING_NEAR of the query word's strongest meaning (the word itself is none) counts: a loose one
 * adds a word drawn beside the thing, not the thing (`circle` in `circle-minus` for "deleting", `open` in
 * `mail-open` for "letter").
 */
export const FURTHER_MEANING_SHARE = 0.2;
export const FURTHER_MEANING_NEAR = 0.65;

/**
 * In a search within one pack, a glyph whose whole name an icon library
 * tagged with a query word (Lucide's `unlink` for "disconnect"): the
 * closest meaning, with no word of its name unasked; of a query of several
 * words, this times the share of them tagging the name.
 */
export const TAGGED_NAME_SCORE = meaningScore(1);

/** A word an own pack tagged an icon with: as good as the closest meaning, below its name's own. */
export const OWN_TAG_SCORE = meaningScore(1);

/**
 * Within one pack, a name word that is the query word in the other number (`headphone` for "headphones"): a meaning,
 * just below the closest ones, which the pack's own names and tags of the word itself keep before it.
 */
export const OTHER_NUMBER_SCORE = 0.8;

/** A link this strong is one a word's meaning can be followed through, to the words linked back to its name word. */
export const STRONG_LINK_WEIGHT = 1;

/** What a link read backwards (name word to the words that mean it) counts of the same link read forwards. */
export const BACK_LINK_SHARE = 0.8;

/** Links at least this strong are also read backwards: weaker ones, read backwards, mostly bring noise. */
export const BACK_LINK_MIN_WEIGHT = 0.5;

/** A word found in the title of a category an icon is listed in: categories are broad, so well below any meaning. */
export const CATEGORY_SCORE = 0.4;

/**
 * A completion of the word being typed scores COMPLETION_BASE plus
 * COMPLETION_SPAN times the share of the completion already typed: `calend`
 * ranks `calendar` above `calendarium`, and both below a whole name word.
 */
export const COMPLETION_BASE = 0.3;
export const COMPLETION_SPAN = 0.4;

/** A correction of a misspelt word, and each meaning reached through it, counts this much: the word was not what was typed. */
export const CORRECTION_SHARE = 0.7;

/** A match through an alias's old name counts this much of one through the glyph's own names: the pack renamed it for a reason. */
export const ALIAS_SHARE = 0.9;

/**
 * A name word that is the adjective of a query's adverb (`vertical` for "vertically"): a name, a little below the word
 * typed, which icon-park's `flip-vertically` keeps first.
 */
export const ADVERB_SCORE = 0.8;

/** A query of theme words alone meets a glyph only its variants' themes name (`ph:x` by `x-bold` for "bold") at this much of a name. */
export const THEME_SHARE = 0.5;

/** Each word of a glyph's name that the query did not ask for divides its score by one plus this: `home` before `home-roof`. */
export const EXTRA_WORD_PENALTY = 0.25;

/** Scores this close are one band: within a tier and a band, packs people use more come first. */
export const SCORE_BAND = 0.1;

/** In an icon's equivalents (`like=`), a match of one word of a several-word name counts this much of a match of the whole name. */
export const LIKE_PART_SHARE = 0.7;

/**
 * A query of three words or more over the catalog with fewer full matches than `fewerThan` (a first page), or of two
 * words or more within one pack (full matches met through meanings), the best of its full matches scoring under `score`
 * (its words met mostly through loose links), is also searched with a word left out (see looseFullMatchesOrLeftOut).
 */
export const LOOSE_FULL_MATCHES = { fewerThan: MEANING_LIMITS.diverseTop, score: 0.8 } as const;

/**
 * A search within one pack whose first glyph is met through meanings (none is named for what the query asks), or that
 * left a word out, ranks after its first `after` glyphs at most `most` glyphs of other readings of the query (see
 * withOtherReadings): the pack's equivalents of what the rest of the catalog finds first, and the first `perWord`
 * glyphs of each of its words searched alone in the pack.
 */
export const OTHER_READINGS = { after: 6, perWord: 2, most: 4 } as const;
