import type { MeaningSources } from './catalog-glyphs.js';
import type { GlyphIndex } from './glyph-index.js';
import { FoundOrder } from './found-order.js';
import { MEANING_LIMITS } from './limits.js';
import type { FoundList } from './score.js';
import { SCORE_BAND } from './weights.js';

/*
 * The last step of a search by meaning: the glyphs found, in order. Only
 * those that can reach the page asked for are ranked in full (by their
 * coarse rank first), and the first results are spread over packs.
 */

/** A glyph found: where, how well, in which tier, and its coarse rank (see coarseRank). */
export interface Found {
  index: number;
  glyph: number;
  score: number;
  tier: number;
  rank: number;
  packRank: number;
}

/** The band of a score: scores of one band rank as equals before popularity does. */
export const bandOf = (score: number) => Math.round(score / SCORE_BAND);

/** Bands of score told apart by the coarse rank; higher ones are one. */
const BANDS = 32;
/** Tiers, with room to spare, under one pack rank in the coarse rank. */
const TIER_SLOTS = 4;
/** Above any pack's monthly downloads: the popularity's room in the coarse rank. */
const POPULARITY_ROOM = 1e8;

/**
 * The first keys of the ranking as one number, smaller first: the caller's
 * own packs (packRank 0), the tier, the score's band (bands past the last
 * are one), then packs people use more (popularity: monthly downloads).
 */
export function coarseRank(packRank: number, tier: number, score: number, popularity: number): number {
  const band = Math.min(BANDS - 1, Math.max(0, bandOf(score)));
  return ((packRank * TIER_SLOTS + tier) * BANDS + (BANDS - 1 - band)) * POPULARITY_ROOM + (POPULARITY_ROOM - 1 - Math.min(popularity, POPULARITY_ROOM - 1));
}

/**
 * Hits a page takes one at a time, in order, to find its first results
 * spread over packs, at most: past them, the hits are of so few packs that
 * the first results are chosen pack by pack (see Ranker.spreadTop).
 */
const TAKEN_BEFORE_SPREAD = 4 * MEANING_LIMITS.diverseTop;

/** Whether a coarse rank is one of the caller's own packs (packRank 0). */
const isFirstPack = (rank: number) => rank < TIER_SLOTS * BANDS * POPULARITY_ROOM;

/**
 * Orders what a search found. The copy of the ranks it selects in, and the
 * order it takes hits from, are kept between searches, grown as needed:
 * searches run one at a time, and one Ranker serves the searches of a thread.
 */
export class Ranker {
  private rankCopy = new Float64Array(0);
  private readonly order = new FoundOrder();

  /**
   * The hits from `offset`, at most `limit`, in order: rank, score, shorter
   * names, names, then the order found; with no more than perPackInTop of
   * one pack among the first diverseTop, a pack's further hits waiting until
   * after them, in order. Only the hits that can rank among the first
   * offset + limit + rankMargin are ordered, and of those only as many as
   * the page needs are taken in order.
   */
  page(found: FoundList, sources: MeaningSources, offset: number, limit: number): Found[] {
    const count = offset + limit + MEANING_LIMITS.rankMargin;
    const order = this.order;
    order.start(found, sources, found.size <= count * 2 ? Number.POSITIVE_INFINITY : this.smallest(found.ranks, found.size, count - 1));
    const taken: number[] = [];
    const top: number[] = [];
    const waiting: number[] = [];
    const inTop = new Map<number, number>();
    while (top.length < MEANING_LIMITS.diverseTop && taken.length < TAKEN_BEFORE_SPREAD) {
      const at = order.next();
      if (at < 0) break;
      taken.push(at);
      const pack = packKeyOf(found, sources, at);
      const counted = inTop.get(pack) ?? 0;
      if (counted >= MEANING_LIMITS.perPackInTop && !isFirstPack(found.ranks[at] as number)) waiting.push(at);
      else {
        inTop.set(pack, counted + 1);
        top.push(at);
      }
    }
    let ordered: number[];
    let spread: Set<number> | undefined;
    if (top.length === MEANING_LIMITS.diverseTop || order.left === 0) ordered = top.concat(waiting);
    else {
      // Hits of few packs: the first results are chosen pack by pack, the others follow in order.
      const chosen = this.spreadTop(found, sources, taken);
      spread = new Set(chosen);
      ordered = chosen.concat(taken.filter((at) => !spread?.has(at)));
    }
    for (let at = 0; ordered.length < offset + limit && (at = order.next()) >= 0; ) if (!spread?.has(at)) ordered.push(at);
    return ordered.slice(offset, offset + limit).map((at) => foundAt(found, at));
  }

