import { likelyMeant } from './typo.js';
import type { MeaningSources } from './catalog-glyphs.js';
import { MEANING_LIMITS } from './limits.js';
import {
  BACK_LINK_SHARE,
  CATEGORY_SCORE,
  COMPLETION_BASE,
  COMPLETION_SPAN,
  CORRECTION_SHARE,
  meaningScore,
  NAME_SCORE,
  OTHER_NUMBER_SCORE,
  ADVERB_SCORE,
  OWN_TAG_SCORE,
  STRONG_LINK_WEIGHT,
} from './weights.js';
import { adjectiveOfAdverb, otherNumbersOf, singularOf, verbBaseOf, wordsOf } from '../../search-index/vocabulary/words.js';
import { withSymbolsNamed } from './symbol-words.js';
import type { MeaningLink } from './vocabulary.js';

/*
 * The first step of a search by meaning: the query's words, and for each the
 * name words it may reach (its expansions), found in the glyph indexes and
 * the vocabulary. Nothing is searched yet: score.ts reads the expansions.
 */

/** How a query word reached a glyph, best first: the tier decides before the score. */
export const TIERS = { name: 0, meaning: 1, partial: 2, corrected: 3 } as const;
export type Tier = (typeof TIERS)[keyof typeof TIERS];

/** One way a query word (or two read as one) is matched: the name word it reaches, how well, and in which tier. */
export interface Expansion {
  word: string;
  score: number;
  tier: Tier;
  /** Matched through category titles or an own pack's tags rather than names. */
  tag?: 'category' | 'own';
}

/** A query slot: one query word, two read as one phrase ("hard copy"), or half of one that names write as two (`log-out` for "logout"). */
export interface Slot {
  text: string;
  expansions: Expansion[];
  /**
   * Two words a glyph's name must hold side by side: on a split word's first
   * half, both halves; on a typed stop word, it and its neighbour (see stopSlotOf).
   */
  sideBySide?: readonly [string, string];
}

/** One way of grouping the query's words into slots: word by word, with two adjacent words as one phrase, or with one word split in two. */
export type Phrasing = readonly Slot[];

/** A query as search by meaning reads it. */
export interface ParsedMeaningQuery {
  /** The words read, lower-case, stop words dropped unless nothing else is left. */
  words: readonly string[];
  /** The ways the words are grouped, word by word first; none when no word was read. */
  phrasings: Phrasing[];
  /** The words with each unknown one replaced by its best correction, if any was corrected. */
  corrected: string[] | undefined;
  /** The words as they were most likely meant (see likelyMeant), offered beside the literal matches, if any known word is a likely typo. */
  likely?: string[];
  /** The words names write as two (see splitOf), by their place in `words`: the halves that stand for each. */
  splits?: ReadonlyMap<number, readonly Slot[]>;
  /** Each two adjacent words as typed, stop words included, joined with `-`: the keys of two-word tags ("sign up"). */
  pairs?: readonly string[];
}

/**
 * The light verbs and pronouns of an action said as a sentence ("take a
 * screenshot", "make a copy", "give me a rating"), which matched names
 * through what they mean (`copy-check` for "make a copy"), and the "now" of
 * a call to action ("download now" had found `cart-arrow-down`, as icon
 * libraries tag carts "buy now"). Dropped as stop words, but for one that
 * reads as a phrase with the word after it ("make up", "take off"), and
 * kept, of a query of nothing else, before the other stop words ("get a"
 * is `get`). Not "go" ("go to bottom" is drawn as an arrow) nor "us" (the
 * United States).
 */
const SENTENCE_WORDS = new Set(['take', 'make', 'do', 'get', 'have', 'give', 'put', 'i', 'me', 'we', 'you', 'please', 'now']);

/**
 * Nouns that count the thing after their "of" ("a pair of trainers", "a
 * bunch of flowers", "a couple of users"): the thing is what follows, so
 * such a noun is left out of a query's words with its "of" where a word that
 * is no stop word follows, as a verb that asks for what follows is.
 * "pair" had met Bluetooth's pairing before the trainers (`fluent:pair`, and
 * the libraries' tags of `bluetooth`). Not "set" (see ALTERING_VERBS), nor
 * what holds the thing ("cup of coffee", "bag of money"), which is drawn.
 */
const COUNTING_WORDS = new Set(['pair', 'couple', 'bunch', 'handful']);

