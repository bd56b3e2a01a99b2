import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { Vocabulary } from '../../src/data/search/meaning/vocabulary.js';
import { PartReader } from '../../src/data/search-index/stored-parts.js';
import { buildVocabulary, VOCABULARY_LIMITS, VOCABULARY_SOURCES, type VocabularyTable } from '../../src/data/search-index/vocabulary/build-vocabulary.js';
import { WordNet, type WordNetFiles } from '../../src/data/search-index/vocabulary/wordnet.js';
import { ROOT } from '../helpers/paths.js';
import { sweptInFastTier } from '../helpers/sources.js';

/*
 * The vocabulary of search by meaning, built from the tags of lucide-static,
 * @tabler/icons and @phosphor-icons/core, Font Awesome's search terms, CLDR's
 * emoji annotations, Material Design Icons' aliases, Octicons' keywords, the
 * project's own lists (names of controls, actions, editing words, conventional
 * symbols), and WordNet: the method on a few icons, then
 * the vocabulary of a copy of those sources kept in the repository
 * (test/fixtures/vocabulary.json.gz: every icon's tags, and the part of
 * WordNet the build reads; written by scripts/extract-vocabulary-fixture.mjs),
 * so that its answers stay the same when the packages are updated.
 */

const WORDNET = VOCABULARY_SOURCES.indexOf('wordnet');

/** A link's provenance: the given counts, 0 for every other source. */
const from = (counts: Partial<Record<(typeof VOCABULARY_SOURCES)[number], number>>) => VOCABULARY_SOURCES.map((source) => counts[source] ?? 0);

const EMPTY = { index: '', data: '' };

/**
 * A WordNet noun file of the given synsets, each a list of lemmas, in order:
 * each lemma's senses are the synsets holding it, in the order given.
 * `pointers`: per synset (by its place), its hypernyms (`@`) and hyponyms (`~`), by their places.
 */
function nounsOf(
  synsets: readonly (readonly string[])[],
  pointers: Readonly<Record<number, ReadonlyArray<readonly ['@' | '~', number]>>> = {},
): { index: string; data: string } {
  // Offsets are written in 8 digits, so the lines' lengths, and the offsets, do not depend on them.
  const lineOf = (lemmas: readonly string[], at: number, offsetOf: (place: number) => number) => {
    const words = lemmas.map((lemma) => `${lemma} 0`).join(' ');
    const listed = pointers[at] ?? [];
    const pointed = listed.map(([symbol, place]) => ` ${symbol} ${String(offsetOf(place)).padStart(8, '0')} n 0000`).join('');
    return `${String(offsetOf(at)).padStart(8, '0')} 06 n ${lemmas.length.toString(16).padStart(2, '0')} ${words} ${String(listed.length).padStart(3, '0')}${pointed} | a gloss  \n`;
  };
  const offsets: number[] = [];
  let length = 0;
  synsets.forEach((lemmas, at) => {
    offsets.push(length);
    length += lineOf(lemmas, at, () => 0).length;
  });
  const data = synsets.map((lemmas, at) => lineOf(lemmas, at, (place) => offsets[place] as number)).join('');
  const senses = new Map<string, number[]>();
  synsets.forEach((lemmas, i) => {
    for (const lemma of lemmas) senses.set(lemma, [...(senses.get(lemma) ?? []), offsets[i] as number]);
  });
  const index = [...senses]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([lemma, at]) => `${lemma} n ${at.length} 0 ${at.length} 0 ${at.map((offset) => String(offset).padStart(8, '0')).join(' ')}  `)
    .join('\n');
  return { index: `${index}\n`, data };
}

