import type { GlyphIndex } from './glyph-index.js';
import { downloadsOf } from './pack-popularity.js';
import type { TypoCorrector } from './typo.js';
import type { Vocabulary } from './meanings.js';
import { wordsOf } from '../../search-index/vocabulary/words.js';

/** How much one search may ask and do, whatever its query. */
export const MEANING_LIMITS = {
  /** Query words read; the rest are ignored (no icon name has more). */
  maxWords: 6,
  /** Longest query word read. */
  maxWordLength: 32,
  /** Name words a partial word (the one being typed) is completed to. */
  maxCompletions: 24,
  /** Corrections tried for a word no name or vocabulary knows. */
  maxCorrections: 2,
  /** Glyph entries read from the index for one search: past them, what was found is ranked. */
  workUnits: 600_000,
  /** In the first `diverseTop` results, at most `perPackInTop` of one pack. */
  diverseTop: 24,
  perPackInTop: 3,
} as const;

/** What a match through an alias's old name counts of one through the glyph's own names. */
const ALIAS_SHARE = 0.9;

/** How a query word reached a glyph, best first: the tier decides before the score. */
export const TIERS = { name: 0, meaning: 1, partial: 2, corrected: 3 } as const;
type Tier = (typeof TIERS)[keyof typeof TIERS];

/** One way a query word (or two read as one) is matched: the name word it reaches, how well, and in which tier. */
interface Expansion {
  word: string;
  score: number;
  tier: Tier;
  /** Matched through category titles or an own pack's tags rather than names. */
  tag?: 'category' | 'own';
}

/** A query slot: one query word, or two read as one phrase ("hard copy"). */
interface Slot {
  text: string;
  expansions: Expansion[];
}

export interface MeaningQuery {
  q: string;
  limit: number;
  offset: number;
  /** Whether a pack of the index numbered `index` is searched (all when not given). */
  packs?: (pack: string, index: number) => boolean;
  /** Packs ranked before all others (a caller's own private packs). */
  first?: ReadonlySet<string>;
  /** Index entries this search may read, when fewer than MEANING_LIMITS.workUnits (a search that is part of another's work). */
  workUnits?: number;
}

export interface MeaningHit {
  pack: string;
  name: string;
  variants: string[];
  /** The tier it was found in (see TIERS), and its score within it. */
  tier: number;
  score: number;
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
}

/** What a search reads: the glyphs of each database, the vocabulary, and the words typos are corrected to. */
export interface MeaningSources {
  indexes: readonly GlyphIndex[];
  vocabulary: Vocabulary | undefined;
  correctors: readonly TypoCorrector[];
}

const STOP_WORDS = new Set(['a', 'an', 'the', 'of', 'for', 'with', 'and', 'to', 'in', 'on', 'icon', 'icons']);

/** Score of a word matched through the vocabulary: a strong link (sources agreeing) near a name's own, a weak one far below. */
function meaningScore(weight: number): number {
  return 0.45 + 0.4 * Math.min(1, weight);
}

function isKnown(word: string, sources: MeaningSources): boolean {
  return sources.indexes.some((index) => index.hasWord(word) || index.hasTag(word)) || (sources.vocabulary?.has(word) ?? false);
}

/** Score of a word an own pack tagged an icon with: as good as the closest meaning, below its name's own. */
const OWN_TAG_SCORE = meaningScore(1);

/** A link this strong is one the word's meaning can be followed through to the words linked back to its name word. */
const STRONG_LINK_WEIGHT = 1;

/** What a link read backwards counts of the same link read forwards. */
const BACK_LINK_SHARE = 0.8;

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

/** The query's words as typed: lower-case, at most maxWords of at most maxWordLength letters. */
function typedWordsOf(q: string): string[] {
  return wordsOf(q.slice(0, MEANING_LIMITS.maxWords * (MEANING_LIMITS.maxWordLength + 1) * 2))
    .filter((word) => word.length <= MEANING_LIMITS.maxWordLength)
    .slice(0, MEANING_LIMITS.maxWords);
}

/** The query words read, of those typed: stop words dropped unless nothing else is left. */
function queryWordsOf(typed: readonly string[]): readonly string[] {
  const meaningful = typed.filter((word) => !STOP_WORDS.has(word));
  return meaningful.length > 0 ? meaningful : typed;
}