/**
 * Verbs that ask to alter a thing an icon draws, not for anything drawn of
 * their own: a query that begins with one ("change font", "adjust
 * brightness", "modify the theme") asks for the thing, as its control shows
 * it. Such a verb had met the thing's weak links in names that hold it
 * (`size-change` for "change font", `change-circle` for "change
 * brightness"). Dropped only first ("undo last change" holds a change
 * drawn) and before a word that is no stop word, not in a phrase the
 * vocabulary knows with that word ("change the case"), not before a
 * particle ("set up" is a verb of its own), and not of an icon's name
 * searched as words (`adjust-brightness` for its equivalents). "set" asks
 * to give a thing its value ("set reminder", "set a timer"), and had met a
 * set square's ruler and a toolbox's set of tools.
 */
const ALTERING_VERBS = new Set(['change', 'adjust', 'modify', 'customize', 'customise', 'tweak', 'alter', 'set']);

/**
 * Verbs that, with a particle, ask to switch a thing on or off, up or down
 * ("turn on wifi", "switch off the camera", "turn the sound off"): dropped
 * as the altering verbs are, the particle kept (`camera-off`). "turn" alone
 * had met the thing through its own links, arrows turning
 * (`wifi-arrow-left` for "turn on wifi").
 */
const SWITCHING_VERBS = new Set(['turn', 'switch']);

/**
 * Verbs that, before "to", ask to go to a thing ("go to settings", "switch
 * to dark mode", "connect to wifi"): dropped as the altering verbs are,
 * unless the word after "to" names a place in an order, which is drawn as
 * an arrow that goes ("go to top", "go to the next page", `arrow-to-top`).
 * "go" had met the thing's arrows: `account-arrow-left` for "go to
 * profile", `navigation-cog` for settings; "connect" its links, `link-off`
 * for wifi.
 */
const GOING_VERBS = new Set(['go', 'switch', 'navigate', 'connect']);
/**
 * Verbs that, before a state, ask for the state ("go fullscreen", "go
 * premium", "go incognito"): dropped as the altering verbs are, but for a
 * place in an order ("go back", an arrow) or a phrase the vocabulary knows
 * ("go home", "go offline"). "go" had met arrows: `arrows-left` for "go
 * fullscreen".
 */
const ENTERING_VERBS = new Set(['go']);
const PLACES_IN_AN_ORDER = new Set(['top', 'bottom', 'start', 'end', 'beginning', 'first', 'last', 'next', 'previous', 'prev', 'back', 'forward']);

/**
 * Words that carry no meaning an icon could draw. Besides articles and
 * prepositions, the fillers of a query written as a sentence ("put something
 * in the cloud", "share this with my team"): pronouns and determiners, the
 * words that name an icon or a control rather than what it shows, and the
 * SENTENCE_WORDS.
 */
const STOP_WORDS = new Set([
  ...['a', 'an', 'the', 'of', 'for', 'with', 'and', 'to', 'in', 'on', 'into', 'onto', 'from', 'by', 'as', 'or'],
  ...['something', 'someone', 'somebody', 'anything', 'thing', 'things', 'stuff'],
  ...['my', 'your', 'our', 'their', 'its', 'this', 'that', 'these', 'those', 'it'],
  ...['icon', 'icons', 'symbol', 'button'],
  ...SENTENCE_WORDS,
]);

/**
 * Reads a query: its words, their phrasings and the corrections of unknown
 * words. `otherWritings`: a name word is also read as the packs searched
 * may write it: as two (`log-out` for `logout`, see splitOf), or in the
 * other number (`headphone` for "headphones", see otherNumbersOf).
 * `ofName`: the query is an icon's name words, read as they are: no verb
 * is dropped nor particle moved, as a query's are.
 */
export function parseMeaningQuery(
  q: string,
  sources: MeaningSources,
  { otherWritings = false, ofName = false }: { otherWritings?: boolean; ofName?: boolean } = {},
): ParsedMeaningQuery {
  const read = typedWordsOf(q, sources);
  // A name's words as they are; a query's with a verb that asks for what follows it left out of every reading of them.
  const beside = ofName ? read : withParticleBesideItsVerb(read, sources);
  const asked = !ofName && asksForWhatFollows(beside, sources) ? beside.slice(1) : beside;
  const typed = ofName ? asked : withoutCountingNouns(asked);
  const words = queryWordsOf(typed, sources);
  if (words.length === 0) return { words, phrasings: [], corrected: undefined };
  const pairs = typed.slice(1).map((next, i) => `${typed[i]}-${next}`);
  return { words, ...phrasingsOf(words, typed, sources, otherWritings), ...(pairs.length > 0 ? { pairs } : {}) };
}

