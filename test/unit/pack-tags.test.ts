import { describe, expect, it } from 'vitest';
import { packTagsOf, TAG_LIMITS } from '../../src/data/catalog/pack-tags.js';

const names = new Set(['bin', 'cup', 'cup-alt']);
const has = (name: string) => names.has(name);

describe("an own pack's tags", () => {
  it('reads each name’s words lower-case, split at what is no letter or digit, once each, in order', () => {
    const warnings: string[] = [];
    expect(packTagsOf({ bin: ['Garbage', 'waste basket', 'garbage', 'x', 'rubbish/trash'], cup: ['Coffee-Mug'] }, has, warnings)).toEqual({
      bin: ['garbage', 'waste', 'basket', 'rubbish', 'trash'],
      cup: ['coffee', 'mug'],
    });
    expect(warnings).toEqual([]);
  });

  it('drops, with a warning, names the pack lacks and lists that are not strings; none left is no tags', () => {
    const warnings: string[] = [];
    expect(packTagsOf({ gone: ['a word'], other: ['x'], cup: 'coffee', 'cup-alt': [1] }, has, warnings)).toBeUndefined();
    expect(warnings).toEqual([
      'dropped the "tags" of 2 names the pack has no icon or alias of',
      'dropped the "tags" of 2 names not given as a list of strings',
    ]);
    const notAnObject: string[] = [];
    expect(packTagsOf(['bin'], has, notAnObject)).toBeUndefined();
    expect(notAnObject).toEqual(['dropped "tags": not an object of icon names to lists of words']);
    expect(packTagsOf(undefined, has, notAnObject)).toBeUndefined();
    expect(notAnObject.length).toBe(1);
  });

  it('keeps at most the bounded number of words of a name, each of a bounded length', () => {
    const many = Array.from({ length: 100 }, (_, i) => `word${i}`);
    const long = 'a'.repeat(TAG_LIMITS.maxWordLength + 1);
    const tags = packTagsOf({ bin: [...many, long] }, has, []);
    expect(tags?.bin).toEqual(many.slice(0, TAG_LIMITS.wordsPerName));
    expect(packTagsOf({ bin: [long] }, has, [])).toBeUndefined();
  });
});
