import { describe, expect, it } from 'vitest';
import type { MeaningSources } from '../../src/data/search/meaning/catalog-glyphs.js';
import { GlyphIndex, type PackNames } from '../../src/data/search/meaning/glyph-index.js';
import { MeaningSearcher } from '../../src/data/search/meaning/searcher.js';
import { parseMeaningQuery } from '../../src/data/search/meaning/parse.js';
import { Vocabulary } from '../../src/data/search/meaning/vocabulary.js';
import { VOCABULARY_SOURCES, type LinkTuple } from '../../src/data/search-index/vocabulary/build-vocabulary.js';
import { TAGGED_NAME_LIMITS } from '../../src/data/search/meaning/limits.js';
import {
  EXTRA_WORD_PENALTY,
  FURTHER_MEANING_NEAR,
  FURTHER_MEANING_SHARE,
  meaningScore,
  NAME_SCORE,
  TAGGED_NAME_SCORE,
  THEME_SHARE,
} from '../../src/data/search/meaning/weights.js';
import { likelyMeant, TypoCorrector } from '../../src/data/search/meaning/typo.js';
import { PartReader } from '../../src/data/search-index/stored-parts.js';

/*
 * How a glyph's name words weigh on its score: each word the query did not
 * ask for lowers it, and a word the query word means (through the
 * vocabulary) is asked for, even when another word of the name already
 * matched it.
 */

/** A link of the vocabulary, as one source's tag would make it. */
const link = (nameWord: string, weight: number): LinkTuple => [nameWord, weight, 1, ...VOCABULARY_SOURCES.slice(1).map(() => 0)];

const vocabulary = new Vocabulary({
  sources: VOCABULARY_SOURCES,
  words: [
    ['thunderstorm', [link('lightning', 0.5), link('cloud', 0.5)]],
    ['undo', [link('left', 0.7), link('u', 0.6), link('arrow', 0.4), link('up', 0.1)]],
  ],
  names: [],
});
/** The names and scores of the first ten glyphs of one pack that a search by meaning finds for `q`, with the vocabulary above or none. */
function searchIn(pack: PackNames, q: string, meanings: Vocabulary | undefined = vocabulary): Array<[string, number]> {
  const sources: MeaningSources = { indexes: [new GlyphIndex([pack])], vocabulary: meanings, correctors: [] };
  return new MeaningSearcher().search({ q, limit: 10, offset: 0 }, sources).hits.map((hit) => [hit.name, hit.score]);
}

const weather: PackNames = { id: 'weather', names: ['cloud-fog', 'cloud-lightning', 'sun', 'arrow-u-up-left', 'align-left', 'arrow-left'], aliases: {} };
const search = (q: string) => searchIn(weather, q);

describe('the score of a glyph found by meaning', () => {
  it('is lowered by each name word the query means nothing by, and raised a little by a second word it means', () => {
    const found = search('thunderstorm');
    expect(found.map(([name]) => name)).toEqual(['cloud-lightning', 'cloud-fog']);
    // Both of cloud-lightning's words are what the query means: neither is extra, and the second adds a share of its own.
    expect(found[0]?.[1]).toBeCloseTo(meaningScore(0.5) + FURTHER_MEANING_SHARE * meaningScore(0.5), 6);
    expect(found[1]?.[1]).toBeCloseTo(meaningScore(0.5) / (1 + EXTRA_WORD_PENALTY), 6);
  });

  it('ranks names made all of words the query means, however many, before one that adds a word it does not', () => {
    const found = search('undo');
    // Of the two names made all of meant words, the one whose second-best meaning is the closer first: of
    // arrow-u-up-left's further meanings only the best counts.
    expect(found.map(([name]) => name)).toEqual(['arrow-u-up-left', 'arrow-left', 'align-left']);
    expect(found[0]?.[1]).toBeCloseTo(meaningScore(0.7) + FURTHER_MEANING_SHARE * meaningScore(0.6), 6);
    expect(found[1]?.[1]).toBeCloseTo(meaningScore(0.7) + FURTHER_MEANING_SHARE * meaningScore(0.4), 6);
    expect(found[2]?.[1]).toBeCloseTo(meaningScore(0.7) / (1 + EXTRA_WORD_PENALTY), 6);
  });
});