/**
 * Verbs of controls whose particle a query may type after the verb's object
 * ("turn camera off", "log me out", "zoom the map in"), and those particles.
 * Only these: many a noun makes a phrase with a particle too ("time is
 * running out" is no `timeout`).
 */
const PHRASAL_VERBS = new Set(['turn', 'switch', 'log', 'sign', 'zoom', 'power', 'shut', 'plug', 'check']);
const PARTICLES = new Set(['on', 'off', 'up', 'down', 'in', 'out']);
/** Pronouns that may stand between such a verb and its particle ("sign me in", "turn it off"). */
const OBJECT_PRONOUNS = new Set(['me', 'you', 'it', 'us', 'them', 'him', 'her']);

/** Words at most between such a verb and its particle. */
const MAX_WORDS_BEFORE_PARTICLE = 2;

/**
 * The typed words with a particle typed last moved next to the verb typed
 * first, when the two make a phrase the vocabulary or the names know: "turn
 * camera off" is read as "turn off camera" ("turn" and "off" apart had found
 * `switch-off` first, where `camera-off` holds both). Not when the word
 * before the particle makes a phrase with it ("turn sound off": "sound
 * off", which the verb's dropping leaves whole, see SWITCHING_VERBS), nor
 * when a particle stands between. A pronoun between is left out ("sign me
 * in" is "sign in").
 */
function withParticleBesideItsVerb(typed: string[], sources: MeaningSources): string[] {
  const [verb, ...rest] = typed;
  const particle = rest.at(-1);
  const between = rest.slice(0, -1);
  const object = between.at(-1);
  if (verb === undefined || particle === undefined || object === undefined || !PHRASAL_VERBS.has(verb) || !PARTICLES.has(particle)) return typed;
  if (between.length > MAX_WORDS_BEFORE_PARTICLE || between.some((word) => PARTICLES.has(word))) return typed;
  // A pronoun makes no phrase with the particle, whatever names write them as one ("sign me in" is no `mein`).
  if (phraseSlotOf(verb, particle, sources) === undefined || (!OBJECT_PRONOUNS.has(object) && phraseSlotOf(object, particle, sources) !== undefined))
    return typed;
  // The pronoun says no more than the verb does: "sign me in" is "sign in".
  return [verb, particle, ...between.filter((word) => !OBJECT_PRONOUNS.has(word))];
}

/** Whether a name of some glyph holds `word` (or an alias's name does). */
function isNameWord(word: string, sources: MeaningSources): boolean {
  return sources.indexes.some((index) => index.hasWord(word));
}

function isKnown(word: string, sources: MeaningSources): boolean {
  return sources.indexes.some((index) => index.hasWord(word) || index.hasTag(word)) || (sources.vocabulary?.has(word) ?? false);
}

function meaningsOf(word: string, sources: MeaningSources, factor: number, tier: Tier): Expansion[] {
  const links = sources.vocabulary?.linksOf(word) ?? [];
  const forwards = links.filter((link) => link.nameWord !== word).map((link) => ({ word: link.nameWord, score: factor * meaningScore(link.weight), tier }));
  const backwards = (sources.vocabulary?.backLinksOf(word) ?? [])
    .filter((link) => link.word !== word && !forwards.some((forward) => forward.word === link.word))
    .map((link) => ({ word: link.word, score: factor * BACK_LINK_SHARE * meaningScore(link.weight), tier }));
  const known = new Set([...forwards, ...backwards].map((expansion) => expansion.word));
  // Through the word's strongest link, read backwards too: "garbage" is trash, and so `delete-bin`.
  const strongest = links.find((link) => link.nameWord !== word && link.weight >= STRONG_LINK_WEIGHT);
  const through = strongest
    ? (sources.vocabulary?.backLinksOf(strongest.nameWord) ?? [])
        .filter((link) => link.word !== word && !known.has(link.word))
        .map((link) => ({ word: link.word, score: factor * BACK_LINK_SHARE * BACK_LINK_SHARE * meaningScore(Math.min(link.weight, strongest.weight)), tier }))
    : [];
  return [...forwards, ...backwards, ...through];
}