/** What one query word may match, and its correction if it is no known word. */
function slotOf(word: string, last: boolean, sources: MeaningSources): { slot: Slot; correction: string | undefined } {
  const expansions: Expansion[] = [];
  const known = isKnown(word, sources);
  if (sources.indexes.some((index) => index.hasWord(word))) expansions.push({ word, score: 1, tier: TIERS.name });
  expansions.push(...meaningsOf(word, sources, 1, TIERS.meaning));
  expansions.push({ word, score: OWN_TAG_SCORE, tier: TIERS.meaning, tag: 'own' });
  if (word.length >= 2) expansions.push({ word, score: 0.4, tier: TIERS.partial, tag: 'category' });
  // The word being typed, or one known only as the start of others: its completions.
  const completions = new Set<string>();
  if (word.length >= 2 && (last || !known)) {
    for (const index of sources.indexes) for (const completion of index.wordsStartingWith(word, MEANING_LIMITS.maxCompletions)) completions.add(completion);
    for (const completion of completions) expansions.push({ word: completion, score: 0.3 + 0.4 * (word.length / completion.length), tier: TIERS.partial });
  }
  let correction: string | undefined;
  // A word being typed that names start with is not misspelt (yet): `calend` is no typo of `talend`.
  if (!known && word.length >= 3 && !(last && completions.size > 0)) {
    const best = bestCorrections(word, sources);
    correction = best[0];
    for (const corrected of best) {
      expansions.push({ word: corrected, score: 0.7, tier: TIERS.corrected });
      expansions.push(...meaningsOf(corrected, sources, 0.7, TIERS.corrected));
    }
  }
  return { slot: { text: word, expansions }, correction };
}

/** Two adjacent words read as one ("hard copy", "dust bin"), when the vocabulary or a name knows them so. */
function phraseSlotOf(word: string, next: string, sources: MeaningSources): Slot | undefined {
  const glued = `${word}${next}`;
  const expansions: Expansion[] = (sources.vocabulary?.phraseLinksOf(word, next) ?? []).map((link) => ({
    word: link.nameWord,
    score: meaningScore(link.weight),
    tier: TIERS.meaning,
  }));
  if (sources.indexes.some((index) => index.hasWord(glued))) expansions.push({ word: glued, score: 1, tier: TIERS.name });
  return expansions.length > 0 ? { text: `${word} ${next}`, expansions } : undefined;
}

/** Most readings of one query: word by word, and with one pair of adjacent words read as one. */
const MAX_READINGS = 3;

/**
 * A stop word the query holds where names hold it too (`sign in`, `log out`
 * is no stop word, `zoom in`): it is matched only as a name's own word, so
 * that `sign-in` ranks as an exact name while `in` finds nothing else.
 */
function stopSlotOf(word: string, sources: MeaningSources): Slot | undefined {
  return sources.indexes.some((index) => index.hasWord(word)) ? { text: word, expansions: [{ word, score: 1, tier: TIERS.name }] } : undefined;
}

/** The ways the query is read (word by word first), and the query with corrections, if any were made. */
function readingsOf(words: readonly string[], typed: readonly string[], sources: MeaningSources): { readings: Slot[][]; corrected: string[] | undefined } {
  let corrected: string[] | undefined;
  const plain = words.map((word, i) => {
    const { slot, correction } = slotOf(word, i === words.length - 1, sources);
    if (correction !== undefined) {
      corrected ??= [...words];
      corrected[i] = correction;
    }
    return slot;
  });
  const readings = [plain];
  // With the stop words typed between them, in their places: `sign in` is also `sign-in`, and `signin` read as one.
  if (typed.length > words.length) {
    const slotOfTyped = new Map(words.map((word, i) => [word, plain[i] as Slot]));
    const withStops = typed.map((word) => slotOfTyped.get(word) ?? stopSlotOf(word, sources));
    if (withStops.every((slot): slot is Slot => slot !== undefined)) readings.push(withStops);
    const hasStop = (word: string, next: string) => STOP_WORDS.has(word) || STOP_WORDS.has(next);
    // Stop words other than the phrase's are left out, as in the plain reading.
    phraseReadings(typed, hasStop, (word) => (STOP_WORDS.has(word) ? undefined : slotOfTyped.get(word)), sources, readings);
  }
  phraseReadings(
    words,
    () => true,
    (_, j) => plain[j],
    sources,
    readings,
  );
  return { readings, corrected };
}

