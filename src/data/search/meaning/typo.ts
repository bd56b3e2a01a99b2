import { editDistance } from '../../../util/edit-distance.js';
import { bytesOf, jsonBytes, PartReader, partsUnder } from '../../search-index/stored-parts.js';

/** How far and how much a correction looks. */
export const TYPO_LIMITS = {
  /** Edits (insert, delete, substitute, swap two neighbours) a correction may be away; one for words shorter than `twoEditsFrom`. */
  maxDistance: 2,
  /** Words shorter than this are corrected by one edit at most: two edits turn most short words into others. */
  twoEditsFrom: 5,
  /** Only this many first letters of a word are indexed (SymSpell's prefix): a typo past them is found by the check of the whole word. */
  prefixLength: 7,
  /** Longer query words are not corrected: no name word is that long by mistake. */
  maxWordLength: 32,
  /** Index entries read for a query word, at most (each costs at most one edit distance), closest deletes first. */
  maxExamined: 5000,
  /** A known word held by at most this many names may be a typo of a far commoner one (see likelyMeant). */
  rareAtMost: 10,
  /** ... when that word, one edit away, is held by this many times more names. */
  commonerBy: 100,
} as const;

/** Endings that make another form of the same word: `alarms` is no typo of `alarm`. */
const INFLECTIONS = ['s', 'es', 'd', 'ed', 'ing', 'er', 'ers'];

function isInflection(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return longer.startsWith(shorter) && INFLECTIONS.includes(longer.slice(shorter.length));
}

/**
 * The word a known but rare query word most likely means: one edit away and
 * held by far more names (`calender`, the name of a few icons, is most often
 * `calendar` mistyped). The search still matches the word as typed; this is
 * only offered beside it. Frequencies are summed over the correctors (one per
 * database).
 */