/** The query's words as typed, symbols by their names: lower-case, at most maxWords of at most maxWordLength letters. */
function typedWordsOf(q: string, sources: MeaningSources): string[] {
  return wordsOf(withSymbolsNamed(q.slice(0, MEANING_LIMITS.maxWords * (MEANING_LIMITS.maxWordLength + 1) * 2), sources.emojiNames))
    .filter((word) => word.length <= MEANING_LIMITS.maxWordLength)
    .slice(0, MEANING_LIMITS.maxWords);
}

/**
 * The query words read, of those typed: stop words dropped, but for a
 * sentence word that reads as a phrase with the word after it; of a query of
 * stop words alone, its sentence words, or else all of it.
 */
function queryWordsOf(typed: readonly string[], sources: MeaningSources): readonly string[] {
  // With the word after it, not a stop word itself, a phrase the vocabulary knows or a word names write as one: "make
  // up", "take off". After a stop word ("get a refund", "put on hold"), the sentence word is a filler.
  const inPhrase = (at: number) => {
    const next = typed[at + 1];
    if (next === undefined || STOP_WORDS.has(next)) return false;
    return phraseSlotOf(typed[at] as string, next, sources) !== undefined;
  };
  const meaningful = typed.filter((word, at) => !STOP_WORDS.has(word) || (SENTENCE_WORDS.has(word) && inPhrase(at)));
  if (meaningful.length > 0) return meaningful;
  const sentence = typed.filter((word) => SENTENCE_WORDS.has(word));
  return sentence.length > 0 ? sentence : typed;
}

/** The typed words without each noun that counts what follows its "of" (COUNTING_WORDS) where a word follows, nor that "of". */
function withoutCountingNouns(typed: readonly string[]): readonly string[] {
  const kept: string[] = [];
  for (let at = 0; at < typed.length; at++) {
    const word = typed[at] as string;
    if (COUNTING_WORDS.has(word) && typed[at + 1] === 'of' && typed.slice(at + 2).some((next) => !STOP_WORDS.has(next))) at++;
    else kept.push(word);
  }
  return kept;
}

/**
 * Whether the first typed word is a verb that asks for the thing typed after
 * it (see ALTERING_VERBS, SWITCHING_VERBS, GOING_VERBS, ENTERING_VERBS):
 * only when a word that is no stop word (nor, after a particle, another
 * particle) follows, so that a query typed partway ("change the", "turn on
 * now") keeps its verb; not when an altering or entering verb and that word
 * make a phrase the vocabulary knows ("change the case", "go home"), nor
 * when it knows the whole query ("turn off notifications").
 */
function asksForWhatFollows(typed: readonly string[], sources: MeaningSources): boolean {
  const [first, second] = typed;
  if (first === undefined || second === undefined) return false;
  const thingFrom = (at: number) => typed.slice(at).find((word) => !STOP_WORDS.has(word) && !PARTICLES.has(word));
  const altering = (ALTERING_VERBS.has(first) || (ENTERING_VERBS.has(first) && second !== 'to')) && !PARTICLES.has(second);
  const thing = altering
    ? thingFrom(1)
    : SWITCHING_VERBS.has(first) && (PARTICLES.has(second) || PARTICLES.has(typed.at(-1) as string))
      ? thingFrom(1)
      : GOING_VERBS.has(first) && second === 'to'
        ? thingFrom(2)
        : undefined;
  if (thing === undefined || wholePhraseSlotOf(typed, sources) !== undefined) return false;
  // Not after a particle or "to", which say what is asked: "turn camera" is a tag too, and so is "go home" of "go to home page".
  if (altering && phraseSlotOf(first, thing, sources) !== undefined) return false;
  // A place after "to", or after "go", is drawn as an arrow that goes there.
  return !((second === 'to' || ENTERING_VERBS.has(first)) && PLACES_IN_AN_ORDER.has(thing));
}

/**
 * What one query word may match, its correction if it is no known word, its
 * split if names write it as two, and the known word it is a form of, if any.
 */
