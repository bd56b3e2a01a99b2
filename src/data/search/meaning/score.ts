import type { MeaningSources } from './catalog-glyphs.js';
import type { GlyphIndex } from './glyph-index.js';
import { workBoundOf } from './limits.js';
import { downloadsOf } from './pack-popularity.js';
import { type ParsedMeaningQuery, type Phrasing, type Tier, TIERS } from './parse.js';
import { coarseRank } from './rank.js';
import { ALIAS_SHARE, EXTRA_WORD_PENALTY, FURTHER_MEANING_NEAR, FURTHER_MEANING_SHARE, NAME_SCORE, THEME_SHARE } from './weights.js';
import { STYLE_WORDS } from '../../search-index/vocabulary/style-words.js';
import type { IconStyle } from '../../search-index/icon-style.js';

/*
 * The second step of a search by meaning: the glyphs each phrasing of the
 * query matches in each index, with their tier and score, gathered in a
 * FoundList for rank.ts. The work is bounded by the index entries read.
 */

/** Whether a hit of `tier` and `score` is better than one of `thanTier` and `thanScore`: a lower tier, then a higher score. */
export function isBetterHit(tier: number, score: number, thanTier: number, thanScore: number): boolean {
  return tier < thanTier || (tier === thanTier && score > thanScore);
}

/** Which packs a search reads, and which it ranks first. */
export interface ScoredPacks {
  /** Whether a pack of the index numbered `index` is searched (all when not given). */
  packs?: (pack: string, index: number) => boolean;
  /** Packs ranked before all others (a caller's own private packs). */
  first?: ReadonlySet<string>;
  /** Packs ranked after the others' glyphs found as well: logos, whose names are brands (simple-icons' `plane` is a company's, not a plane). */
  last?: ReadonlySet<string>;
  /** Index entries this search may read, when fewer than MEANING_LIMITS.workUnits. */
  workUnits?: number;
  /** How one of the icons of every glyph found must be drawn (the `style` filter), as its pack's lists say (see GlyphIndex.drawnIn). */
  drawn?: IconStyle;
}

/**
 * Every glyph one search found, as parallel typed arrays that every search
 * of a Scorer reuses: a common word reaches a large share of the catalog's
 * glyphs, and lists that large, made anew by each search, were garbage that
 * the search thread's collector then had to find.
 */
export class FoundList {
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
    // Grown as searches find more: most find few glyphs, a common word very many.
    if (this.size === this.glyphs.length) this.grow(Math.max(4096, 2 * this.size));
    const at = this.size++;
    this.indexes[at] = index;
    this.glyphs[at] = glyph;
    this.tiers[at] = tier;
    this.scores[at] = score;
    this.ranks[at] = rank;
  }

  /** Where each hit of `keys` (see foundKey) is in the list, in one pass over it; a key not listed is not in the map. */
  positionsOf(keys: ReadonlySet<number>): Map<number, number> {
    const positions = new Map<number, number>();
    for (let at = 0; at < this.size && positions.size < keys.size; at++) {
      const key = foundKey(this.indexes[at] as number, this.glyphs[at] as number);
      if (keys.has(key)) positions.set(key, at);
    }
    return positions;
  }

  /** Makes the hit at `at` this one when this one is better (see isBetterHit); returns whether it was. */
  improve(at: number, tier: number, score: number, rank: number): boolean {
    if (!isBetterHit(tier, score, this.tiers[at] as number, this.scores[at] as number)) return false;
    this.tiers[at] = tier;
    this.scores[at] = score;
    this.ranks[at] = rank;
    return true;
  }

  /** Makes this list a copy of `other`'s hits. */
  copyOf(other: FoundList): void {
    if (this.glyphs.length < other.size) this.grow(other.size);
    this.indexes.set(other.indexes.subarray(0, other.size));
    this.glyphs.set(other.glyphs.subarray(0, other.size));
    this.tiers.set(other.tiers.subarray(0, other.size));
    this.scores.set(other.scores.subarray(0, other.size));
    this.ranks.set(other.ranks.subarray(0, other.size));
    this.size = other.size;
  }

  private grow(capacity: number): void {
    this.indexes = copiedInto(this.indexes, new Uint16Array(capacity));
    this.glyphs = copiedInto(this.glyphs, new Int32Array(capacity));
    this.tiers = copiedInto(this.tiers, new Uint8Array(capacity));
    this.scores = copiedInto(this.scores, new Float64Array(capacity));
    this.ranks = copiedInto(this.ranks, new Float64Array(capacity));
  }
}