export function likelyMeant(word: string, correctors: readonly TypoCorrector[]): string | undefined {
  if (word.length < TYPO_LIMITS.twoEditsFrom) return undefined;
  const own = correctors.reduce((sum, corrector) => sum + corrector.frequencyOf(word), 0);
  if (own > TYPO_LIMITS.rareAtMost) return undefined;
  const totals = new Map<string, number>();
  for (const corrector of correctors)
    for (const found of corrector.corrections(word, 3)) if (found.distance === 1) totals.set(found.word, (totals.get(found.word) ?? 0) + found.frequency);
  const [best, frequency] = [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? [];
  if (best === undefined || frequency === undefined || isInflection(word, best)) return undefined;
  return frequency >= Math.max(1, own) * TYPO_LIMITS.commonerBy ? best : undefined;
}

export interface Correction {
  word: string;
  distance: number;
  /** How many icons' names hold the word: the tie-break, frequent first. */
  frequency: number;
}

function maxDistanceOf(word: string): number {
  return word.length >= TYPO_LIMITS.twoEditsFrom ? TYPO_LIMITS.maxDistance : 1;
}

/** Each string made of `word`'s prefix by deleting up to `distance` letters, the prefix itself first, fewer deletions before more. */
function deletesOf(word: string, distance: number): string[] {
  const prefix = word.slice(0, TYPO_LIMITS.prefixLength);
  const found = new Set([prefix]);
  let level = [prefix];
  for (let step = 0; step < distance; step++) {
    const next: string[] = [];
    for (const text of level) {
      if (text.length <= 1) continue;
      for (let i = 0; i < text.length; i++) {
        const shorter = text.slice(0, i) + text.slice(i + 1);
        if (!found.has(shorter)) {
          found.add(shorter);
          next.push(shorter);
        }
      }
    }
    level = next;
  }
  return [...found];
}

const HAS_LETTER = /[a-z]/;

/** A copy of `array` with twice the room. */
function grown(array: Uint32Array): Uint32Array<ArrayBuffer> {
  const larger = new Uint32Array(array.length * 2);
  larger.set(array);
  return larger;
}

/** FNV-1a: spreads the deletes over the buckets; two deletes sharing a bucket only cost a comparison more. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** What a TypoCorrector files: its words, their frequencies, and word numbers by bucket of their deletes' hashes. */
interface FiledWords {
  words: string[];
  frequencies: Int32Array;
  /** Where each bucket's word numbers begin in `entries`, and one more: where the last ends. Buckets are a power of two. */
  offsets: Uint32Array;
  entries: Uint32Array;
}

function filedFromParts(parts: PartReader): FiledWords {
  const words = parts.json<string[]>('words');
  const frequencies = parts.int32('frequencies');
  const offsets = parts.uint32('offsets');
  const buckets = offsets.length - 1;
  if (frequencies.length !== words.length || buckets < 1 || (buckets & (buckets - 1)) !== 0)
    throw new Error('stored typo corrector: its parts do not fit together');
  return { words, frequencies, offsets, entries: parts.uint32('entries') };
}

function filedWords(frequencies: ReadonlyMap<string, number>): FiledWords {
  // Words with a letter: a number (`24`, an own pack's `icon-1234`) is no word to correct a typo to, and a pack
  // of numbered icons would otherwise fill the index with them.
  const words = [...frequencies.keys()].filter((word) => word.length > 0 && word.length <= TYPO_LIMITS.maxWordLength && HAS_LETTER.test(word));
  // The hashes of every word's deletes in one array (word by word), not an array per word.
  const firstHash = new Uint32Array(words.length + 1);
  let hashes = new Uint32Array(words.length * 8);
  let total = 0;
  words.forEach((word, index) => {
    firstHash[index] = total;
    for (const text of deletesOf(word, maxDistanceOf(word))) {
      if (total === hashes.length) hashes = grown(hashes);
      hashes[total++] = hashOf(text);
    }
  });
  firstHash[words.length] = total;
  // About four entries a bucket: a few more comparisons, a quarter of the memory of one a bucket.
  const buckets = 2 ** Math.max(4, Math.ceil(Math.log2(total / 4)));
  const bucketMask = buckets - 1;
  const offsets = new Uint32Array(buckets + 1);
  for (let at = 0; at < total; at++) offsets[(hashes[at]! & bucketMask) + 1]!++;
  for (let bucket = 0; bucket < buckets; bucket++) offsets[bucket + 1]! += offsets[bucket]!;
  const entries = new Uint32Array(total);
  const next = offsets.slice(0, buckets);
  for (let index = 0; index < words.length; index++)
    for (let at = firstHash[index]!; at < firstHash[index + 1]!; at++) entries[next[hashes[at]! & bucketMask]!++] = index;
  return { words, frequencies: Int32Array.from(words, (word) => frequencies.get(word) ?? 0), offsets, entries };
}

/**
 * Corrects misspelt query words to known words (name words of the catalog,
 * words of the vocabulary), SymSpell's way: every known word is filed
 * under each string its first letters make with up to two letters deleted;
 * a query word's own deletes find the words filed under them, and only
 * those are compared by edit distance. The work per query word is bounded
 * (at most 29 deletes, at most `maxExamined` entries read) whatever the
 * number of known words; the index is two typed arrays, word numbers by
 * bucket of deletes' hashes, without the deletes themselves.
 */
export class TypoCorrector {
  private readonly words: string[];
  private readonly frequencies: Int32Array;
  private readonly bucketMask: number;
  /** Where each bucket's word numbers begin in `entries` (and the next bucket's begin). */
  private readonly offsets: Uint32Array;
  private readonly entries: Uint32Array;
  /** Which query last compared each word, so a word filed under several deletes is compared once. */
  private readonly comparedBy: Uint32Array;
  private query = 0;
  /** Index entries the last correction read: never more than maxExamined. */
  lastExamined = 0;
  /** Memory the index holds. */
  readonly bytes: number;

  /**
   * Files `source`'s known words, each with the number of icons whose names
   * hold it (0 for words of the vocabulary alone), or reads them as a build
   * stored them (see toParts).
   */
  constructor(source: ReadonlyMap<string, number> | PartReader) {
    const filed = source instanceof PartReader ? filedFromParts(source) : filedWords(source);
    this.words = filed.words;
    this.frequencies = filed.frequencies;
    this.offsets = filed.offsets;
    this.entries = filed.entries;
    this.bucketMask = filed.offsets.length - 2;
    this.comparedBy = new Uint32Array(this.words.length);
    this.bytes =
      this.offsets.byteLength +
      this.entries.byteLength +
      this.comparedBy.byteLength +
      this.frequencies.byteLength +
      this.words.reduce((sum, word) => sum + 2 * word.length + 24, 0);
  }

  /** The corrector as a build stores it with its database, which the constructor reads again (under `prefix`). */
  toParts(prefix: string): Array<[string, Uint8Array]> {
    return partsUnder(prefix, {
      words: jsonBytes(this.words),
      frequencies: bytesOf(this.frequencies),
      offsets: bytesOf(this.offsets),
      entries: bytesOf(this.entries),
    });
  }

  /** How many names hold `word` (0 when it is not known): read from the bucket it is filed under by its own first letters. */
  frequencyOf(word: string): number {
    const bucket = hashOf(word.slice(0, TYPO_LIMITS.prefixLength)) & this.bucketMask;
    const end = Math.min(this.offsets[bucket + 1]!, this.offsets[bucket]! + TYPO_LIMITS.maxExamined);
    for (let at = this.offsets[bucket]!; at < end; at++) {
      const index = this.entries[at]!;
      if (this.words[index] === word) return this.frequencies[index]!;
    }
    return 0;
  }

  /** How many words are known. */
  get size(): number {
    return this.words.length;
  }

  /**
   * The known words nearest to `word` (itself excepted), nearest first, then
   * the most frequent, then in alphabetical order; at most `limit`.
   */
  corrections(word: string, limit = 3): Correction[] {
    if (word.length === 0 || word.length > TYPO_LIMITS.maxWordLength) return [];
    const distance = maxDistanceOf(word);
    // A new mark for this query; on wrapping around, every word is unmarked.
    if (++this.query === 0xffffffff) {
      this.comparedBy.fill(0);
      this.query = 1;
    }
    const found: Correction[] = [];
    this.lastExamined = 0;
    for (const text of deletesOf(word, distance)) {
      const bucket = hashOf(text) & this.bucketMask;
      const end = this.offsets[bucket + 1]!;
      for (let at = this.offsets[bucket]!; at < end; at++) {
        if (++this.lastExamined > TYPO_LIMITS.maxExamined) {
          this.lastExamined = TYPO_LIMITS.maxExamined;
          return ranked(found, limit);
        }
        const index = this.entries[at]!;
        if (this.comparedBy[index] === this.query) continue;
        this.comparedBy[index] = this.query;
        const known = this.words[index]!;
        if (known === word || Math.abs(known.length - word.length) > distance) continue;
        // A known word within its own reach too: a short word is one edit from a long query at most.
        const reach = Math.min(distance, maxDistanceOf(known));
        const edits = editDistance(word, known, reach);
        if (edits <= reach) found.push({ word: known, distance: edits, frequency: this.frequencies[index]! });
      }
    }
    return ranked(found, limit);
  }
}

/** How many names hold each word (each name counted once per word): the frequencies corrections prefer on ties. */
export function nameWordFrequencies(names: Iterable<string>): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const name of names) for (const word of new Set(name.split('-'))) if (word !== '') frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
  return frequencies;
}

function ranked(found: Correction[], limit: number): Correction[] {
  return found.sort((a, b) => a.distance - b.distance || b.frequency - a.frequency || (a.word < b.word ? -1 : 1)).slice(0, limit);
}