function slotOf(
  word: string,
  last: boolean,
  sources: MeaningSources,
  otherWritings: boolean,
): { slot: Slot; correction: string | undefined; split: Slot[] | undefined; formOf: string | undefined } {
  const expansions: Expansion[] = [];
  const nameWord = isNameWord(word, sources);
  // A name word itself is split only when asked (searches within a pack): of the whole catalog, the names holding it are found.
  const split = otherWritings || !nameWord ? splitOf(word, sources) : undefined;
  // A form of a name word is no typo ("deleting" of "meeting", "likes" of "lines", "printing" of "pointing"). Of a name
  // word: "loging" is no form of the theatre's "loge", which the vocabulary knows, but `login` mistyped.
  const isName = (base: string) => isNameWord(base, sources);
  const verb = verbBaseOf(word, isName);
  const singular = singularOf(word, isName);
  const adjective = adjectiveOfAdverb(word, isName);
  const base = verb ?? (singular === word ? adjective : singular);
  // Not of a word that is itself a likely typo: "calenders" is still read as "calendars".
  const formOf = base !== undefined && likelyMeant(base, sources.correctors) === undefined ? base : undefined;
  // A word names write as two (`userplus`) is no typo either: it is searched as written apart, not corrected (to `surplus`).
  const known = split !== undefined || formOf !== undefined || isKnown(word, sources);
  if (nameWord) expansions.push({ word, score: NAME_SCORE, tier: TIERS.name });
  if (otherWritings) for (const other of otherNumbersOf(word, isName)) expansions.push({ word: other, score: OTHER_NUMBER_SCORE, tier: TIERS.meaning });
  // An adverb says what its adjective does: "flip vertically" is `flip-vertical`.
  if (adjective !== undefined && adjective === formOf) expansions.push({ word: adjective, score: ADVERB_SCORE, tier: TIERS.name });
  expansions.push(...meaningsOf(word, sources, 1, TIERS.meaning));
  // A verb's form the vocabulary does not know ("deleting", "rotating") means what the verb means; one it knows ("lodging")
  // keeps its own meaning. A plural means what its singular means already (see Vocabulary.linksOf).
  if (verb !== undefined && verb === formOf && !sources.vocabulary?.has(word)) {
    expansions.push({ word: verb, score: meaningScore(1), tier: TIERS.meaning });
    expansions.push(...meaningsOf(verb, sources, 1, TIERS.meaning));
  }
  expansions.push({ word, score: OWN_TAG_SCORE, tier: TIERS.meaning, tag: 'own' });
  if (word.length >= 2) expansions.push({ word, score: CATEGORY_SCORE, tier: TIERS.partial, tag: 'category' });
  // The word being typed, or one known only as the start of others: its completions.
  const completions = new Set<string>();
  if (word.length >= 2 && (last || !known)) {
    for (const index of sources.indexes) for (const completion of index.wordsStartingWith(word, MEANING_LIMITS.maxCompletions)) completions.add(completion);
    for (const completion of completions)
      expansions.push({ word: completion, score: COMPLETION_BASE + COMPLETION_SPAN * (word.length / completion.length), tier: TIERS.partial });
  }
  let correction: string | undefined;
  // A word being typed that names start with is not misspelt (yet): `calend` is no typo of `talend`.
  if (!known && word.length >= 3 && !(last && completions.size > 0)) {
    const best = bestCorrections(word, sources);
    correction = best[0];
    for (const corrected of best) {
      expansions.push({ word: corrected, score: CORRECTION_SHARE, tier: TIERS.corrected });
      expansions.push(...meaningsOf(corrected, sources, CORRECTION_SHARE, TIERS.corrected));
    }
  }
  return { slot: { text: word, expansions }, correction, split, formOf };
}

/**
 * A word written as one that names write as two (`logout` for `log-out`,
 * `paperclip` for heroicons' `paper-clip`, `userplus`, `downtrend` for
 * `trend-down`): the first split of it into two name words that some name
 * holds side by side, in either order, as two slots matched only as names'
 * own words, side by side, each half an exact name's score, so that
 * `log-out` ranks as a name `logout` would.
 */
function splitOf(word: string, sources: MeaningSources): Slot[] | undefined {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return undefined;
  let tried = 0;
  for (let at = 2; at <= word.length - 2 && tried < MEANING_LIMITS.maxSplitsTried; at++) {
    const [first, second] = [word.slice(0, at), word.slice(at)];
    if (!isNameWord(first, sources) || !isNameWord(second, sources)) continue;
    tried++;
    if (!sources.indexes.some((index) => index.holdsPair(first, second, MEANING_LIMITS.splitGlyphsRead))) continue;
    const half = (part: string): Slot => ({ text: part, expansions: [{ word: part, score: NAME_SCORE / 2, tier: TIERS.name }] });
    return [{ ...half(first), sideBySide: [first, second] }, half(second)];
  }
  return undefined;
}