/** One number per glyph of an index, for sets and maps of hits: an index's number is below 2^16, a glyph's below 2^31. */
export function foundKey(index: number, glyph: number): number {
  return index * 2 ** 31 + glyph;
}

/** `larger`, with `array`'s numbers at its start. */
function copiedInto<T extends { set(array: ArrayLike<number>): void }>(array: ArrayLike<number>, larger: T): T {
  larger.set(array);
  return larger;
}

/** Glyphs matched by one phrasing of a query in one index, as parallel arrays (views of the index's scratch arrays): glyph numbers, summed scores, worst tiers. */
interface MatchedGlyphs {
  glyphs: Int32Array;
  scores: Float32Array;
  tiers: Uint8Array;
  /** Per glyph, the words of its name that its slots' further meanings reached (see IndexScratch.slotNamed). */
  covered: Uint8Array;
  size: number;
}

/**
 * Per index, arrays as long as its glyphs, reused by every search of a
 * Scorer: the best match of the slot being read and the sum of those before
 * it, each marked with the number of the pass that wrote it, so that nothing
 * is cleared between passes and no map is built (a common word reaches a
 * large share of the glyphs). A search is bound by reading these at random
 * glyphs, so each glyph found touches as few of them as its query needs.
 */
class IndexScratch {
  private pass = 0;
  readonly slotStamp: Uint32Array;
  readonly slotScore: Float32Array;
  readonly slotTier: Uint8Array;
  /**
   * How many of the slot's meanings were found among the glyph's names:
   * each beyond the first is a word of its name the query asked for too
   * (`cloud-lightning` holds two of the meanings of "thunderstorm", and
   * neither is an extra word).
   */
  readonly slotNamed: Uint8Array;
  /** The best and second-best of the slot's meanings found in the glyph's names, read once slotNamed is 2 or more. */
  readonly slotBestNamed: Float32Array;
  readonly slotSecondNamed: Float32Array;
  readonly sumCovered: Uint8Array;
  readonly memberCovered: Uint8Array;
  readonly sumStamp: Uint32Array;
  readonly sumScore: Float32Array;
  readonly sumTier: Uint8Array;
  /** The glyphs of the slot being read, in the order found. */
  readonly previous: Int32Array;
  /** The summed scores and worst tiers of the last slot's glyphs, as matchedGlyphsOf answers them. */
  readonly memberScores: Float32Array;
  readonly memberTiers: Uint8Array;
  /** The best tier and score of each glyph over a query's phrasings, and the glyphs found, in order. */
  readonly hitStamp: Uint32Array;
  readonly hitTier: Uint8Array;
  readonly hitScore: Float64Array;
  readonly hitList: Int32Array;

