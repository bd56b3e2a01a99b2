import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { locateDefaultCatalog } from '../../src/data/catalog/sources.js';
import { nameWordFrequencies, TYPO_LIMITS, TypoCorrector } from '../../src/data/search/meaning/typo.js';
import { buildVocabulary } from '../../src/data/search-index/vocabulary/build-vocabulary.js';
import { readVocabularySources } from '../../src/data/search-index/vocabulary/vocabulary-sources.js';

/* Typo correction over the words search knows: the name words of the whole @iconify/json catalog and the vocabulary's words. */

const corrected = (corrector: TypoCorrector, word: string) => corrector.corrections(word, 1)[0]?.word;

describe('corrections over the catalog', () => {
  let corrector: TypoCorrector;
  beforeAll(async () => {
    const { dir } = locateDefaultCatalog();
    const names = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => Object.keys((JSON.parse(readFileSync(join(dir, file), 'utf8')) as { icons: object }).icons));
    const frequencies = nameWordFrequencies(names);
    for (const [word] of buildVocabulary(await readVocabularySources()).words) if (!frequencies.has(word)) frequencies.set(word, 0);
    corrector = new TypoCorrector(frequencies);
  });

  it('finds the name word a misspelling meant', () => {
    expect(corrected(corrector, 'trsh')).toBe('trash');
    expect(corrected(corrector, 'calender')).toBe('calendar');
    expect(corrected(corrector, 'hoem')).toBe('home');
    expect(corrected(corrector, 'serach')).toBe('search');
    expect(corrected(corrector, 'settigns')).toBe('settings');
    expect(corrected(corrector, 'notifcation')).toBe('notification');
    expect(corrected(corrector, 'bookmrk')).toBe('bookmark');
    expect(corrected(corrector, 'dowload')).toBe('download');
  });

  it('corrects a word of the vocabulary alone, which no name holds', () => {
    expect(corrected(corrector, 'dustbn')).toBe('dustbin');
  });

  it('gives nothing for what is no near miss', () => {
    expect(corrector.corrections('qqqqqqq')).toEqual([]);
    expect(corrector.corrections('x'.repeat(TYPO_LIMITS.maxWordLength + 1))).toEqual([]);
  });

  it('costs a bounded memory for the known words', () => {
    // About 83,000 known words: 14 MB.
    expect(corrector.size).toBeGreaterThan(50_000);
    expect(corrector.bytes / corrector.size).toBeLessThan(200);
  });
});

describe('the corrector', () => {
  it('prefers nearer words, then frequent ones', () => {
    const corrector = new TypoCorrector(
      new Map([
        ['home', 1500],
        ['hoe', 2],
        ['hem', 40],
        ['homes', 3000],
      ]),
    );
    expect(corrector.corrections('hoem', 5)).toEqual([
      { word: 'home', distance: 1, frequency: 1500 },
      { word: 'hem', distance: 1, frequency: 40 },
      { word: 'hoe', distance: 1, frequency: 2 },
    ]);
    expect(corrector.corrections('homs', 5).map((correction) => correction.word)).toEqual(['homes', 'home']);
  });

  it('lets short words be one edit away, longer ones two', () => {
    const corrector = new TypoCorrector(
      new Map([
        ['cat', 10],
        ['calendar', 10],
      ]),
    );
    expect(corrector.corrections('cta')).toEqual([{ word: 'cat', distance: 1, frequency: 10 }]);
    expect(corrector.corrections('xyz')).toEqual([]);
    expect(corrector.corrections('clendr')).toEqual([{ word: 'calendar', distance: 2, frequency: 10 }]);
  });

  it("reads at most maxExamined index entries, however many words share the query's deletes", () => {
    // 20,000 words whose first five letters are the query's: one bucket holds them all.
    const words = new Map(Array.from({ length: 20_000 }, (_, i) => [`abcde${i.toString(36).padStart(3, '0')}`, 1] as const));
    const corrector = new TypoCorrector(words);
    const found = corrector.corrections('abcdezzz', 3);
    expect(corrector.lastExamined).toBe(TYPO_LIMITS.maxExamined);
    expect(found.length).toBeGreaterThan(0);
  });
});