describe('a name holding further meanings of a query word', () => {
  const erasing = new Vocabulary({
    sources: VOCABULARY_SOURCES,
    words: [['erasing', [link('minus', 0.9), link('remove', 0.8), link('circle', 0.05)]]],
    names: [],
  });
  const marks: PackNames = { id: 'marks', names: ['circle-minus', 'minus-remove'], aliases: {} };

  it("is raised by the next best of them when it is near the word's strongest meaning, and not by a loose one", () => {
    const found = searchIn(marks, 'erasing', erasing);
    expect(found.map(([name]) => name)).toEqual(['minus-remove', 'circle-minus']);
    expect(found[0]?.[1]).toBeCloseTo(meaningScore(0.9) + FURTHER_MEANING_SHARE * meaningScore(0.8), 6);
    // `circle` scores under FURTHER_MEANING_NEAR of `minus`: it is asked for (no word unasked), but adds nothing.
    expect(meaningScore(0.05)).toBeLessThan(FURTHER_MEANING_NEAR * meaningScore(0.9));
    expect(found[1]?.[1]).toBeCloseTo(meaningScore(0.9), 6);
  });

  it("is judged against the word's strongest meaning, whatever order the meanings are read in", () => {
    // `drop` and `rain` are read before `cloud`: near each other, but far below the strongest.
    const storm = new Vocabulary({
      sources: VOCABULARY_SOURCES,
      words: [['storm', [link('drop', 0.125), link('rain', 0.05), link('cloud', 1)]]],
      names: [],
    });
    const found = searchIn({ id: 'sky', names: ['cloud-drop-rain'], aliases: {} }, 'storm', storm);
    expect(found[0]?.[1]).toBeCloseTo(meaningScore(1), 6);
  });

  it('never raises a name past the score of a name holding the word typed', () => {
    const camera = new Vocabulary({ sources: VOCABULARY_SOURCES, words: [['camera', [link('video', 0.9)]]], names: [] });
    const found = searchIn({ id: 'cameras', names: ['video-camera'], aliases: {} }, 'camera', camera);
    expect(found[0]?.[1]).toBeCloseTo(NAME_SCORE, 6);
  });
});

describe('a query of two words no glyph holds both of', () => {
  const shapes: PackNames = { id: 'shapes', names: ['crop', 'square', 'square-dashed', 'square-plus'], aliases: {} };
  const search = (q: string) => searchIn(shapes, q, undefined).map(([name]) => name);

  it('is searched for the word that names fewer glyphs, when both find a glyph as well', () => {
    // Both words name a glyph exactly; `crop` says more of what is asked for than `square`, which many names hold.
    expect(search('crop to square')).toEqual(['crop']);
    expect(search('square crop')).toEqual(['crop']);
  });

  it('typed side by side, is searched for the last, which names what the two together are', () => {
    // A "hero image" is an image: of two words typed together that both find a glyph as well, the last is kept,
    // though `hero` names fewer glyphs; with a word between them, the one that says more.
    const pictures: PackNames = { id: 'pictures', names: ['hero', 'image', 'image-plus', 'image-off'], aliases: {} };
    expect(searchIn(pictures, 'hero image', undefined)[0]?.[0]).toBe('image');
    // Stop words typed before or after the two ("icon") leave them side by side.
    expect(searchIn(pictures, 'the hero image icon', undefined)[0]?.[0]).toBe('image');
    expect(searchIn(pictures, 'hero of image', undefined).map(([name]) => name)).toEqual(['hero']);
  });
});

describe('a glyph found by a meaning through an old name of its pack', () => {
  // `lightning-old` is the pack's old name for `cloud-fog`: its words are not the glyph's own.
  const renamed: PackNames = { id: 'weather', names: ['cloud-fog', 'cloud-lightning'], aliases: { 'lightning-old': 'cloud-fog' } };

  it('counts as asked for only the words of its own name that the query means', () => {
    const found = searchIn(renamed, 'thunderstorm');
    expect(found.map(([name]) => name)).toEqual(['cloud-lightning', 'cloud-fog']);
    // `fog` is a word of its name the query does not mean, though its old name holds `lightning`, which it does.
    expect(found[1]?.[1]).toBeCloseTo(meaningScore(0.5) / (1 + EXTRA_WORD_PENALTY), 6);
  });
});