describe('the method, on a few icons', () => {
  const noWordNet = (icons: Parameters<typeof buildVocabulary>[0]['icons']) => new Vocabulary(buildVocabulary({ icons, wordnet: undefined }));

  it('weighs a link by how many sources agree, and a lone slip of one source far below', () => {
    const vocabulary = noWordNet({
      lucide: [
        { name: 'trash', tags: ['garbage', 'binoculars'] },
        { name: 'binoculars', tags: [] },
      ],
      tabler: [{ name: 'trash', tags: ['garbage'] }],
      phosphor: [{ name: 'trash', tags: ['garbage'] }],
    });
    expect(vocabulary.linksOf('garbage')).toEqual([{ nameWord: 'trash', weight: 3, provenance: from({ lucide: 1, tabler: 1, phosphor: 1 }) }]);
    // "binoculars" names another icon: its one source's tag on trash counts a fifth.
    expect(vocabulary.linksOf('binoculars')).toEqual([{ nameWord: 'trash', weight: VOCABULARY_LIMITS.loneNameWordShare, provenance: from({ lucide: 1 }) }]);
  });

  it("learns nothing from a tag made of the icon's own name words", () => {
    const vocabulary = noWordNet({ lucide: [{ name: 'chart-pie', tags: ['pie chart', 'pie', 'charts', 'statistics'] }], tabler: [], phosphor: [] });
    expect([...vocabulary.words()]).toEqual(['statistics']);
    expect(vocabulary.linksOf('statistics').map((link) => link.nameWord)).toEqual(['chart', 'pie']);
  });

  it("links a word of a project's list entry's own name to the entry's other name words", () => {
    // The entry is named with the words packs draw the thing with, among them the word it is asked for by.
    const vocabulary = noWordNet({ jargon: [{ name: 'watermark-copyright', tags: ['watermark', 'branding'] }] });
    expect(vocabulary.linksOf('watermark').map((link) => link.nameWord)).toEqual(['copyright', 'watermark']);
    // A library's tag of its own name words still says nothing (above), however the lists are read.
    const library = noWordNet({ lucide: [{ name: 'watermark-copyright', tags: ['watermark'] }] });
    expect(library.linksOf('watermark')).toEqual([]);
  });

  it("counts the project's words of fields apart from its names of controls, which a list of things would reweigh", () => {
    const lucide = ['compass', 'signpost', 'compass-off', 'map', 'arrow-down'].map((name) => ({ name, tags: [] }));
    const controls = [{ name: 'compass-signpost', tags: ['guidance'] }];
    const things = Array.from({ length: 20 }, (_, at) => ({ name: `map-${at}`, tags: [`place ${at}`] }));
    const weights = (icons: Parameters<typeof noWordNet>[0]) =>
      noWordNet(icons)
        .linksOf('guidance')
        .map((link) => [link.nameWord, link.weight]);
    const alone = weights({ lucide, jargon: controls });
    expect(alone.map(([word]) => word)).toEqual(['compass', 'signpost']);
    expect(weights({ lucide, jargon: controls, fields: things })).toEqual(alone);
    // In one list, the things' entries would have lowered how telling each of its names' words is.
    expect(weights({ lucide, jargon: [...controls, ...things] })).not.toEqual(alone);
    expect(noWordNet({ lucide, fields: [{ name: 'map', tags: ['atlas'] }] }).linksOf('atlas')).toEqual([
      { nameWord: 'map', weight: 1, provenance: from({ fields: 1 }) },
    ]);
  });

  it("keys no word of a field's phrase alone that names other icons: the phrase means the entry, the word what it names", () => {
    const lucide = [
      { name: 'plane', tags: [] },
      { name: 'jet', tags: [] },
      { name: 'globe', tags: [] },
    ];
    const vocabulary = noWordNet({ lucide, fields: [{ name: 'globe-clock', tags: ['jet lag', 'time zone'] }] });
    expect(vocabulary.phraseLinksOf('jet', 'lag').map((link) => link.nameWord)).toEqual(['clock', 'globe']);
    // `jet` names a library's icon: alone, it finds that, not the clock; `lag` names none, and means the entry.
    expect(vocabulary.linksOf('jet')).toEqual([]);
    expect(vocabulary.linksOf('lag').map((link) => link.nameWord)).toEqual(['clock', 'globe']);
    // The project's other lists key every word of a phrase, as before.
    expect(
      noWordNet({ lucide, jargon: [{ name: 'globe-clock', tags: ['jet lag'] }] })
        .linksOf('jet')
        .map((link) => link.nameWord),
    ).toEqual(['clock', 'globe']);
  });

  it('keeps the whole names icon libraries tagged with a word, the most tagged first, then the shorter', () => {
    const vocabulary = noWordNet({
      lucide: [
        { name: 'undo-2', tags: ['undo', 'rewind'] },
        { name: 'rotate-ccw', tags: ['undo', 'restart'] },
      ],
      tabler: [{ name: 'arrow-back-up', tags: ['undo', 'back', 'go back'] }],
      phosphor: [{ name: 'arrow-u-up-left', tags: ['undo', 'return to sender'] }],
      fontawesome: [
        { name: 'arrow-u-up-left', tags: ['undo'] },
        { name: 'rotate-left-solid', tags: ['undo'] },
      ],
      // Names of describing sources are no pack's: an emoji's CLDR name, Material Design Icons' own compounds.
      emoji: [{ name: 'right-arrow-curving-left', tags: ['undo'] }],
      mdi: [{ name: 'arrow-u-left-top', tags: ['undo'] }],
    });
    // Each name as packs name their glyphs, style words and numbers dropped (`rotate-left-solid`, `undo-2`).
    expect(vocabulary.taggedNamesOf('undo')).toEqual(['arrow-u-up-left', 'rotate-ccw', 'rotate-left', 'arrow-back-up']);
    expect(vocabulary.taggedNamesOf('rewind')).toEqual(['undo']);
    // A word of the icon's own name (`back`) finds it by that name already; a tag of several words is no one word's.
    expect(vocabulary.taggedNamesOf('back')).toEqual([]);
    expect(vocabulary.taggedNamesOf('sender')).toEqual([]);
    // A tag of two words is kept whole too, and one of three is not.
    expect(vocabulary.taggedNamesOf('go-back')).toEqual(['arrow-back-up']);
    expect(vocabulary.taggedNamesOf('return-to-sender')).toEqual([]);
    expect(vocabulary.taggedNamesOf('restarts')).toEqual(['rotate-ccw']);
  });

  it('keeps at most a few whole names per word', () => {
    const icons = Array.from({ length: 20 }, (_, i) => ({ name: `arrow-${'x'.repeat(i + 1)}`, tags: ['undo'] }));
    const names = noWordNet({ lucide: icons }).taggedNamesOf('undo');
    expect(names).toHaveLength(VOCABULARY_LIMITS.maxTaggedNames);
    expect(names[0]).toBe('arrow-x');
  });

  it('counts an icon once for a word, however often it repeats the tag', () => {
    const vocabulary = noWordNet({
      lucide: [
        { name: 'eraser', tags: ['undo', 'Undo', 'undo'] },
        { name: 'arrow-back-up', tags: ['undo'] },
      ],
      tabler: [{ name: 'arrow-back-up', tags: ['undo'] }],
    });
    // Two icons tag `arrow-back-up` "undo", one `eraser`, whatever its three tags.
    expect(vocabulary.taggedNamesOf('undo')).toEqual(['arrow-back-up', 'eraser']);
  });

  it('counts the words of a several-word tag half as much as the tag', () => {
    const vocabulary = noWordNet({ lucide: [{ name: 'printer', tags: ['hard copy'] }], tabler: [], phosphor: [] });
    expect(vocabulary.phraseLinksOf('hard', 'copy')).toEqual([{ nameWord: 'printer', weight: 1, provenance: from({ lucide: 1 }) }]);
    expect(vocabulary.linksOf('copy')).toEqual([{ nameWord: 'printer', weight: VOCABULARY_LIMITS.partShare, provenance: from({ lucide: 1 }) }]);
  });

  it("counts an emoji's keywords half as much as an icon's tags, and reads no emoji name as a name word", () => {
    const vocabulary = noWordNet({
      lucide: [{ name: 'trash', tags: ['garbage', 'wastebasket'] }],
      emoji: [{ name: 'wastebasket', tags: ['garbage'] }],
    });
    expect(vocabulary.linksOf('garbage')).toEqual([
      { nameWord: 'trash', weight: 1, provenance: from({ lucide: 1 }) },
      { nameWord: 'wastebasket', weight: VOCABULARY_LIMITS.describingShare, provenance: from({ emoji: 1 }) },
    ]);
    // `wastebasket` names an emoji only: Lucide's tag is no slip for another icon's name, and keeps its whole weight.
    expect(vocabulary.linksOf('wastebasket')).toEqual([{ nameWord: 'trash', weight: 1, provenance: from({ lucide: 1 }) }]);
  });

  it('lets a WordNet synonym of a name word mean that name word, not what the name word is tagged with', () => {
    // One synset {house, manse} at offset 0 of data.noun; `home` is tagged "house".
    const empty = { index: '', data: '' };
    const wordnet = new WordNet({
      noun: { index: 'house n 1 0 1 0 00000000  \nmanse n 1 0 1 0 00000000  \n', data: '00000000 06 n 02 house 0 manse 0 000 | a dwelling  \n' },
      verb: empty,
      adj: empty,
    });
    const icons = {
      lucide: [
        { name: 'house', tags: [] },
        { name: 'home', tags: ['house'] },
      ],
      tabler: [],
      phosphor: [],
    };
    const vocabulary = new Vocabulary(buildVocabulary({ icons, wordnet }));
    expect(vocabulary.linksOf('house').map((link) => link.nameWord)).toEqual(['home']);
    expect(vocabulary.linksOf('manse')).toEqual([{ nameWord: 'house', weight: VOCABULARY_LIMITS.wordnetWeight, provenance: from({ wordnet: 1 }) }]);
  });

  it('gives a word the icon sources tag its WordNet synonyms among name words too, beside their links', () => {
    // One synset {dwelling, home}; Lucide tags `houses` "dwelling", and names a `home` it does not tag so.
    const wordnet = new WordNet({ noun: nounsOf([['dwelling', 'home']]), verb: EMPTY, adj: EMPTY });
    const icons = {
      lucide: [
        { name: 'houses', tags: ['dwelling'] },
        { name: 'home', tags: [] },
      ],
    };
    const vocabulary = new Vocabulary(buildVocabulary({ icons, wordnet }));
    expect(vocabulary.linksOf('dwelling')).toEqual([
      { nameWord: 'houses', weight: 1, provenance: from({ lucide: 1 }) },
      { nameWord: 'home', weight: VOCABULARY_LIMITS.wordnetWeight, provenance: from({ wordnet: 1 }) },
    ]);
    // A name word means itself: WordNet adds no link to it.
    expect(vocabulary.linksOf('home')).toEqual([]);
  });

  it('gives a word the icon sources tag the name words it is a kind of, not those it is broader than', () => {
    // {precipitation} ⊃ {rain} ⊃ {downpour}; Lucide tags `showers` "downpour" and "precipitation", and names a `rain` it does not tag so.
    const wordnet = new WordNet({
      noun: nounsOf([['precipitation'], ['rain'], ['downpour']], {
        0: [['~', 1]],
        1: [
          ['@', 0],
          ['~', 2],
        ],
        2: [['@', 1]],
      }),
      verb: EMPTY,
      adj: EMPTY,
    });
    const icons = {
      lucide: [
        { name: 'showers', tags: ['downpour', 'precipitation'] },
        { name: 'rain', tags: [] },
      ],
    };
    const vocabulary = new Vocabulary(buildVocabulary({ icons, wordnet }));
    const kindWeight = VOCABULARY_LIMITS.wordnetWeight * VOCABULARY_LIMITS.hyponymShare;
    expect(vocabulary.linksOf('downpour')).toEqual([
      { nameWord: 'showers', weight: 1, provenance: from({ lucide: 1 }) },
      { nameWord: 'rain', weight: kindWeight, provenance: from({ wordnet: 1 }) },
    ]);
    // Rain is a kind of precipitation, not the other way: the tagged broader word keeps its sources' link alone.
    expect(vocabulary.linksOf('precipitation')).toEqual([{ nameWord: 'showers', weight: 1, provenance: from({ lucide: 1 }) }]);
  });

  it("weighs the project's own list by how telling each name word is among the libraries' names, and takes its tags as meant", () => {
    const vocabulary = noWordNet({
      lucide: [
        { name: 'arrow-down', tags: [] },
        { name: 'chevron-down', tags: [] },
        { name: 'caret-down', tags: [] },
        { name: 'trending-down', tags: [] },
        { name: 'cog', tags: [] },
      ],
      jargon: [
        { name: 'trending-down', tags: ['downtrend'] },
        { name: 'settings', tags: ['cog'] },
      ],
    });
    // The list names its glyph `trending-down` as the libraries do, but most of their names hold `down`: it says little of a downtrend.
    const [trending, down] = vocabulary.linksOf('downtrend');
    expect([trending?.nameWord, down?.nameWord]).toEqual(['trending', 'down']);
    expect(trending?.weight).toBe(1);
    expect(down?.weight).toBeLessThan(0.2);
    // `cog` names a library's icon, yet the list's tag is no slip: it keeps its whole weight.
    expect(vocabulary.linksOf('cog')).toEqual([{ nameWord: 'settings', weight: 1, provenance: from({ jargon: 1 }) }]);
  });

  it('reads the British spelling of a word as the word, where WordNet has both for one of their frequent senses', () => {
    // `color` and `colour` share their one synset; `timbre`'s synset is the fifth sense of `timber`.
    const wordnet = new WordNet({
      noun: nounsOf([['color', 'colour'], ['timber'], ['timber'], ['timber'], ['timber'], ['timbre', 'timber']]),
      verb: EMPTY,
      adj: EMPTY,
    });
    const icons = {
      lucide: [
        { name: 'color', tags: ['hue'] },
        { name: 'timber', tags: [] },
        { name: 'palette', tags: ['color'] },
      ],
    };
    const vocabulary = new Vocabulary(buildVocabulary({ icons, wordnet }));
    expect(vocabulary.linksOf('colour')).toEqual([
      { nameWord: 'color', weight: VOCABULARY_LIMITS.spellingWeight, provenance: from({ wordnet: 1 }) },
      ...vocabulary.linksOf('color'),
    ]);
    expect(vocabulary.linksOf('timbre').some((link) => link.nameWord === 'timber')).toBe(false);
  });

  it("lets a name word's derivationally related form mean it: the verb for the thing it is done with", () => {
    // The noun {printer} and the verb {print}, each at offset 0 of its data file, derivationally related word to word.
    const wordnet = new WordNet({
      noun: { index: 'printer n 1 1 + 1 0 00000000  \n', data: '00000000 06 n 01 printer 0 001 + 00000000 v 0101 | a machine that prints  \n' },
      verb: { index: 'print v 1 1 + 1 0 00000000  \n', data: '00000000 36 v 01 print 0 001 + 00000000 n 0101 01 + 01 00 | put into print  \n' },
      adj: { index: '', data: '' },
    });
    const vocabulary = new Vocabulary(buildVocabulary({ icons: { lucide: [{ name: 'printer', tags: [] }] }, wordnet }));
    expect(vocabulary.linksOf('print')).toEqual([
      { nameWord: 'printer', weight: VOCABULARY_LIMITS.wordnetWeight * VOCABULARY_LIMITS.derivationShare, provenance: from({ wordnet: 1 }) },
    ]);
  });

  it('counts an alias of Material Design Icons half as much as a tag, and reads no name of theirs as a name word', () => {
    const vocabulary = noWordNet({
      lucide: [{ name: 'puzzle', tags: ['plugin'] }],
      mdi: [{ name: 'toy-brick', tags: ['plugin', 'lego'] }],
    });
    expect(vocabulary.linksOf('plugin')[0]).toEqual({ nameWord: 'puzzle', weight: 1, provenance: from({ lucide: 1 }) });
    expect(vocabulary.linksOf('plugin').find((link) => link.nameWord === 'brick')?.weight).toBe(VOCABULARY_LIMITS.describingShare);
  });
});