  constructor(size: number) {
    this.slotStamp = new Uint32Array(size);
    this.slotScore = new Float32Array(size);
    this.slotTier = new Uint8Array(size);
    this.slotNamed = new Uint8Array(size);
    this.slotBestNamed = new Float32Array(size);
    this.slotSecondNamed = new Float32Array(size);
    this.sumCovered = new Uint8Array(size);
    this.memberCovered = new Uint8Array(size);
    this.sumStamp = new Uint32Array(size);
    this.sumScore = new Float32Array(size);
    this.sumTier = new Uint8Array(size);
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

/** Index entries read so far by one search, how many it may read, and whether it left any unread for want of them. */
interface Budget {
  work: number;
  limit: number;
  exhausted: boolean;
}

/** What one search found, the index entries it read, and whether it left any unread for want of budget (else a larger one finds the same). */
export interface Scored {
  found: FoundList;
  work: number;
  exhausted: boolean;
}

/**
 * Finds and scores the glyphs a query matches. Searches run one at a time,
 * each to its end, so one Scorer's arrays (the found list, and each index's
 * scratch) serve all the searches of a thread: each search overwrites what
 * the one before it left.
 */
export class Scorer {
  private readonly found = new FoundList();
  private readonly scratches = new WeakMap<GlyphIndex, IndexScratch>();

  /**
   * Each glyph matching every slot of some phrasing of the query: its tier
   * is its worst slot's, its score their mean, lowered for each word of its
   * name the query did not ask for; of several phrasings, the best. The list
   * is this Scorer's, valid until its next search.
   */
  score(parsed: ParsedMeaningQuery, scope: ScoredPacks, sources: MeaningSources): Scored {
    const { words, phrasings } = parsed;
    const budget: Budget = { work: 0, limit: workBoundOf(scope.workUnits), exhausted: false };
    const found = this.found;
    found.reset();
    // What each phrasing asks of a name, the same in every index. A style word ("heart outline") is met by a variant's
    // style, which no glyph counts among its words (see nameWordsOf): it asks for none of them, so `heart-cog`, drawn in
    // outline too, adds `cog` unasked; a query of style words alone ("outline") asks for names holding them, as any
    // other word does, before the glyphs only their variants hold them of (see matchedGlyphsOf). A word split in two
    // (`log-out` for "logout") matches names that hold its halves side by side, a typed stop word names that hold it
    // beside its neighbour (see stopSlotOf).
    const asks = phrasings.map((slots) => ({
      slots,
      asking: askedWordsOf(slots),
      pairs: slots.flatMap((slot) => (slot.sideBySide === undefined ? [] : [slot.sideBySide])),
    }));
    sources.indexes.forEach((index, indexNumber) => {
      const packAllowed = index.packs.map((pack) => scope.packs?.(pack, indexNumber) ?? true);
      const everyPack = packAllowed.every((allowed) => allowed);
      const popularity = index.packs.map((pack) => (scope.last?.has(pack) ? 0 : (downloadsOf(pack) ?? 0)));
      const first = index.packs.map((pack) => (scope.first?.has(pack) ? 0 : 1));
      // The glyphs of further phrasings are merged in by glyph, each keeping its best; one phrasing's go to the list as they are.
      const single = phrasings.length === 1;
      const scratch = this.scratchOf(index);
      const { hitStamp, hitTier, hitScore, hitList } = scratch;
      const pass = scratch.nextPass();
      let hits = 0;
      for (const { slots, asking, pairs } of asks) {
        const matches = this.matchedGlyphsOf(index, slots, asking, everyPack ? undefined : packAllowed, budget);
        for (let at = 0; at < matches.size; at++) {
          const glyph = matches.glyphs[at] as number;
          if (scope.drawn !== undefined && !index.drawnIn(glyph, scope.drawn)) continue;
          if (pairs.some(([first, second]) => !index.holdsPairIn(glyph, first, second))) continue;
          const matched = matches.tiers[at] as Tier;
          const extraWords = Math.max(0, (index.wordCounts[glyph] as number) - asking);
          const tier = matched === TIERS.name && extraWords === 0 ? TIERS.name : Math.max(TIERS.meaning, matched);
          const unasked = Math.max(0, extraWords - (matches.covered[at] as number));
          // A phrasing with the typed stop words scores them on top: `sign-in` above `at-sign` for "sign in".
          const score = (matches.scores[at] as number) / Math.min(slots.length, words.length) / (1 + EXTRA_WORD_PENALTY * unasked);
          if (single) {
            const pack = index.packOf[glyph] as number;
            found.push(indexNumber, glyph, tier, score, coarseRank(first[pack] as number, tier, score, popularity[pack] as number));
            continue;
          }
          if (hitStamp[glyph] !== pass) {
            hitStamp[glyph] = pass;
            hitList[hits++] = glyph;
          } else if (!isBetterHit(tier, score, hitTier[glyph] as number, hitScore[glyph] as number)) continue;
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
    return { found, work: budget.work, exhausted: budget.exhausted };
  }

  private scratchOf(index: GlyphIndex): IndexScratch {
    let scratch = this.scratches.get(index);
    if (!scratch) this.scratches.set(index, (scratch = new IndexScratch(index.size)));
    return scratch;
  }

  /**
   * The glyphs of one index matching every slot, with the sum of their slots'
   * best scores (each raised by a second meaning its name holds, see
   * FURTHER_MEANING_SHARE) and their worst tier. A slot's words are read from
   * the names (and, a little lower, from aliases' old names) or from category titles;
   * the entries read count against the budget, and once it is spent the
   * glyphs found so far are kept. `packAllowed` is not given when every
   * pack is; `asking` is how many words of a name the slots ask for (see
   * askedWordsOf), against which a glyph found through an alias is scored.
   */
  private matchedGlyphsOf(index: GlyphIndex, slots: Phrasing, asking: number, packAllowed: readonly boolean[] | undefined, budget: Budget): MatchedGlyphs {
    const scratch = this.scratchOf(index);
    const {
      slotStamp,
      slotScore,
      slotTier,
      slotNamed,
      slotBestNamed,
      slotSecondNamed,
      sumStamp,
      sumScore,
      sumTier,
      sumCovered,
      previous,
      memberScores,
      memberTiers,
      memberCovered,
    } = scratch;
    const packOf = index.packOf;
    let memberCount = 0;
    let sumPass = 0;
    // A query of theme words alone ("bold", "outline") asks for glyphs named so (`bold`, `format-bold`): a glyph whose
    // variants alone hold a word the query means as their theme, declared (`ph:x` by `x-bold`) or a pack's systematic
    // style (`mdi:heart` by `heart-outline`), is met at a share of a name, in the meaning tier. Beside another word
    // ("heart bold") the theme picks the glyph's variant and meets it as its name.
    const themesAlone = slots.every((slot) => index.glyphsThemed(slot.text) !== undefined);
    slots.forEach((slot, slotNumber) => {
      const pass = scratch.nextPass();
      const first = slotNumber === 0;
      const last = slotNumber === slots.length - 1;
      let found = 0;
      // `aliased`: the word of the aliases these glyphs are found through, whose words each adds (see aliasScoreOf).
      const take = (glyphs: Int32Array | undefined, listScore: number, tier: Tier, names = false, aliased?: string) => {
        if (!glyphs) return;
        // Whether these glyphs hold one of the slot's meanings in their own names (see slotNamed).
        const named = names && tier <= TIERS.meaning ? 1 : 0;
        if (budget.work + glyphs.length > budget.limit) {
          budget.work = budget.limit;
          budget.exhausted = true;
          return;
        }
        budget.work += glyphs.length;
        const aliasWords = aliased === undefined ? undefined : index.aliasWordCountsOf(aliased);
        for (let at = 0; at < glyphs.length; at++) {
          const glyph = glyphs[at] as number;
          if ((packAllowed && !packAllowed[packOf[glyph] as number]) || (!first && sumStamp[glyph] !== sumPass)) continue;
          const score = aliasWords === undefined ? listScore : aliasScoreOf(index.wordCounts[glyph] as number, aliasWords[at] as number, listScore, asking);
          if (slotStamp[glyph] !== pass) {
            slotStamp[glyph] = pass;
            slotScore[glyph] = score;
            slotTier[glyph] = tier;
            slotNamed[glyph] = named;
            if (named) slotBestNamed[glyph] = score;
            previous[found++] = glyph;
            continue;
          }
          if (named) {
            // The two best meanings the name holds, whatever order they are read in (see FURTHER_MEANING_SHARE).
            const count = slotNamed[glyph] as number;
            if (count === 0) slotBestNamed[glyph] = score;
            else {
              const best = slotBestNamed[glyph] as number;
              const second = count === 1 ? 0 : (slotSecondNamed[glyph] as number);
              slotBestNamed[glyph] = Math.max(best, score);
              slotSecondNamed[glyph] = Math.max(second, Math.min(best, score));
            }
            if (count < 255) slotNamed[glyph] = count + 1;
          }
          if (isBetterHit(tier, score, slotTier[glyph] as number, slotScore[glyph] as number)) {
            slotScore[glyph] = score;
            slotTier[glyph] = tier;
          }
        }
      };
      // A word listed twice among the slot's meanings (a link and the other number alike) is one meaning of the names
      // holding it. The word typed (or its form, in the name tier) is none of its own meanings.
      const namesRead = new Set<string>();
      let strongest = 0;
      for (const expansion of slot.expansions)
        if (expansion.tag === undefined && expansion.tier !== TIERS.name) strongest = Math.max(strongest, expansion.score);
      for (const expansion of slot.expansions) {
        if (expansion.tag === 'category') take(index.glyphsTagged(expansion.word), expansion.score, expansion.tier);
        else if (expansion.tag === 'own') take(index.glyphsOwnTagged(expansion.word), expansion.score, expansion.tier);
        else {
          const themed = themesAlone ? index.glyphsThemed(expansion.word) : undefined;
          const named = index.glyphsWith(expansion.word);
          // Split only when the name take fits the budget: one past it is refused whole anyway.
          const split = themed !== undefined && named !== undefined && budget.work + named.length <= budget.limit;
          const meaningTier = Math.max(TIERS.meaning, expansion.tier) as Tier;
          take(split ? withoutGlyphs(named, themed) : named, expansion.score, expansion.tier, !namesRead.has(expansion.word));
          namesRead.add(expansion.word);
          if (split) take(themed, THEME_SHARE * expansion.score, meaningTier);
          take(index.glyphsAliased(expansion.word), ALIAS_SHARE * expansion.score, meaningTier, false, expansion.word);
        }
      }
      // The glyphs of this slot (all of which matched the slots before) carry the sum on; the last slot's are the answer.
      for (let at = 0; at < found; at++) {
        const glyph = previous[at] as number;
        const slotScored = slotScore[glyph] as number;
        // A second meaning near the word's strongest raises the name, never past a name holding the word typed.
        const second = (slotNamed[glyph] as number) > 1 ? (slotSecondNamed[glyph] as number) : 0;
        const further = second >= FURTHER_MEANING_NEAR * strongest ? Math.min(FURTHER_MEANING_SHARE * second, Math.max(0, NAME_SCORE - slotScored)) : 0;
        const sum = (first ? 0 : (sumScore[glyph] as number)) + slotScored + further;
        const tier = first ? (slotTier[glyph] as number) : Math.max(sumTier[glyph] as number, slotTier[glyph] as number);
        const covered = Math.min(255, (first ? 0 : (sumCovered[glyph] as number)) + Math.max(0, (slotNamed[glyph] as number) - 1));
        if (last) {
          memberScores[at] = sum;
          memberTiers[at] = tier;
          memberCovered[at] = covered;
        } else {
          sumScore[glyph] = sum;
          sumTier[glyph] = tier;
          sumCovered[glyph] = covered;
          sumStamp[glyph] = pass;
        }
      }
      memberCount = found;
      sumPass = pass;
    });
    // Views of the scratch arrays, read before the next call writes them again.
    return {
      glyphs: previous.subarray(0, memberCount),
      scores: memberScores.subarray(0, memberCount),
      tiers: memberTiers.subarray(0, memberCount),
      covered: memberCovered.subarray(0, memberCount),
      size: memberCount,
    };
  }
}

/** The glyphs of ascending `all` that ascending `some` lacks. */
function withoutGlyphs(all: Int32Array, some: Int32Array): Int32Array {
  const kept = new Int32Array(all.length);
  let size = 0;
  let at = 0;
  for (const glyph of all) {
    while (at < some.length && (some[at] as number) < glyph) at++;
    if (some[at] !== glyph) kept[size++] = glyph;
  }
  return kept.subarray(0, size);
}

/**
 * The score of a glyph found through an alias of `aliasWords` words (see GlyphIndex.aliasWordCountsOf). The words a
 * name adds unasked are counted later of the glyph's own name (see Scorer.score): a glyph whose alias adds more of them
 * is lowered for the difference, so that mdi's `vhs`, "home" only as `video-home-system`, comes after `home-modern`.
 */
function aliasScoreOf(ownWords: number, aliasWords: number, score: number, asking: number): number {
  const ownUnasked = Math.max(0, ownWords - asking);
  const aliasUnasked = Math.max(0, aliasWords - asking);
  return aliasUnasked <= ownUnasked ? score : (score * (1 + EXTRA_WORD_PENALTY * ownUnasked)) / (1 + EXTRA_WORD_PENALTY * aliasUnasked);
}

/** How many words of a name a phrasing asks for: its slots but for style words, which a variant's style meets (see score). */
function askedWordsOf(slots: Phrasing): number {
  return slots.filter((slot) => !STYLE_WORDS.has(slot.text)).length || slots.length;
}