describe('a search within one pack', () => {
  /** The vocabulary above, and the whole names icon libraries tagged "undo" with. */
  const withNames = new Vocabulary({
    sources: VOCABULARY_SOURCES,
    words: [['undo', [link('left', 0.7), link('u', 0.6), link('arrow', 0.4), link('up', 0.1)]]],
    names: [['undo', ['arrow-u-up-left', 'rotate-ccw', 'arrow-back-up', 'rotate-left', 'arrow-counter-clockwise']]],
  });
  const withinOnePack = (pack: PackNames, q: string) => {
    const sources: MeaningSources = { indexes: [new GlyphIndex([pack])], vocabulary: withNames, correctors: [] };
    return new MeaningSearcher().search({ q, limit: 10, offset: 0, taggedIn: pack.id }, sources);
  };

  it('ranks the glyph named as a library named the icon it tagged with the word first of its meanings', () => {
    const arrows: PackNames = { id: 'arrows', names: ['align-left', 'arrow-back-up', 'chevron-left'], aliases: {} };
    const found = withinOnePack(arrows, 'undo').hits.map((hit): [string, number] => [hit.name, hit.score]);
    expect(found.map(([name]) => name)).toEqual(['arrow-back-up', 'align-left', 'chevron-left']);
    expect(found[0]?.[1]).toBeCloseTo(TAGGED_NAME_SCORE, 6);
    // A search of every pack ranks it by its words alone: `arrow-back-up` holds two weak meanings and a word unasked.
    expect(searchIn(arrows, 'undo').map(([name]) => name)).toEqual(['align-left', 'chevron-left', 'arrow-back-up']);
  });

  it('finds such a glyph that no link of the word reaches, in any of its styles, and raises a few at most', () => {
    const turns: PackNames = {
      id: 'turns',
      names: ['rotate-ccw', 'rotate-left-filled', 'arrow-counter-clockwise', 'arrow-back-up', 'rotate-right'],
      aliases: {},
    };
    const found = withinOnePack(turns, 'undo').hits.map((hit) => hit.name);
    // Of these words "undo" is linked to `arrow` (weakly) and `up` only: the first three tagged names the pack has find their glyphs,
    // all as the closest meaning, in the ranking's order among equals; the fourth is found by `arrow` alone, below them.
    expect(found).toEqual(['rotate-ccw', 'arrow-back-up', 'rotate-left-filled', 'arrow-counter-clockwise']);
    expect(TAGGED_NAME_LIMITS.perSearch).toBe(3);
  });

  it("raises one glyph of each tagged name, not a pack's numbered siblings of one", () => {
    const numbered: PackNames = {
      id: 'numbered',
      names: ['arrow-back-up', 'arrow-back-up-2', 'rotate-ccw', 'rotate-ccw-2', 'arrow-counter-clockwise'],
      aliases: {},
    };
    const found = withinOnePack(numbered, 'undo').hits.map((hit) => hit.name);
    // Three names, a glyph each, raised as the closest meaning (in the ranking's order among equals); the sibling
    // `arrow-back-up-2` comes after them, found by the words "undo" is linked to, where it had taken a tagged name's place.
    expect(found).toEqual(['rotate-ccw', 'arrow-back-up', 'arrow-counter-clockwise', 'arrow-back-up-2']);
  });

  it('counts the entries it reads against the search bound, and raises none past it', () => {
    const sources: MeaningSources = { indexes: [new GlyphIndex([weather])], vocabulary: withNames, correctors: [] };
    const bare = new MeaningSearcher().search({ q: 'undo', limit: 10, offset: 0 }, sources);
    const raised = withinOnePack(weather, 'undo');
    expect(raised.work).toBeGreaterThan(bare.work);
    // A bound the search's own reading spends leaves nothing to find tagged names with: the order is the words' alone.
    const bounded = new MeaningSearcher().search({ q: 'undo', limit: 10, offset: 0, taggedIn: 'weather', workUnits: bare.work }, sources);
    expect(bounded.work).toBeLessThanOrEqual(bare.work);
    expect(bounded.hits.map((hit) => hit.name)).toEqual(bare.hits.map((hit) => hit.name));
  });

  it("finds a pack's glyph by its aliases too, and never another pack's, in an index of several packs", () => {
    const packs: PackNames[] = [
      { id: 'before', names: ['arrow-back-up', 'unlink'], aliases: {} },
      { id: 'middle', names: ['cut', 'arrow-back-up-filled', 'link'], aliases: { unlink: 'cut' } },
      { id: 'after', names: ['unlink', 'arrow-back-up'], aliases: {} },
    ];
    const index = new GlyphIndex(packs);
    const named = (name: string, pack: number) =>
      index.glyphsNamed(name, pack, () => true).map((glyph) => `${index.packIdOf(glyph)}:${index.nameOf(glyph).name}`);
    expect(named('unlink', 1)).toEqual(['middle:cut']);
    expect(named('arrow-back-up', 1)).toEqual(['middle:arrow-back-up-filled']);
    expect(named('arrow-back-up', 0)).toEqual(['before:arrow-back-up']);
    expect(named('unlink', 2)).toEqual(['after:unlink']);
    expect(named('link', 0)).toEqual([]);
    expect(index.glyphsNamed('unlink', 1, () => false)).toEqual([]);
  });
});