/** Every icon of the three icon sources with its tags, and the part of WordNet a build over them reads. */
interface VocabularyExcerpt {
  icons: Parameters<typeof buildVocabulary>[0]['icons'];
  wordnet: WordNetFiles;
}

describe('the vocabulary of a copy of its sources', () => {
  let table: VocabularyTable;
  let vocabulary: Vocabulary;
  /** The table as the build stores it, written once for the tests of its size and of reading it back. */
  let tableJson: string;
  beforeAll(() => {
    const excerpt = JSON.parse(gunzipSync(readFileSync(join(ROOT, 'test', 'fixtures', 'vocabulary.json.gz'))).toString()) as VocabularyExcerpt;
    table = buildVocabulary({ icons: excerpt.icons, wordnet: new WordNet(excerpt.wordnet) });
    vocabulary = new Vocabulary(table);
    tableJson = JSON.stringify(table);
  });

  const top = (word: string) => vocabulary.linksOf(word)[0];

  it('links what people call an icon to the word its name uses', () => {
    expect(top('garbage')?.nameWord).toBe('trash');
    expect(top('rubbish')?.nameWord).toBe('trash');
    expect(top('loudness')?.nameWord).toBe('volume');
    expect(top('padlock')?.nameWord).toBe('lock');
    expect(top('gear')?.nameWord).toBe('cog');
    expect(top('envelope')?.nameWord).toBe('mail');
    expect(top('notification')?.nameWord).toBe('bell');
    // Lucide and Font Awesome tag their `house` "residence"; tabler tags its `home`.
    expect(top('residence')?.nameWord).toBe('house');
    expect(vocabulary.linksOf('residence')[1]?.nameWord).toBe('home');
    expect(top('kitty')?.nameWord).toBe('cat');
  });

  it('knows the names of interface controls that no icon library tags', () => {
    expect(vocabulary.linksOf('kebab').map((link) => link.nameWord)).toEqual(expect.arrayContaining(['dots', 'vertical']));
    expect(top('hamburger')?.nameWord).toBe('menu');
    expect(top('throbber')?.nameWord).toBe('loader');
    expect(vocabulary.linksOf('kebab')[0]?.provenance[VOCABULARY_SOURCES.indexOf('jargon')]).toBe(1);
  });

  it('knows the words of actions, editing and ideas that icon libraries seldom tag', () => {
    expect(vocabulary.phraseLinksOf('cross', 'out')[0]?.nameWord).toBe('strikethrough');
    expect(vocabulary.phraseLinksOf('flush', 'left').map((link) => link.nameWord)).toEqual(['align', 'left']);
    expect(vocabulary.linksOf('kerning').map((link) => link.nameWord)).toEqual(['spacing', 'letter']);
    expect(top('luck')?.nameWord).toBe('clover');
    expect(vocabulary.linksOf('reboot').map((link) => link.nameWord)).toContain('restart');
    expect(top('colour')).toEqual({ nameWord: 'color', weight: VOCABULARY_LIMITS.spellingWeight, provenance: from({ wordnet: 1 }) });
  });

  it('knows the words of trades and fields that icon libraries seldom tag', () => {
    expect(top('dongle')?.nameWord).toBe('usb');
    expect(vocabulary.linksOf('tradie').map((link) => link.nameWord)).toEqual(['hard', 'hat']);
    expect(top('fairway')?.nameWord).toBe('golf');
    expect(vocabulary.linksOf('layover').map((link) => link.nameWord)).toEqual(expect.arrayContaining(['plane', 'airplane']));
    expect(top('dongle')?.provenance[VOCABULARY_SOURCES.indexOf('fields')]).toBe(1);
  });

  it('weighs the link three icon sources make above the links of one', () => {
    const garbage = top('garbage');
    expect(garbage?.provenance.slice(0, WORDNET).filter((count) => count > 0).length).toBeGreaterThanOrEqual(3);
    const loudness = top('loudness');
    expect(loudness?.provenance.filter((count) => count > 0)).toHaveLength(1);
    expect(garbage?.weight).toBeGreaterThan(2 * (loudness?.weight as number));
  });

  it('learns from WordNet what no icon source tags, weaker than the icon sources', () => {
    const dustbin = top('dustbin');
    expect(dustbin?.nameWord).toBe('trash');
    expect(dustbin?.provenance).toEqual([...from({}).slice(0, WORDNET), expect.any(Number)]);
    expect(dustbin?.weight).toBeLessThanOrEqual(VOCABULARY_LIMITS.wordnetWeight);
    expect(top('wastebasket')?.nameWord).toBe('trash');
  });

  it('reads two words as one tag', () => {
    // Font Awesome names its printer `print` and tags it "hard copy".
    expect(vocabulary.phraseLinksOf('hard', 'copy')[0]?.nameWord).toBe('print');
    expect(vocabulary.phraseLinksOf('magnifying', 'glass')[0]?.nameWord).toBe('search');
  });

  it('keeps a bin a bin: trash, never binoculars', () => {
    expect(top('bin')?.nameWord).toBe('trash');
    expect(vocabulary.linksOf('bin').some((link) => link.nameWord.startsWith('binocular'))).toBe(false);
    // Lucide's one tag "binoculars" on trash ranks far below the tag three sources agree on.
    const slip = vocabulary.linksOf('binoculars').find((link) => link.nameWord === 'trash');
    expect(slip?.weight).toBeLessThan((top('garbage')?.weight as number) / 10);
  });

  it('reads plurals as their singular', () => {
    expect(vocabulary.linksOf('padlocks')).toEqual(vocabulary.linksOf('padlock'));
    expect(vocabulary.linksOf('notifications')[0]?.nameWord).toBe('bell');
  });

  it('is bounded: a few links per word, strongest first, none too weak', () => {
    const unbounded = table.words.filter(
      ([, links]) =>
        links.length === 0 ||
        links.length > VOCABULARY_LIMITS.maxLinks ||
        links.some((link, i) => link[1] < VOCABULARY_LIMITS.minWeight || (i > 0 && link[1] > (links[i - 1] as (typeof links)[0])[1])),
    );
    expect(unbounded).toEqual([]);
    // The bounds leave room for the sources to grow (bench/README.md records the sizes).
    expect(table.words.length).toBeLessThan(100_000);
    expect(tableJson.length).toBeLessThan(10_000_000);
  });

  it('reads back from its JSON', () => {
    const copy = new Vocabulary(JSON.parse(tableJson));
    expect(copy.size).toBe(vocabulary.size);
    for (const word of ['garbage', 'dustbin', 'hardcopy', 'bin']) expect(copy.linksOf(word)).toEqual(vocabulary.linksOf(word));
    for (const word of ['undo', 'disconnect', 'talk']) {
      expect(vocabulary.taggedNamesOf(word).length, word).toBeGreaterThan(0);
      expect(copy.taggedNamesOf(word)).toEqual(vocabulary.taggedNamesOf(word));
    }
  });

  it('reads back from the parts a build stores, every word linked and read backwards alike', () => {
    const parts = new Map(vocabulary.toParts('vocabulary/'));
    const copy = new Vocabulary(new PartReader(parts, 'vocabulary/'));
    expect(copy.size).toBe(vocabulary.size);
    const every = [...vocabulary.words()];
    expect([...copy.words()]).toEqual(every);
    // Every word's links under npm test; a seeded sample of them in the inner loop's tier, where reading them all twice was most of this file's time.
    const words = sweptInFastTier(every, 'vocabulary read back from its parts', 5000);
    // Compared as JSON, one array for every word: a deep comparison per word took seconds.
    const linksOf = (from: Vocabulary) => words.map((word) => JSON.stringify(from.linksOf(word)));
    expect(linksOf(copy)).toEqual(linksOf(vocabulary));
    const nameWords = [...new Set(words.flatMap((word) => vocabulary.linksOf(word).map((link) => link.nameWord)))];
    const backLinksOf = (from: Vocabulary) => nameWords.map((name) => JSON.stringify(from.backLinksOf(name)));
    expect(backLinksOf(copy)).toEqual(backLinksOf(vocabulary));
    const taggedNamesOf = (from: Vocabulary) => words.map((word) => JSON.stringify(from.taggedNamesOf(word)));
    expect(taggedNamesOf(copy)).toEqual(taggedNamesOf(vocabulary));
    const backLinked = nameWords.filter((name) => vocabulary.backLinksOf(name).length > 0).length;
    expect(backLinked).toBeGreaterThan(10);
    for (const [name, bytes] of copy.toParts('vocabulary/'))
      expect(Buffer.compare(Buffer.from(bytes), Buffer.from(parts.get(name) as Uint8Array)), name).toBe(0);
  });
});
