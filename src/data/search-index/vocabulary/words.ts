import { STYLE_WORDS } from './style-words.js';

/** Words that mean nothing alone: dropped from several-word tags ("save to disk" keeps two words) and from names (`arrows-in`). */
const STOP_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'is', 'of', 'on', 'or', 'the', 'to', 'with']);

/** Words shorter than this are left as typed: `bus`, `gas` and `ios` are not plurals. */
const MIN_PLURAL_LENGTH = 4;

/**
 * The singular of an English word by simple rules, kept only when the
 * singular is a known word: `batteries` → `battery`, `movies` → `movie`,
 * `boxes` → `box`, `files` → `file`; `news`, `glasses` or `lens`, known as
 * they are, stay. A word no rule turns into a known word is returned as it is.
 */
export function singularOf(word: string, isKnown: (word: string) => boolean): string {
  if (word.length < MIN_PLURAL_LENGTH || !word.endsWith('s') || word.endsWith('ss') || isKnown(word)) return word;
  const stem = word.slice(0, -1);
  const candidates = [stem];
  if (word.endsWith('ies')) candidates.unshift(`${word.slice(0, -3)}y`);
  else if (word.endsWith('ves')) candidates.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.endsWith('es')) candidates.push(word.slice(0, -2));
  return candidates.find(isKnown) ?? word;
}

/**
 * Words whose form with or without a final -s means something else: `news`
 * is no set of `new`s, `glasses` no glass, `windows` the operating system,
 * `arms` weapons. Never read as another word's number (otherNumbersOf).
 */
const NOT_NUMBERS: ReadonlySet<string> = new Set([
  'news',
  'glasses',
  'sunglasses',
  'eyeglasses',
  'shades',
  'specs',
  'series',
  'species',
  'canvas',
  'lens',
  'thanks',
  'goods',
  'arms',
  'customs',
  'windows',
  'shorts',
  'pants',
  'jeans',
  'means',
  'odds',
  'spirits',
  'physics',
  'mathematics',
  'economics',
  'politics',
  'headquarters',
  'https',
  'mews',
]);

/**
 * The known words that are `word` in the other number, for a pack that names
 * the thing the other way: its singular (`headphone` for "headphones"), or
 * else its plural (`headphones` for "headphone"). Letters only, the shorter
 * form of three letters or more; none for a word whose -s form means
 * something else (NOT_NUMBERS), nor for one in -us, -is or -ss, which are
 * seldom plurals (`bonus`, `axis`, `glass`).
 */
export function otherNumbersOf(word: string, isKnown: (word: string) => boolean): string[] {
  if (!/^[a-z]+$/.test(word) || NOT_NUMBERS.has(word)) return [];
  if (word.endsWith('s')) {
    if (/(us|is|ss)$/.test(word)) return [];
    const singular = singularOf(word, (candidate) => candidate !== word && isKnown(candidate));
    return singular === word ? [] : [singular];
  }
  if (word.length < MIN_PLURAL_LENGTH - 1) return [];
  const plural = /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(x|z|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
  return !NOT_NUMBERS.has(plural) && isKnown(plural) ? [plural] : [];
}

/**
 * The base of an English verb form by simple rules, kept only when the base
 * is a known word: `deleting` and `deleted` → `delete`, `syncing` → `sync`,
 * `pinned` → `pin`, `copied` → `copy`. Undefined when the word ends in
 * neither `-ing` nor `-ed`, or no rule gives a known word.
 */
export function verbBaseOf(word: string, isKnown: (word: string) => boolean): string | undefined {
  const ending = word.endsWith('ing') ? 3 : word.endsWith('ed') ? 2 : 0;
  const stem = word.slice(0, word.length - ending);
  if (ending === 0 || stem.length < 3) return undefined;
  // A verb of one syllable ending in a vowel and a consonant doubles it (`setting`): "seting" is a typo, not a form of `set`.
  const candidates = [`${stem}e`, ...(/^[^aeiouy]*[aeiouy][^aeiouwxy]$/.test(stem) ? [] : [stem])];
  if (ending === 2 && stem.endsWith('i')) candidates.unshift(`${stem.slice(0, -1)}y`);
  // A doubled last consonant is the verb's single one: `pinned`, `cutting`.
  if (stem.at(-1) === stem.at(-2) && !'aeiou'.includes(stem.at(-1) as string)) candidates.push(stem.slice(0, -1));
  return candidates.find(isKnown);
}

/**
 * The adjective of an English adverb in -ly, kept only when it is a known
 * word of five letters or more: `vertically` → `vertical`,
 * `alphabetically` → `alphabetical`, `randomly` → `random`. A shorter stem
 * is seldom the adjective (`early` is no `ear`, `apply` no `app`).
 */
export function adjectiveOfAdverb(word: string, isKnown: (word: string) => boolean): string | undefined {
  if (!word.endsWith('ly')) return undefined;
  const stem = word.slice(0, -2);
  return stem.length >= 5 && isKnown(stem) ? stem : undefined;
}

/** The words of a text, lower-cased, split on anything but letters and digits. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The words of an icon name that say what it shows: its `-`-separated words
 * without style words (`outline`, `fill`, ...), numbers (`trash-2` is a
 * trash can) and stop words (`arrows-in`), each once.
 */
export function nameWordsOf(name: string): string[] {
  return [...new Set(name.split('-').filter((word) => word !== '' && !STYLE_WORDS.has(word) && !STOP_WORDS.has(word) && !/^\d+$/.test(word)))];
}

/** A name as the vocabulary keeps whole names (see taggedNames in build-vocabulary.ts): its name words, joined with `-`. */
export function wholeNameOf(name: string): string {
  return nameWordsOf(name).join('-');
}

/**
 * What a tag says, as keys of the vocabulary: `whole`, the tag itself (a
 * several-word tag joined with `-`, its last word singular: "trash cans" →
 * `trash-can`), and `parts`, each meaningful word of a several-word tag
 * alone. Undefined for a tag with no words, or a marker like Phosphor's
 * `*new*`.
 */
export function tagKeysOf(tag: string, isKnown: (word: string) => boolean): { whole: string; parts: string[] } | undefined {
  if (tag.startsWith('*')) return undefined;
  const words = wordsOf(tag);
  const last = words.pop();
  if (last === undefined) return undefined;
  words.push(singularOf(last, isKnown));
  if (words.length === 1) return { whole: words[0] as string, parts: [] };
  const parts = words.filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !/^\d+$/.test(word)).map((word) => singularOf(word, isKnown));
  return { whole: words.join('-'), parts: [...new Set(parts)] };
}
