import type { WordNet } from './wordnet.js';

/**
 * The regular differences of British from American spelling, as endings (and
 * one beginning): `color` → `colour`, `center` → `centre`, `organize` →
 * `organise`, `analyze` → `analyse`, `catalog` → `catalogue`, `defense` →
 * `defence`, `program` → `programme`, `canceled` → `cancelled`, `gray` →
 * `grey`. They over-generate on purpose (`motor` → `motour`): WordNet
 * decides which variants are words.
 */
const BRITISH_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/([a-z]{2})or$/, '$1our'],
  [/([a-z][^aeiou])er$/, '$1re'],
  [/([a-z]{2})iz(e|es|ed|ing|ation|ations|er|ers)$/, '$1is$2'],
  [/([a-z]{2})yz(e|es|ed|ing)$/, '$1ys$2'],
  [/([a-z]{2})og$/, '$1ogue'],
  [/([a-z]{2})ense$/, '$1ence'],
  [/([a-z]{2})am$/, '$1amme'],
  [/([a-z]{2})el(ed|ing|er|ers)$/, '$1ell$2'],
  [/^gray/, 'grey'],
];

/**
 * The British spellings of an American word, kept only where WordNet knows
 * the variant as the same word: a lemma of one of the word's `senses` most
 * frequent synsets, among its own most frequent. `timbre` shares a synset
 * with `timber` too, but a rare sense of it, and stays apart.
 */
export function britishSpellingsOf(word: string, wordnet: WordNet, senses: number): string[] {
  const variants = new Set<string>();
  for (const [ending, british] of BRITISH_RULES) {
    const variant = word.replace(ending, british);
    if (variant !== word && wordnet.has(variant) && sameWord(word, variant, wordnet, senses)) variants.add(variant);
  }
  return [...variants];
}

function sameWord(word: string, variant: string, wordnet: WordNet, senses: number): boolean {
  return wordnet.sensesOf(word).some((ours) => {
    const frequent = ours.offsets.slice(0, senses);
    return wordnet.sensesOf(variant).some((theirs) => theirs.part === ours.part && theirs.offsets.slice(0, senses).some((offset) => frequent.includes(offset)));
  });
}
