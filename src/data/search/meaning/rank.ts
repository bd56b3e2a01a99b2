import type { MeaningSources } from './catalog-glyphs.js';
import type { GlyphIndex } from './glyph-index.js';
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
 * Orders what a search found. The copy of the ranks it selects in is kept
 * between searches, grown as needed: searches run one at a time, and one
 * Ranker serves the searches of a thread.
 */
export class Ranker {
  private rankCopy = new Float64Array(0);

  /** The hits from `offset`, at most `limit`, in order: rank, score, shorter names, names. */
  page(found: FoundList, sources: MeaningSources, offset: number, limit: number): Found[] {
    const nameOf = (hit: Found) => (sources.indexes[hit.index] as GlyphIndex).namesOf(hit.glyph);
    const ranked = this.best(found, offset + limit + MEANING_LIMITS.rankMargin);
    ranked.sort((a, b) => a.rank - b.rank || b.score - a.score || nameOf(a).length - nameOf(b).length || (nameOf(a) < nameOf(b) ? -1 : 1));
    const ordered = diversified(
      ranked,
      (hit) => (sources.indexes[hit.index] as GlyphIndex).packOf[hit.glyph] as number,
      (hit) => hit.index,
    );
    return ordered.slice(offset, offset + limit);
  }

  /**
   * The hits that can rank among the first `count`, in no order: all of them
   * when there are few; else those whose coarse rank is at most the
   * `count`-th smallest (ties kept), so that a word found in very many
   * glyphs makes and sorts a few thousand hits in full, not all.
   */
  private best(found: FoundList, count: number): Found[] {
    const size = found.size;
    const threshold = size <= count * 2 ? Number.POSITIVE_INFINITY : this.smallest(found.ranks, size, count - 1);
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
        packRank: isFirstPack(rank) ? 0 : 1,
      });
    }
    return hits;
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