describe('a sentence whose few full matches meet its words only through loose links', () => {
  // Each word reaches `arrow` weakly, so `arrow-bend` matches all three; "change" also means `undo`, a name.
  const loose = new Vocabulary({
    sources: VOCABULARY_SOURCES,
    words: [
      ['undo', [link('arrow', 0.3)]],
      ['last', [link('arrow', 0.3)]],
      ['change', [link('undo', 0.6), link('arrow', 0.3)]],
      ['alpha', [link('mix', 0.2)]],
      ['beta', [link('mix', 0.2)]],
      ['gamma', [link('mix', 0.2)]],
    ],
    names: [],
  });
  const edits: PackNames = { id: 'edits', names: ['undo', 'arrow-bend', 'mix'], aliases: {} };
  const exact: PackNames = { id: 'exact', names: ['undo-last-change'], aliases: {} };
  const search = (q: string, first?: string) => {
    const sources: MeaningSources = { indexes: [new GlyphIndex([edits, exact])], vocabulary: loose, correctors: [] };
    const query = { q, limit: 10, offset: 0, ...(first === undefined ? {} : { first: new Set([first]) }) };
    return new MeaningSearcher().search(query, sources).hits.map((hit) => hit.name);
  };
  const withoutExact = (q: string) => {
    const sources: MeaningSources = { indexes: [new GlyphIndex([edits])], vocabulary: loose, correctors: [] };
    return new MeaningSearcher().search({ q, limit: 10, offset: 0 }, sources).hits.map((hit) => hit.name);
  };

  it('gives way to the sentence with a word left out when that matches better', () => {
    // Without "last", `undo` meets "undo" by its name and "change" by a link: better than `arrow-bend`'s three loose links.
    expect(withoutExact('undo last change')).toEqual(withoutExact('undo change'));
    expect(withoutExact('undo last change')[0]).toBe('undo');
  });

  it('is kept when no word left out matches better', () => {
    // `mix` meets every word as loosely with one left out: the full match stays the answer.
    expect(withoutExact('alpha beta gamma')).toEqual(['mix']);
  });

  it('is judged by the best full match of any pack, not by the packs ranked first', () => {
    // The exact name in another pack is no loose match, though `edits` ranks first.
    // So the full matches stay the answer, the first pack's before the other's, as without a pack ranked first.
    expect(search('undo last change')).toEqual(['undo-last-change', 'arrow-bend']);
    expect(search('undo last change', 'edits')).toEqual(['arrow-bend', 'undo-last-change']);
  });
});

