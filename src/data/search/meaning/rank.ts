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

const bandOf = (score: number) => Math.round(score / SCORE_BAND);

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
    const top: number[] = [];
    const waiting: number[] = [];
    const inTop = new Map<number, number>();
    while (top.length < MEANING_LIMITS.diverseTop) {
      const at = order.next();
      if (at < 0) break;
      const index = found.indexes[at] as number;
      // Index and pack as one number: an index numbers its packs in 16 bits.
      const pack = index * 0x10000 + ((sources.indexes[index] as GlyphIndex).packOf[found.glyphs[at] as number] as number);
      const counted = inTop.get(pack) ?? 0;
      if (counted >= MEANING_LIMITS.perPackInTop && !isFirstPack(found.ranks[at] as number)) waiting.push(at);
      else {
        inTop.set(pack, counted + 1);
        top.push(at);
      }
    }
    const ordered = top.concat(waiting);
    for (let at = 0; ordered.length < offset + limit && (at = order.next()) >= 0; ) ordered.push(at);
    return ordered.slice(offset, offset + limit).map((at) => foundAt(found, at));
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

/**
 * The tier and score of the hit a page of the list would show first, or
 * undefined when the list is empty: of the hits of the smallest coarse rank,
 * the best score, found without ordering the others.
 */
export function firstOf(found: FoundList): { tier: number; score: number } | undefined {
  if (found.size === 0) return undefined;
  const { ranks, scores } = found;
  let first = 0;
  for (let at = 1; at < found.size; at++) {
    const rank = ranks[at] as number;
    const firstRank = ranks[first] as number;
    if (rank < firstRank || (rank === firstRank && (scores[at] as number) > (scores[first] as number))) first = at;
  }
  return { tier: found.tiers[first] as number, score: found.scores[first] as number };
}
