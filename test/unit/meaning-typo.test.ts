import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { likelyMeant, TYPO_LIMITS, TypoCorrector } from '../../src/data/search/meaning/typo.js';
import { ROOT } from '../helpers/paths.js';

/*
 * Typo correction over a fixed set of known words (test/fixtures/typo-words.json):
 * the real neighbours of each misspelling, with their frequencies in the
 * names of @iconify/json, and filler words of letters no misspelling here
 * holds, so that the corrector is as large as the catalog's.
 */

const corrected = (corrector: TypoCorrector, word: string) => corrector.corrections(word, 1)[0]?.word;

/** Every word of `length` letters of `alphabet`, in order. */
function wordsOfLetters(alphabet: string, length: number): string[] {
  let words = [''];
  for (let i = 0; i < length; i++) words = words.flatMap((word) => [...alphabet].map((letter) => word + letter));
  return words;
}

/** Letters that none of the misspellings corrected below holds (nor `q`): no filler word is near one of them. */
const FILLER_LETTERS = 'jpvxyz';

describe('corrections over a fixed vocabulary', () => {
  let corrector: TypoCorrector;
  beforeAll(() => {
    const fixture = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'typo-words.json'), 'utf8')) as { words: Record<string, number> };
    const frequencies = new Map(Object.entries(fixture.words));
    for (const word of [...wordsOfLetters(FILLER_LETTERS, 5), ...wordsOfLetters(FILLER_LETTERS, 6)]) frequencies.set(word, 1);
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

describe('a known word that is most likely a typo', () => {
  let correctors: TypoCorrector[];
  beforeAll(() => {
    const fixture = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'typo-words.json'), 'utf8')) as { words: Record<string, number> };
    correctors = [new TypoCorrector(new Map(Object.entries(fixture.words)))];
  });

  it('is offered the far commoner word one edit away', () => {
    expect(likelyMeant('calender', correctors)).toBe('calendar');
    expect(likelyMeant('seach', correctors)).toBe('search');
  });

  it('is not a plural, another spelling, a common word, nor a short one', () => {
    for (const word of ['alarms', 'labels', 'centre', 'favourite', 'calendar', 'arrow', 'arow']) expect(likelyMeant(word, correctors), word).toBeUndefined();
  });

  it('counts a word held by names of several databases in all of them', () => {
    const split = [
      new TypoCorrector(
        new Map([
          ['calender', 6],
          ['calendar', 700],
        ]),
      ),
      new TypoCorrector(
        new Map([
          ['calender', 6],
          ['calendar', 700],
        ]),
      ),
    ];
    // 12 names hold it in all: more than a rare word's.
    expect(likelyMeant('calender', split)).toBeUndefined();
    expect(likelyMeant('calender', split.slice(0, 1))).toBe('calendar');
  });
});