/**
 * Adds to `readings`, while they are fewer than MAX_READINGS, a reading of
 * `sequence` for each neighbouring pair that `pairs` admits and the vocabulary
 * knows as a phrase: the phrase's slot in the pair's place, each other word's
 * from `slotOf` (left out when undefined).
 */
function phraseReadings(
  sequence: readonly string[],
  pairs: (word: string, next: string) => boolean,
  slotOf: (word: string, index: number) => Slot | undefined,
  sources: MeaningSources,
  readings: Slot[][],
): void {
  for (let i = 0; i + 1 < sequence.length && readings.length < MAX_READINGS; i++) {
    const [word, next] = [sequence[i] as string, sequence[i + 1] as string];
    if (!pairs(word, next)) continue;
    const phrase = phraseSlotOf(word, next, sources);
    if (!phrase) continue;
    readings.push(
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

/** A glyph found: where, how well, in which tier, and its coarse rank (see coarseRank). */
interface Found {
  index: number;
  glyph: number;
  score: number;
  tier: number;
  rank: number;
  packRank: number;
}

/**
 * Every glyph one search found, as parallel typed arrays that every search
 * reuses: a common word reaches 100,000 glyphs, and lists that large, made
 * anew by each search, were garbage that the search thread's collector then
 * had to find.
 */
class FoundList {
  size = 0;
  indexes = new Uint16Array(0);
  glyphs = new Int32Array(0);
  tiers = new Uint8Array(0);
  scores = new Float64Array(0);
  ranks = new Float64Array(0);

  /** Empties the list. */
  reset(): void {
    this.size = 0;
  }

  push(index: number, glyph: number, tier: number, score: number, rank: number): void {
    // Grown as searches find more: most find a few thousand glyphs, few the 100,000 of a common word.
    if (this.size === this.glyphs.length) this.grow(Math.max(4096, 2 * this.size));
    const at = this.size++;
    this.indexes[at] = index;
    this.glyphs[at] = glyph;
    this.tiers[at] = tier;
    this.scores[at] = score;
    this.ranks[at] = rank;
  }

  private grow(capacity: number): void {
    this.indexes = copiedInto(this.indexes, new Uint16Array(capacity));
    this.glyphs = copiedInto(this.glyphs, new Int32Array(capacity));
    this.tiers = copiedInto(this.tiers, new Uint8Array(capacity));
    this.scores = copiedInto(this.scores, new Float64Array(capacity));
    this.ranks = copiedInto(this.ranks, new Float64Array(capacity));
  }
}

/** `larger`, with `array`'s numbers at its start. */
function copiedInto<T extends { set(array: ArrayLike<number>): void }>(array: ArrayLike<number>, larger: T): T {
  larger.set(array);
  return larger;
}

/** Searches run one at a time, each to its end: one list serves them all. */
const foundList = new FoundList();

/** Scores this close are one band: within a tier and a band, packs people use more come first. */
const SCORE_BAND = 0.1;
const bandOf = (score: number) => Math.round(score / SCORE_BAND);

/**
 * Searches glyphs by what the query means: each query word matches the
 * names holding it, the name words the vocabulary says it means, the name
 * words it starts (the word being typed), and, when no name or vocabulary
 * knows it, the nearest known words. A glyph must match every word; its
 * tier is its worst word's, its score their mean, lowered for each word of
 * its name the query did not ask for. The work is bounded by the entries
 * read, whatever the query.
 */
export function searchByMeaning(query: MeaningQuery, sources: MeaningSources): MeaningAnswer {
  const typed = typedWordsOf(query.q);
  const words = queryWordsOf(typed);
  const answer: MeaningAnswer = { query: words.join(' '), total: 0, hits: [], work: 0 };
  if (words.length === 0) return answer;
  const { readings, corrected } = readingsOf(words, typed, sources);
  const budget = { work: 0, limit: Math.min(query.workUnits ?? MEANING_LIMITS.workUnits, MEANING_LIMITS.workUnits) };
  const found = foundList;
  found.reset();
  sources.indexes.forEach((index, indexNumber) => {
    const packAllowed = index.packs.map((pack) => query.packs?.(pack, indexNumber) ?? true);
    const popularity = index.packs.map((pack) => downloadsOf(pack) ?? 0);
    const first = index.packs.map((pack) => (query.first?.has(pack) ? 0 : 1));
    // The glyphs of further readings are merged in by glyph, each keeping its best.
    const scratch = scratchOf(index);
    const { hitStamp, hitTier, hitScore, hitList } = scratch;
    const pass = scratch.nextPass();
    let hits = 0;
    for (const slots of readings) {
      const matches = matchesOf(index, slots, packAllowed, budget);
      for (let at = 0; at < matches.size; at++) {
        const glyph = matches.glyphs[at] as number;
        const matched = matches.tiers[at] as Tier;
        const extraWords = Math.max(0, (index.wordCounts[glyph] as number) - slots.length);
        const tier = matched === TIERS.name && extraWords === 0 ? TIERS.name : Math.max(TIERS.meaning, matched);
        // A reading with the typed stop words scores them on top: `sign-in` above `at-sign` for "sign in".
        const score = (matches.scores[at] as number) / Math.min(slots.length, words.length) / (1 + 0.25 * extraWords);
        if (hitStamp[glyph] !== pass) {
          hitStamp[glyph] = pass;
          hitList[hits++] = glyph;
        } else if (!(tier < (hitTier[glyph] as number) || (tier === hitTier[glyph] && score > (hitScore[glyph] as number)))) continue;
        hitTier[glyph] = tier;
        hitScore[glyph] = score;
      }
    }
    for (let at = 0; at < hits; at++) {
      const glyph = hitList[at] as number;
      const pack = index.packOf[glyph] as number;
      const tier = hitTier[glyph] as number;
      const score = hitScore[glyph] as number;
      found.push(indexNumber, glyph, tier, score, coarseRank(first[pack] as number, tier, score, popularity[pack] as number));
    }
  });
  const work = budget.work;
  answer.work = work;
  if (corrected) answer.didYouMean = corrected.join(' ');
  const nameOf = (hit: Found) => (sources.indexes[hit.index] as GlyphIndex).namesOf(hit.glyph);
  answer.total = found.size;
  const ranked = best(found, query.offset + query.limit + RANK_MARGIN);
  ranked.sort((a, b) => a.rank - b.rank || b.score - a.score || nameOf(a).length - nameOf(b).length || (nameOf(a) < nameOf(b) ? -1 : 1));
  const ordered = diversified(
    ranked,
    (hit) => (sources.indexes[hit.index] as GlyphIndex).packOf[hit.glyph] as number,
    (hit) => hit.index,
  );
  answer.hits = ordered.slice(query.offset, query.offset + query.limit).map((hit) => {
    const index = sources.indexes[hit.index] as GlyphIndex;
    return { pack: index.packIdOf(hit.glyph), ...index.nameOf(hit.glyph), tier: hit.tier, score: hit.score };
  });
  return answer;
}

/** Glyphs matched by one reading of a query in one index, as parallel arrays (views of the index's scratch arrays): glyph numbers, summed scores, worst tiers. */
interface Matches {
  glyphs: Int32Array;
  scores: Float32Array;
  tiers: Uint8Array;
  size: number;
}

/**
 * Per index, arrays as long as its glyphs, reused by every search: the best
 * match of the slot being read and the sum of those before it, each marked
 * with the number of the pass that wrote it, so that nothing is cleared
 * between passes and no map is built (a common word reaches 100,000 glyphs).
 */
class Scratch {
  private pass = 0;
  readonly slotStamp: Uint32Array;
  readonly slotScore: Float32Array;
  readonly slotTier: Uint8Array;
  readonly sumStamp: Uint32Array;
  readonly sumScore: Float32Array;
  readonly sumTier: Uint8Array;
  readonly members: Int32Array;
  readonly previous: Int32Array;
  /** The summed scores and worst tiers of `members`, as matchesOf answers them. */
  readonly memberScores: Float32Array;
  readonly memberTiers: Uint8Array;
  /** The best tier and score of each glyph over a query's readings, and the glyphs found, in order. */
  readonly hitStamp: Uint32Array;
  readonly hitTier: Uint8Array;
  readonly hitScore: Float64Array;
  readonly hitList: Int32Array;

  constructor(size: number) {
    this.slotStamp = new Uint32Array(size);
    this.slotScore = new Float32Array(size);
    this.slotTier = new Uint8Array(size);
    this.sumStamp = new Uint32Array(size);
    this.sumScore = new Float32Array(size);
    this.sumTier = new Uint8Array(size);
    this.members = new Int32Array(size);
    this.previous = new Int32Array(size);
    this.memberScores = new Float32Array(size);
    this.memberTiers = new Uint8Array(size);
    this.hitStamp = new Uint32Array(size);
    this.hitTier = new Uint8Array(size);
    this.hitScore = new Float64Array(size);
    this.hitList = new Int32Array(size);
  }

  /** A new pass number; on wrapping around, every mark is cleared. */
  nextPass(): number {
    if (++this.pass === 0xffffffff) {
      this.slotStamp.fill(0);
      this.sumStamp.fill(0);
      this.hitStamp.fill(0);
      this.pass = 1;
    }
    return this.pass;
  }
}

const scratches = new WeakMap<GlyphIndex, Scratch>();

function scratchOf(index: GlyphIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) scratches.set(index, (scratch = new Scratch(index.size)));
  return scratch;
}

/**
 * The glyphs of one index matching every slot, with the sum of their slots'
 * best scores and their worst tier. A slot's words are read from the names
 * (and, a little lower, from aliases' old names) or from category titles;
 * the entries read count against the budget, and once it is spent the
 * glyphs found so far are kept.
 */
function matchesOf(index: GlyphIndex, slots: readonly Slot[], packAllowed: readonly boolean[], budget: { work: number; limit: number }): Matches {
  const scratch = scratchOf(index);
  const { slotStamp, slotScore, slotTier, sumStamp, sumScore, sumTier, members, previous } = scratch;
  const packOf = index.packOf;
  let memberCount = 0;
  let sumPass = 0;
  slots.forEach((slot, slotNumber) => {
    const pass = scratch.nextPass();
    const first = slotNumber === 0;
    let found = 0;
    const take = (glyphs: Int32Array | undefined, score: number, tier: Tier) => {
      if (!glyphs) return;
      if (budget.work + glyphs.length > budget.limit) {
        budget.work = budget.limit;
        return;
      }
      budget.work += glyphs.length;
      for (let at = 0; at < glyphs.length; at++) {
        const glyph = glyphs[at] as number;
        if (!packAllowed[packOf[glyph] as number] || (!first && sumStamp[glyph] !== sumPass)) continue;
        if (slotStamp[glyph] !== pass) {
          slotStamp[glyph] = pass;
          slotScore[glyph] = score;
          slotTier[glyph] = tier;
          previous[found++] = glyph;
        } else if (tier < (slotTier[glyph] as number) || (tier === slotTier[glyph] && score > (slotScore[glyph] as number))) {
          slotScore[glyph] = score;
          slotTier[glyph] = tier;
        }
      }
    };
    for (const expansion of slot.expansions) {
      if (expansion.tag === 'category') take(index.glyphsTagged(expansion.word), expansion.score, expansion.tier);
      else if (expansion.tag === 'own') take(index.glyphsOwnTagged(expansion.word), expansion.score, expansion.tier);
      else {
        take(index.glyphsWith(expansion.word), expansion.score, expansion.tier);
        take(index.glyphsAliased(expansion.word), ALIAS_SHARE * expansion.score, Math.max(TIERS.meaning, expansion.tier) as Tier);
      }
    }
    // The glyphs of this slot (all of which matched the slots before) carry the sum on.
    for (let at = 0; at < found; at++) {
      const glyph = previous[at] as number;
      sumScore[glyph] = (first ? 0 : (sumScore[glyph] as number)) + (slotScore[glyph] as number);
      sumTier[glyph] = first ? (slotTier[glyph] as number) : Math.max(sumTier[glyph] as number, slotTier[glyph] as number);
      sumStamp[glyph] = pass;
      members[at] = glyph;
    }
    memberCount = found;
    sumPass = pass;
  });
  const { memberScores, memberTiers } = scratch;
  for (let at = 0; at < memberCount; at++) {
    memberScores[at] = sumScore[members[at] as number] as number;
    memberTiers[at] = sumTier[members[at] as number] as number;
  }
  // Views of the scratch arrays, read before the next call writes them again.
  return {
    glyphs: members.subarray(0, memberCount),
    scores: memberScores.subarray(0, memberCount),
    tiers: memberTiers.subarray(0, memberCount),
    size: memberCount,
  };
}

/** Hits ranked in full beyond the page asked for: room for the first results' variety of packs to draw from. */
const RANK_MARGIN = 2000;

/**
 * The first keys of the ranking as one number, smaller first: the caller's
 * own packs (packRank 0), the tier, the score's band (bands past 31 are one),
 * then packs people use more (popularity: monthly downloads, below 10^8).
 */
function coarseRank(packRank: number, tier: number, score: number, popularity: number): number {
  const band = Math.min(31, Math.max(0, bandOf(score)));
  return ((packRank * 4 + tier) * 32 + (31 - band)) * 1e8 + (1e8 - 1 - Math.min(popularity, 1e8 - 1));
}

/**
 * The hits that can rank among the first `count`, in no order: all of them
 * when there are few; else those whose coarse rank is at most the
 * `count`-th smallest (ties kept), so that a word found in 100,000 glyphs
 * makes and sorts a few thousand hits in full, not all.
 */
function best(found: FoundList, count: number): Found[] {
  const size = found.size;
  const threshold = size <= count * 2 ? Number.POSITIVE_INFINITY : smallest(found.ranks, size, count - 1);
  const hits: Found[] = [];
  for (let at = 0; at < size; at++) {
    const rank = found.ranks[at] as number;
    if (rank > threshold) continue;
    hits.push({
      index: found.indexes[at] as number,
      glyph: found.glyphs[at] as number,
      tier: found.tiers[at] as number,
      score: found.scores[at] as number,
      rank,
      // The caller's own packs rank below 4 * 32 * 1e8.
      packRank: rank < 4 * 32 * 1e8 ? 0 : 1,
    });
  }
  return hits;
}

/** Copies of the ranks, for `smallest` to reorder: grown as needed, kept between searches. */
let rankScratch = new Float64Array(0);

/** The `k`-th smallest (from 0) of the first `size` values, by selection in a copy: linear in `size`, where sorting is not. */
function smallest(values: Float64Array, size: number, k: number): number {
  if (rankScratch.length < size) rankScratch = new Float64Array(size);
  const copy = rankScratch;
  copy.set(values.subarray(0, size));
  let low = 0;
  let high = size - 1;
  while (low < high) {
    const pivot = copy[(low + high) >>> 1] as number;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((copy[i] as number) < pivot) i++;
      while ((copy[j] as number) > pivot) j--;
      if (i <= j) {
        const swap = copy[i] as number;
        copy[i] = copy[j] as number;
        copy[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return copy[k] as number;
  }
  return copy[k] as number;
}

/**
 * The ranked hits with no more than perPackInTop of one pack among the
 * first diverseTop: a pack's further hits wait until after them, in order.
 */
function diversified(ranked: readonly Found[], packOf: (hit: Found) => number, indexOf: (hit: Found) => number): Found[] {
  const top: Found[] = [];
  const waiting: Found[] = [];
  const counts = new Map<string, number>();
  let at = 0;
  for (; at < ranked.length && top.length < MEANING_LIMITS.diverseTop; at++) {
    const hit = ranked[at] as Found;
    const key = `${indexOf(hit)} ${packOf(hit)}`;
    const count = counts.get(key) ?? 0;
    if (count >= MEANING_LIMITS.perPackInTop && hit.packRank > 0) waiting.push(hit);
    else {
      counts.set(key, count + 1);
      top.push(hit);
    }
  }
  return [...top, ...waiting, ...ranked.slice(at)];
}