describe('a query word that names write as two', () => {
  const interface_: PackNames = {
    id: 'ui',
    names: ['log-out', 'logs', 'paper-clip', 'clip-paper', 'paper-x-clip', 'user-plus', 'surplus', 'set', 'tee'],
    aliases: {},
  };
  const index = new GlyphIndex([interface_]);
  const sources: MeaningSources = { indexes: [index], vocabulary: undefined, correctors: [new TypoCorrector(index.wordFrequencies())] };
  const search = (q: string) => {
    const answer = new MeaningSearcher().search({ q, limit: 10, offset: 0 }, sources);
    return { names: answer.hits.map((hit) => hit.name), scores: answer.hits.map((hit) => hit.score), didYouMean: answer.didYouMean };
  };

  it('finds the names that write it apart, the two words side by side in either order, scored as exact names', () => {
    const found = search('paperclip');
    expect(found.names).toEqual(['clip-paper', 'paper-clip']);
    expect(found.scores).toEqual([NAME_SCORE, NAME_SCORE]);
    // `logs` holds neither word: `log-out` only.
    expect(search('logout').names).toEqual(['log-out']);
    expect(search('outlog').names).toEqual(['log-out']);
  });

  it('is no typo when names write it apart, and is not split where no name holds the two side by side', () => {
    expect(search('userplus')).toEqual({ names: ['user-plus'], scores: [NAME_SCORE], didYouMean: undefined });
    // `set` and `tee` are names, but no name holds them side by side: "settee" is read as it is.
    expect(parseMeaningQuery('settee', sources).phrasings).toHaveLength(1);
    expect(parseMeaningQuery('paperclip', sources).phrasings).toHaveLength(2);
  });

  it('splits every such word of a query, and keeps a split word when another is left out', () => {
    const users = new GlyphIndex([{ id: 'users', names: ['user-plus', 'user-minus', 'user'], aliases: {} }]);
    const first = (q: string) =>
      new MeaningSearcher().search({ q, limit: 10, offset: 0 }, { indexes: [users], vocabulary: undefined, correctors: [] }).hits.map((hit) => hit.name);
    // No glyph holds user, plus and minus: each word is left out in turn, the other searched split.
    expect(first('userplus userminus')).toEqual(['user-minus']);
    expect(first('userplus quickly')).toEqual(['user-plus']);
  });

  it('matches a query of two split words only where a name holds each pair side by side', () => {
    const users = new GlyphIndex([{ id: 'users', names: ['user-plus-minus', 'plus-user-minus'], aliases: {} }]);
    const found = new MeaningSearcher()
      .search({ q: 'userplus minususer', limit: 10, offset: 0 }, { indexes: [users], vocabulary: undefined, correctors: [] })
      .hits.map((hit) => hit.name);
    // Both hold user, plus and minus; only `plus-user-minus` holds minus beside user too.
    expect(found).toEqual(['plus-user-minus']);
  });

  it('splits a word that is itself a name only when asked, as the searches of one pack ask', () => {
    const both = new GlyphIndex([{ id: 'exits', names: ['logout', 'log-out', 'door'], aliases: {} }]);
    const names = (otherWritings: boolean) =>
      new MeaningSearcher()
        .search({ q: 'logout', limit: 10, offset: 0, otherWritings }, { indexes: [both], vocabulary: undefined, correctors: [] })
        .hits.map((hit) => hit.name);
    expect(names(false)).toEqual(['logout']);
    expect(names(true).sort()).toEqual(['log-out', 'logout']);
  });

  it("reads at most a bounded number of the rarer word's glyphs to find the two side by side", () => {
    const many: PackNames = {
      id: 'many',
      names: [...Array.from({ length: 30 }, (_, at) => `plus-${at}`), ...Array.from({ length: 40 }, (_, at) => `user-${at}`), 'user-plus', 'at'],
      aliases: {},
    };
    const crowded = new GlyphIndex([many]);
    const place = [...(crowded.glyphsWith('plus') ?? [])].findIndex((glyph) => crowded.nameOf(glyph).name === 'user-plus');
    expect(place).toBeGreaterThan(0);
    expect(crowded.holdsPair('user', 'plus', place + 1)).toBe(true);
    expect(crowded.holdsPair('plus', 'user', place + 1)).toBe(true);
    expect(crowded.holdsPair('user', 'plus', place)).toBe(false);
    expect(crowded.holdsPair('user', 'at', 1000)).toBe(false);
  });
});

describe('a form of a word', () => {
  const tools: PackNames = {
    id: 'tools',
    names: ['delete', 'rotate', 'meeting', 'rotating-gear', 'printer', 'pointing', 'heart', 'lines', 'like', 'print'],
    aliases: {},
  };
  const index = new GlyphIndex([tools]);
  // As in the catalog, `pointing` is held by far more names than `printing`: enough for "printing" to look like its typo.
  const frequencies = new Map([...index.wordFrequencies(), ['pointing', 500], ['lines', 500]]);
  const vocabulary = new Vocabulary({
    sources: VOCABULARY_SOURCES,
    words: [
      ['printing', [link('printer', 1)]],
      ['print', [link('printer', 1)]],
      ['like', [link('heart', 1)]],
    ],
    names: [],
  });
  const sources: MeaningSources = { indexes: [index], vocabulary, correctors: [new TypoCorrector(frequencies)] };
  const search = (q: string) => {
    const answer = new MeaningSearcher().search({ q, limit: 10, offset: 0 }, sources);
    return { names: answer.hits.map((hit) => hit.name), didYouMean: answer.didYouMean };
  };

  it('that no name and no word of the vocabulary knows means what its verb means, and is no typo', () => {
    // "deleting" was corrected to "meeting", one edit from it.
    expect(search('deleting')).toEqual({ names: ['delete'], didYouMean: undefined });
    // A name holds `rotating`, in another sense: the verb's glyphs come first, as they need no word the query lacks.
    expect(search('rotating').names).toEqual(['rotate', 'rotating-gear']);
  });

  it('in the plural means what its singular means, and is no typo', () => {
    // "likes" was corrected to "lines", one edit from it.
    // `like` comes through its link to `heart`, read backwards.
    expect(search('likes')).toEqual({ names: ['heart', 'like'], didYouMean: undefined });
  });

  it('that the vocabulary knows keeps its own meaning, and is never offered as a likely typo', () => {
    expect(search('printing')).toEqual({ names: ['printer', 'print'], didYouMean: undefined });
    // The typo check alone would take it for `pointing`, one edit from it and held by far more names.
    expect(likelyMeant('printing', sources.correctors)).toBe('pointing');
  });
});

