import { describe, expect, it } from 'vitest';
import type { MeaningSources } from '../../src/data/search/meaning/catalog-glyphs.js';
import { FoundOrder } from '../../src/data/search/meaning/found-order.js';
import { GlyphIndex } from '../../src/data/search/meaning/glyph-index.js';
import { coarseRank, firstOf, Ranker } from '../../src/data/search/meaning/rank.js';
import { FoundList } from '../../src/data/search/meaning/score.js';

/*
 * The order of a search by meaning's results, over two small packs: coarse
 * rank, score, shorter names, names, then the order found; and a page's
 * spread over packs.
 */

const index = new GlyphIndex([
  { id: 'one', names: ['cat', 'dog', 'bird', 'ant', 'bee', 'owl'], aliases: {} },
  { id: 'two', names: ['cat', 'emu'], aliases: {} },
]);
const sources: MeaningSources = { indexes: [index], vocabulary: undefined, correctors: [] };

/** The glyph of `pack:name` in the index. */
function glyphOf(id: string): number {
  for (let glyph = 0; glyph < index.size; glyph++) if (`${index.packIdOf(glyph)}:${index.nameOf(glyph).name}` === id) return glyph;
  throw new Error(`no glyph ${id}`);
}

/** Hits pushed in this order; neither pack is in the popularity table, so only tier and score set their coarse ranks. */
function found(hits: Array<[id: string, tier: number, score: number]>): FoundList {
  const list = new FoundList();
  for (const [id, tier, score] of hits) list.push(0, glyphOf(id), tier, score, coarseRank(1, tier, score, 0));
  return list;
}

const HITS: Array<[string, number, number]> = [
  ['one:bird', 0, 1],
  ['two:cat', 0, 1],
  ['one:cat', 0, 1],
  ['one:dog', 0, 1],
  ['one:owl', 0, 1],
  ['one:bee', 0, 1],
  // In the same band of score as 1, so of the same coarse rank: after them by its score alone.
  ['one:ant', 0, 0.96],
  ['two:emu', 1, 1],
];

const idOf = (list: FoundList, at: number) => `${index.packIdOf(list.glyphs[at] as number)}:${index.nameOf(list.glyphs[at] as number).name}`;

describe('the order of the hits of a search by meaning', () => {
  it('is rank, then score, then shorter names, then names, then the order found', () => {
    const list = found(HITS);
    const order = new FoundOrder();
    order.start(list, sources, Number.POSITIVE_INFINITY);
    const taken: string[] = [];
    for (let at = order.next(); at >= 0; at = order.next()) taken.push(idOf(list, at));
    expect(taken).toEqual(['one:bee', 'two:cat', 'one:cat', 'one:dog', 'one:owl', 'one:bird', 'one:ant', 'two:emu']);
  });

  it('takes only the hits whose coarse rank is within the threshold', () => {
    const list = found(HITS);
    const order = new FoundOrder();
    order.start(list, sources, coarseRank(1, 0, 1, 0));
    const taken: string[] = [];
    for (let at = order.next(); at >= 0; at = order.next()) taken.push(idOf(list, at));
    expect(taken).toEqual(['one:bee', 'two:cat', 'one:cat', 'one:dog', 'one:owl', 'one:bird', 'one:ant']);
  });

  it('shows at most three of a pack first, the others after the rest of the first results', () => {
    const page = new Ranker().page(found(HITS), sources, 0, 10);
    expect(page.map((hit) => `${index.packIdOf(hit.glyph)}:${index.nameOf(hit.glyph).name}`)).toEqual([
      'one:bee',
      'two:cat',
      'one:cat',
      'one:dog',
      'two:emu',
      'one:owl',
      'one:bird',
      'one:ant',
    ]);
    const later = new Ranker().page(found(HITS), sources, 2, 3);
    expect(later.map((hit) => `${index.packIdOf(hit.glyph)}:${index.nameOf(hit.glyph).name}`)).toEqual(['one:cat', 'one:dog', 'two:emu']);
    expect(later.map((hit) => [hit.tier, hit.score])).toEqual([
      [0, 1],
      [0, 1],
      [1, 1],
    ]);
  });

  it('spreads the first results over packs when the hits in order are of one pack for long', () => {
    // 120 hits of one pack before any of another's, all of one rank and score: shorter names first.
    const many = new GlyphIndex([
      { id: 'one', names: Array.from({ length: 120 }, (_, i) => `a${String(i).padStart(3, '0')}`), aliases: {} },
      { id: 'two', names: Array.from({ length: 5 }, (_, i) => `b${String(i).padStart(4, '0')}`), aliases: {} },
    ]);
    const manySources: MeaningSources = { indexes: [many], vocabulary: undefined, correctors: [] };
    const list = new FoundList();
    for (let glyph = many.size - 1; glyph >= 0; glyph--) list.push(0, glyph, 0, 1, coarseRank(1, 0, 1, 0));
    const names = (offset: number, limit: number) => new Ranker().page(list, manySources, offset, limit).map((hit) => many.nameOf(hit.glyph).name);
    expect(names(0, 10)).toEqual(['a000', 'a001', 'a002', 'b0000', 'b0001', 'b0002', 'a003', 'a004', 'a005', 'a006']);
    expect(names(120, 10)).toEqual(['a117', 'a118', 'a119', 'b0003', 'b0004']);
  });

  it("gives the first hit's tier and score without ordering the rest", () => {
    expect(firstOf(found(HITS))).toEqual({ tier: 0, score: 1 });
    expect(
      firstOf(
        found([
          ['two:emu', 1, 1],
          ['one:ant', 0, 0.96],
          ['one:dog', 0, 1],
        ]),
      ),
    ).toEqual({ tier: 0, score: 1 });
    expect(firstOf(new FoundList())).toBeUndefined();
  });

  it('compares names as strings compare, across indexes too', () => {
    const other = new GlyphIndex([{ id: 'three', names: ['cat', 'cats'], aliases: {} }]);
    expect(index.compareNames(glyphOf('one:cat'), index, glyphOf('one:dog'))).toBeLessThan(0);
    expect(index.compareNames(glyphOf('one:dog'), index, glyphOf('one:cat'))).toBeGreaterThan(0);
    expect(index.compareNames(glyphOf('one:cat'), other, 0)).toBe(0);
    expect(index.compareNames(glyphOf('two:cat'), other, 1)).toBeLessThan(0);
    expect(index.namesLengthOf(glyphOf('one:bird'))).toBe(4);
  });

  it('copies a list whole', () => {
    const copy = new FoundList();
    copy.copyOf(found(HITS));
    expect(copy.size).toBe(HITS.length);
    expect(Array.from({ length: copy.size }, (_, at) => idOf(copy, at))).toEqual(HITS.map(([id]) => id));
  });
});
