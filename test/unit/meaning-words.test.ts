import { describe, expect, it } from 'vitest';
import { adjectiveOfAdverb, nameWordsOf, otherNumbersOf, singularOf, tagKeysOf, verbBaseOf } from '../../src/data/search-index/vocabulary/words.js';

/* How query words, tags and names are read before the vocabulary links them. */

const KNOWN = new Set(['battery', 'movie', 'box', 'file', 'glasses', 'glass', 'news', 'lens', 'leaf', 'knife', 'trash-can', 'can']);
const isKnown = (word: string) => KNOWN.has(word);

describe('the singular of a word', () => {
  it('is found by simple rules and kept only when known', () => {
    expect(singularOf('batteries', isKnown)).toBe('battery');
    expect(singularOf('movies', isKnown)).toBe('movie');
    expect(singularOf('boxes', isKnown)).toBe('box');
    expect(singularOf('files', isKnown)).toBe('file');
    expect(singularOf('leaves', isKnown)).toBe('leaf');
    expect(singularOf('knives', isKnown)).toBe('knife');
  });

  it('leaves known words, short words and unknown stems as they are', () => {
    expect(singularOf('glasses', isKnown)).toBe('glasses');
    expect(singularOf('news', isKnown)).toBe('news');
    expect(singularOf('lens', isKnown)).toBe('lens');
    expect(singularOf('bus', isKnown)).toBe('bus');
    expect(singularOf('chess', isKnown)).toBe('chess');
    expect(singularOf('widgets', isKnown)).toBe('widgets');
  });
});

describe('a word in the other number', () => {
  const names = new Set([
    'headphone',
    'headphones',
    'book',
    'battery',
    'batteries',
    'box',
    'boxes',
    'key',
    'keys',
    'new',
    'news',
    'glass',
    'glasses',
    'window',
    'windows',
    'bonus',
    'bonu',
    'u',
    'us',
    'up',
    'ups',
  ]);
  const isName = (word: string) => names.has(word);

  it('is its singular or its plural, whichever is a known word', () => {
    expect(otherNumbersOf('headphones', isName)).toEqual(['headphone']);
    expect(otherNumbersOf('headphone', isName)).toEqual(['headphones']);
    expect(otherNumbersOf('books', isName)).toEqual(['book']);
    expect(otherNumbersOf('battery', isName)).toEqual(['batteries']);
    expect(otherNumbersOf('boxes', isName)).toEqual(['box']);
    expect(otherNumbersOf('box', isName)).toEqual(['boxes']);
    expect(otherNumbersOf('key', isName)).toEqual(['keys']);
    expect(otherNumbersOf('book', isName)).toEqual([]);
  });

  it('is none for a word whose -s form means something else, nor for short words and words in -us, -is or -ss', () => {
    for (const word of ['news', 'new', 'glasses', 'glass', 'windows', 'window', 'bonus', 'u', 'us', 'up', 'ups'])
      expect(otherNumbersOf(word, isName), word).toEqual([]);
  });
});

describe('the verb of a form in -ing or -ed', () => {
  const verbs = new Set(['delete', 'sync', 'pin', 'cut', 'copy', 'filter', 'open', 'star', 'hope', 'hop', 'set', 'stop']);
  const isVerb = (word: string) => verbs.has(word);

  it('is found by simple rules and kept only when known', () => {
    expect(verbBaseOf('deleting', isVerb)).toBe('delete');
    expect(verbBaseOf('deleted', isVerb)).toBe('delete');
    expect(verbBaseOf('syncing', isVerb)).toBe('sync');
    expect(verbBaseOf('pinned', isVerb)).toBe('pin');
    expect(verbBaseOf('cutting', isVerb)).toBe('cut');
    expect(verbBaseOf('copied', isVerb)).toBe('copy');
    expect(verbBaseOf('filtered', isVerb)).toBe('filter');
    expect(verbBaseOf('starred', isVerb)).toBe('star');
    // Of two known verbs, the one with an e: "hoping" is hope.
    expect(verbBaseOf('hoping', isVerb)).toBe('hope');
  });

  it('is none for other endings, stems too short to tell, and unknown verbs', () => {
    for (const word of ['delete', 'bed', 'ring', 'sing', 'shed', 'walking', 'opener']) expect(verbBaseOf(word, isVerb), word).toBeUndefined();
  });

  it('is none for a verb of one syllable that would double its last consonant: such a form is a typo', () => {
    expect(verbBaseOf('setting', isVerb)).toBe('set');
    expect(verbBaseOf('stopping', isVerb)).toBe('stop');
    // "seting" and "stoping" are "setting" and "stopping" mistyped; "opened" and "filtered" double nothing.
    expect(verbBaseOf('seting', isVerb)).toBeUndefined();
    expect(verbBaseOf('stoping', isVerb)).toBeUndefined();
    expect(verbBaseOf('opened', isVerb)).toBe('open');
  });
});

describe('the adjective of an adverb in -ly', () => {
  const isAdjective = (word: string) => ['vertical', 'alphabetical', 'random', 'ear', 'app', 'week'].includes(word);

  it('is the word without -ly, kept only when known', () => {
    expect(adjectiveOfAdverb('vertically', isAdjective)).toBe('vertical');
    expect(adjectiveOfAdverb('alphabetically', isAdjective)).toBe('alphabetical');
    expect(adjectiveOfAdverb('randomly', isAdjective)).toBe('random');
    expect(adjectiveOfAdverb('horizontally', isAdjective)).toBeUndefined();
    expect(adjectiveOfAdverb('vertical', isAdjective)).toBeUndefined();
  });

  it('is none of a stem shorter than five letters, which is seldom the adjective', () => {
    expect(adjectiveOfAdverb('early', isAdjective)).toBeUndefined();
    expect(adjectiveOfAdverb('apply', isAdjective)).toBeUndefined();
    expect(adjectiveOfAdverb('weekly', isAdjective)).toBeUndefined();
  });
});

describe('the keys of a tag', () => {
  it('joins a several-word tag with - and keeps its meaningful words as parts', () => {
    expect(tagKeysOf('Hard copy', isKnown)).toEqual({ whole: 'hard-copy', parts: ['hard', 'copy'] });
    expect(tagKeysOf('trash cans', isKnown)).toEqual({ whole: 'trash-can', parts: ['trash', 'can'] });
    expect(tagKeysOf('save to disk', isKnown)).toEqual({ whole: 'save-to-disk', parts: ['save', 'disk'] });
    expect(tagKeysOf('waste-basket', isKnown)).toEqual({ whole: 'waste-basket', parts: ['waste', 'basket'] });
  });

  it('reads a one-word tag in the singular, and no markers', () => {
    expect(tagKeysOf('Files', isKnown)).toEqual({ whole: 'file', parts: [] });
    expect(tagKeysOf('*new*', isKnown)).toBeUndefined();
    expect(tagKeysOf(' - ', isKnown)).toBeUndefined();
  });
});

describe('the name words of an icon', () => {
  it('are its words without style words, numbers and stop words', () => {
    expect(nameWordsOf('trash-2')).toEqual(['trash']);
    expect(nameWordsOf('home-outline')).toEqual(['home']);
    expect(nameWordsOf('arrows-in-line-horizontal')).toEqual(['arrows', 'line', 'horizontal']);
    expect(nameWordsOf('circle-circle')).toEqual(['circle']);
  });
});