/** The phrasing word by word with each word of `splits` (by its place) replaced by its halves. */
export function withWordsSplit(plain: Phrasing, splits: ReadonlyMap<number, readonly Slot[]>): Slot[] {
  return plain.flatMap((slot, at) => splits.get(at) ?? [slot]);
}

/** What a phrase the vocabulary knows means, as a slot's expansions. */
function phraseExpansionsOf(links: readonly MeaningLink[]): Expansion[] {
  return links.map((link) => ({ word: link.nameWord, score: meaningScore(link.weight), tier: TIERS.meaning }));
}

/** Two adjacent words read as one ("hard copy", "dust bin"), when the vocabulary or a name knows them so. */
function phraseSlotOf(word: string, next: string, sources: MeaningSources): Slot | undefined {
  const glued = `${word}${next}`;
  const expansions = phraseExpansionsOf(sources.vocabulary?.phraseLinksOf(word, next) ?? []);
  if (isNameWord(glued, sources)) expansions.push({ word: glued, score: NAME_SCORE, tier: TIERS.name });
  return expansions.length > 0 ? { text: `${word} ${next}`, expansions } : undefined;
}

/** The whole of a sequence of three words or more read as one tag, if the vocabulary knows it. */
function wholePhraseSlotOf(sequence: readonly string[], sources: MeaningSources): Slot | undefined {
  if (sequence.length < 3) return undefined;
  const links = sources.vocabulary?.linksOf(sequence.join('-')) ?? [];
  return links.length === 0 ? undefined : { text: sequence.join(' '), expansions: phraseExpansionsOf(links) };
}

/**
 * A stop word the query holds where names hold it too (`sign in`, `log out`
 * is no stop word, `zoom in`): it is matched only as a name's own word, so
 * that `sign-in` ranks as an exact name while `in` finds nothing else; and
 * only beside `neighbour`, the word typed after it (before it, of the last),
 * as the query has it: "drag to reorder" had found `arrow-to-bottom` first,
 * its `to` beside a word met only through meanings ("scroll to top" finds
 * `arrow-to-top`).
 */
function stopSlotOf(word: string, neighbour: string | undefined, sources: MeaningSources): Slot | undefined {
  if (!isNameWord(word, sources)) return undefined;
  return { text: word, expansions: [{ word, score: NAME_SCORE, tier: TIERS.name }], ...(neighbour ? { sideBySide: [word, neighbour] as const } : {}) };
}

/** The phrasings of the query (word by word first), and the query with corrections, if any were made. */
function phrasingsOf(
  words: readonly string[],
  typed: readonly string[],
  sources: MeaningSources,
  otherWritings: boolean,
): { phrasings: Slot[][]; corrected: string[] | undefined; likely?: string[]; splits?: ReadonlyMap<number, readonly Slot[]> } {
  let corrected: string[] | undefined;
  let likely: string[] | undefined;
  const splitAt = new Map<number, Slot[]>();
  const plain = words.map((word, i) => {
    const { slot, correction, split, formOf } = slotOf(word, i === words.length - 1, sources, otherWritings);
    if (split !== undefined) splitAt.set(i, split);
    if (correction !== undefined) {
      corrected ??= [...words];
      corrected[i] = correction;
    }
    // A form of a known word is no likely typo: "printing" is not "pointing".
    const meant = correction === undefined && formOf === undefined && isKnown(word, sources) ? likelyMeant(word, sources.correctors) : undefined;
    if (meant !== undefined) {
      likely ??= [...words];
      likely[i] = meant;
    }
    return slot;
  });
  const phrasings = [plain];
  // Every word names write as two, split (`userplus userminus` as `user plus user minus`): second, so that it always has a
  // place, as such a word is not corrected.
  const splits = splitAt.size > 0 ? { splits: splitAt } : {};
  if (splitAt.size > 0) phrasings.push(withWordsSplit(plain, splitAt));
  // A query of three words or more the vocabulary knows whole ("pull to refresh", "high dynamic range"): adjacent pairs
  // (below) never read such a tag.
  const whole = wholePhraseSlotOf(typed, sources) ?? (typed.length > words.length ? wholePhraseSlotOf(words, sources) : undefined);
  if (whole !== undefined && phrasings.length < MEANING_LIMITS.maxPhrasings) phrasings.push([whole]);
  // With the stop words typed between them, in their places: `sign in` is also `sign-in`, and `signin` read as one.
  if (typed.length > words.length) {
    const slotOfTyped = new Map(words.map((word, i) => [word, plain[i] as Slot]));
    const withStops = typed.map((word, at) => slotOfTyped.get(word) ?? stopSlotOf(word, typed[at + 1] ?? typed[at - 1], sources));
    if (withStops.every((slot): slot is Slot => slot !== undefined) && phrasings.length < MEANING_LIMITS.maxPhrasings) phrasings.push(withStops);
    const hasStop = (word: string, next: string) => STOP_WORDS.has(word) || STOP_WORDS.has(next);
    // Stop words other than the phrase's are left out, as in the plain phrasing.
    addPhrasesOf(typed, hasStop, (word) => (STOP_WORDS.has(word) ? undefined : slotOfTyped.get(word)), sources, phrasings);
  }
  addPhrasesOf(
    words,
    () => true,
    (_, j) => plain[j],
    sources,
    phrasings,
  );
  if (likely === undefined) return { phrasings, corrected, ...splits };
  // Offered whole: the words likely meant, with the corrections of unknown ones.
  const offered = likely.map((word, i) => (corrected && corrected[i] !== words[i] ? (corrected[i] as string) : word));
  return { phrasings, corrected, likely: offered, ...splits };
}