  /**
   * The first diverseTop results, in order, of the hits `taken` (the first
   * in order) and those still to be taken: taken in order, a hit joins them
   * unless perPackInTop of its pack already have (the caller's own packs
   * excepted), so they are the first diverseTop of the hits that are among
   * their pack's first perPackInTop, and every hit of the caller's own packs.
   * Chosen pack by pack, in one pass over the hits, where taking them in
   * order would take almost all of them. All the other hits come after
   * them in order, whether they waited or not.
   */
  private spreadTop(found: FoundList, sources: MeaningSources, taken: readonly number[]): number[] {
    const order = this.order;
    const chosen: number[] = [];
    const firstOfPack = new Map<number, number[]>();
    const consider = (at: number) => {
      if (isFirstPack(found.ranks[at] as number)) {
        chosen.push(at);
        return;
      }
      const pack = packKeyOf(found, sources, at);
      let firsts = firstOfPack.get(pack);
      if (!firsts) firstOfPack.set(pack, (firsts = []));
      if (firsts.length === MEANING_LIMITS.perPackInTop && !order.before(at, firsts[firsts.length - 1] as number)) return;
      let place = firsts.length;
      while (place > 0 && order.before(at, firsts[place - 1] as number)) place--;
      firsts.splice(place, 0, at);
      if (firsts.length > MEANING_LIMITS.perPackInTop) firsts.pop();
    };
    for (const at of taken) consider(at);
    order.forEachLeft(consider);
    for (const firsts of firstOfPack.values()) for (const at of firsts) chosen.push(at);
    return chosen.sort((a, b) => (order.before(a, b) ? -1 : 1)).slice(0, MEANING_LIMITS.diverseTop);
  }

  /** The `k`-th smallest (from 0) of the first `size` values, by selection in a copy: linear in `size`, where sorting is not. */
  private smallest(values: Float64Array, size: number, k: number): number {
    if (this.rankCopy.length < size) this.rankCopy = new Float64Array(size);
    const copy = this.rankCopy;
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
}

/** A hit's pack as one number: its index and its number there (an index numbers its packs in 16 bits). */
function packKeyOf(found: FoundList, sources: MeaningSources, at: number): number {
  const index = found.indexes[at] as number;
  return index * 0x10000 + ((sources.indexes[index] as GlyphIndex).packOf[found.glyphs[at] as number] as number);
}

/** The hit at position `at` of the found list. */
function foundAt(found: FoundList, at: number): Found {
  const rank = found.ranks[at] as number;
  return {
    index: found.indexes[at] as number,
    glyph: found.glyphs[at] as number,
    tier: found.tiers[at] as number,
    score: found.scores[at] as number,
    rank,
    packRank: isFirstPack(rank) ? 0 : 1,
  };
}

/** A hit's tier and score: what decides whether one search's answer is better than another's. */
export interface Standing {
  tier: number;
  score: number;
}

/** Whether `one` stands above `other`: a better tier, or the same tier and a higher band of score. */
export function standsAbove(one: Standing, other: Standing): boolean {
  return one.tier < other.tier || (one.tier === other.tier && bandOf(one.score) > bandOf(other.score));
}

/** The tier and score of the hit of the list that `isBefore` puts before all others, or undefined when the list is empty. */
function headOf(found: FoundList, isBefore: (at: number, head: number) => boolean): Standing | undefined {
  if (found.size === 0) return undefined;
  let head = 0;
  for (let at = 1; at < found.size; at++) if (isBefore(at, head)) head = at;
  return { tier: found.tiers[head] as number, score: found.scores[head] as number };
}

/**
 * The tier and score of the hit a page of the list would show first, or
 * undefined when the list is empty: of the hits of the smallest coarse rank,
 * the best score, found without ordering the others.
 */
export function firstOf(found: FoundList): Standing | undefined {
  const { ranks, scores } = found;
  return headOf(found, (at, head) => {
    const [rank, headRank] = [ranks[at] as number, ranks[head] as number];
    return rank < headRank || (rank === headRank && (scores[at] as number) > (scores[head] as number));
  });
}

/**
 * The best tier and score of the list, whatever packs the page ranks first
 * (a caller's private ones): how well the query was matched at all. Undefined
 * when the list is empty.
 */
export function bestOf(found: FoundList): Standing | undefined {
  const { tiers, scores } = found;
  return headOf(found, (at, head) => {
    const [tier, headTier] = [tiers[at] as number, tiers[head] as number];
    return tier < headTier || (tier === headTier && (scores[at] as number) > (scores[head] as number));
  });
}
