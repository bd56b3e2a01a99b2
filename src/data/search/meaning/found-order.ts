import type { MeaningSources } from './catalog-glyphs.js';
import type { GlyphIndex } from './glyph-index.js';
import type { FoundList } from './score.js';

/**
 * The glyphs of a FoundList in the order of a search's results, taken one at
 * a time: coarse rank, then score (higher first), then shorter names, then
 * names as strings compare, then the order in which they were found. A page
 * of results takes its first few dozen of a few thousand, so they are kept
 * in a heap, whose first is taken at a cost that grows with the logarithm of
 * their number, rather than all sorted. Its array of positions is kept
 * between searches, grown as needed: one order serves the searches of a
 * thread, one at a time.
 */
export class FoundOrder {
  /** Positions in the found list, a binary heap by `before`: each before its two children. */
  private heap = new Int32Array(0);
  private size = 0;
  private found: FoundList | undefined;
  private indexes: readonly GlyphIndex[] = [];

  /** Starts ordering the hits of `found` whose coarse rank is at most `threshold`. */
  start(found: FoundList, sources: MeaningSources, threshold: number): void {
    if (this.heap.length < found.size) this.heap = new Int32Array(found.size);
    this.found = found;
    this.indexes = sources.indexes;
    const { ranks } = found;
    let size = 0;
    for (let at = 0; at < found.size; at++) if ((ranks[at] as number) <= threshold) this.heap[size++] = at;
    this.size = size;
    for (let parent = (size >>> 1) - 1; parent >= 0; parent--) this.sink(parent);
  }

  /** The position in the found list of the next hit in order, or -1 when none is left. */
  next(): number {
    if (this.size === 0) return -1;
    const first = this.heap[0] as number;
    this.size--;
    if (this.size > 0) {
      this.heap[0] = this.heap[this.size] as number;
      this.sink(0);
    }
    return first;
  }

  private sink(from: number): void {
    const heap = this.heap;
    const size = this.size;
    const moving = heap[from] as number;
    let at = from;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && this.before(heap[child + 1] as number, heap[child] as number)) child++;
      if (!this.before(heap[child] as number, moving)) break;
      heap[at] = heap[child] as number;
      at = child;
    }
    heap[at] = moving;
  }

  /** How many hits are left to take. */
  get left(): number {
    return this.size;
  }

  /** Calls `visit` with the position of each hit left to take, in no order. */
  forEachLeft(visit: (at: number) => void): void {
    for (let at = 0; at < this.size; at++) visit(this.heap[at] as number);
  }

  /** Whether the hit at position `a` of the found list comes before the one at `b`. */
  before(a: number, b: number): boolean {
    const { ranks, scores, indexes, glyphs } = this.found as FoundList;
    const rankA = ranks[a] as number;
    const rankB = ranks[b] as number;
    if (rankA !== rankB) return rankA < rankB;
    const scoreA = scores[a] as number;
    const scoreB = scores[b] as number;
    if (scoreA !== scoreB) return scoreA > scoreB;
    const indexA = this.indexes[indexes[a] as number] as GlyphIndex;
    const indexB = this.indexes[indexes[b] as number] as GlyphIndex;
    const glyphA = glyphs[a] as number;
    const glyphB = glyphs[b] as number;
    const lengthA = indexA.namesLengthOf(glyphA);
    const lengthB = indexB.namesLengthOf(glyphB);
    if (lengthA !== lengthB) return lengthA < lengthB;
    const names = indexA.compareNames(glyphA, indexB, glyphB);
    return names !== 0 ? names < 0 : a < b;
  }
}