describe('a stop word typed between two words', () => {
  // Through meanings alone, and as strongly, drag is a grip or an arrow, and reorder a grip or a bottom.
  const moves = new Vocabulary({
    sources: VOCABULARY_SOURCES,
    words: [
      ['drag', [link('grip', 0.6), link('arrow', 0.6)]],
      ['reorder', [link('grip', 0.6), link('bottom', 0.6)]],
      ['scroll', [link('arrow', 0.6)]],
    ],
    names: [],
  });
  const pack: PackNames = { id: 'moves', names: ['arrow-to-bottom', 'arrow-to-top', 'grip', 'sign-in', 'at-sign'], aliases: {} };
  const search = (q: string) => searchIn(pack, q, moves).map(([name]) => name);

  it('is read where a name holds it beside the word typed next to it', () => {
    expect(search('scroll to top')[0]).toBe('arrow-to-top');
    expect(search('sign in')[0]).toBe('sign-in');
  });

  it('is not read where a name holds it beside words met only through meanings', () => {
    // `arrow-to-bottom` holds "to", but beside `bottom`, which "reorder" only means: the grip comes first.
    expect(search('drag to reorder')).toEqual(['grip', 'arrow-to-bottom']);
  });
});

describe('a query of a theme word alone', () => {
  // A pack that declares its weights as themes, as Phosphor does: `x-bold` is the bold weight of `x`.
  const weights: PackNames = { id: 'weights', names: ['x', 'x-bold', 'heart', 'heart-bold'], aliases: {}, suffixes: { '': 'Regular', bold: 'Bold' } };
  const editor: PackNames = { id: 'editor', names: ['italic', 'bold'], aliases: {} };
  const filed = new GlyphIndex([weights, editor]);
  const stored = new GlyphIndex(new PartReader(new Map(filed.toParts('')), ''));

  it('finds the glyph that holds it in its own name first, and those whose variants alone hold it after, at a share of a name', () => {
    for (const index of [filed, stored]) {
      const sources: MeaningSources = { indexes: [index], vocabulary: undefined, correctors: [] };
      const idsOf = (q: string) => new MeaningSearcher().search({ q, limit: 10, offset: 0 }, sources).hits.map((hit) => `${hit.pack}:${hit.name}`);
      const found = new MeaningSearcher().search({ q: 'bold', limit: 10, offset: 0 }, sources).hits;
      expect(idsOf('bold')).toEqual(['editor:bold', 'weights:x', 'weights:heart']);
      expect(found[1]?.score).toBeCloseTo(THEME_SHARE * (found[0]?.score ?? 0), 6);
      // Beside another word, the theme meets the glyph whose weight it is as its name does.
      expect(idsOf('heart bold')).toEqual(['weights:heart']);
    }
  });

  it("reads a pack's systematic style as its theme: a glyph outlined only in its variant comes after one named so", () => {
    // Without declared themes, mdi's `-outline` is a style its names end with systematically (see glyph.ts).
    const outlined: PackNames = {
      id: 'outlined',
      names: ['outline', ...Array.from({ length: 10 }, (_, at) => [`shape${at}`, `shape${at}-outline`]).flat()],
      aliases: {},
    };
    const sources: MeaningSources = { indexes: [new GlyphIndex([outlined])], vocabulary: undefined, correctors: [] };
    const found = new MeaningSearcher().search({ q: 'outline', limit: 3, offset: 0 }, sources).hits;
    expect(found.map((hit) => hit.name)).toEqual(['outline', 'shape0', 'shape1']);
    expect(found[1]?.score).toBeCloseTo(THEME_SHARE * (found[0]?.score ?? 0), 6);
  });
});