/**
 * The query with one word left out: word by word, with the words names
 * write as two split, if any is left, and with the two words the left-out
 * one stood between read as one, if the vocabulary knows them as a phrase
 * ("undo last change" without "last" is also `undo change`). Not the pairs
 * side by side in the query: read as phrases in its own phrasings, they
 * found nothing with its other words, and alone such a phrase would answer
 * for the sentence ("take out" of "take out the trash", `takeout`).
 */
export function leftOut(parsed: ParsedMeaningQuery, left: number, sources: MeaningSources): ParsedMeaningQuery {
  const plain = (parsed.phrasings[0] ?? []).filter((_, at) => at !== left);
  const words = parsed.words.filter((_, at) => at !== left);
  const kept = [...(parsed.splits ?? [])].filter(([at]) => at !== left);
  const halves = new Map(kept.map(([at, slots]) => [at < left ? at : at - 1, slots]));
  const phrasings = halves.size > 0 ? [plain, withWordsSplit(plain, halves)] : [plain];
  addPhrasesOf(
    words,
    (_, __, at) => at === left - 1,
    (_, j) => plain[j],
    sources,
    phrasings,
  );
  return { words, phrasings, corrected: parsed.corrected };
}

/**
 * Adds to `phrasings`, while they are fewer than maxPhrasings, a phrasing of
 * `sequence` for each neighbouring pair that `pairs` admits and the vocabulary
 * knows as a phrase: the phrase's slot in the pair's place, each other word's
 * from `slotOf` (left out when undefined).
 */
function addPhrasesOf(
  sequence: readonly string[],
  pairs: (word: string, next: string, index: number) => boolean,
  slotOf: (word: string, index: number) => Slot | undefined,
  sources: MeaningSources,
  phrasings: Slot[][],
): void {
  for (let i = 0; i + 1 < sequence.length && phrasings.length < MEANING_LIMITS.maxPhrasings; i++) {
    const [word, next] = [sequence[i] as string, sequence[i + 1] as string];
    if (!pairs(word, next, i)) continue;
    const phrase = phraseSlotOf(word, next, sources);
    if (!phrase) continue;
    phrasings.push(
      sequence.flatMap((other, j) => {
        if (j === i) return [phrase];
        const slot = j === i + 1 ? undefined : slotOf(other, j);
        return slot === undefined ? [] : [slot];
      }),
    );
  }
}

function bestCorrections(word: string, sources: MeaningSources): string[] {
  const found = sources.correctors.flatMap((corrector) => corrector.corrections(word, MEANING_LIMITS.maxCorrections));
  found.sort((a, b) => a.distance - b.distance || b.frequency - a.frequency || (a.word < b.word ? -1 : 1));
  return [...new Set(found.map((correction) => correction.word))].slice(0, MEANING_LIMITS.maxCorrections);
}
