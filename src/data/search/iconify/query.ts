import { matchIconName } from '@iconify/utils';
import type { IconStyle } from '../../search-index/icon-style.js';

/*
 * The Iconify API's query syntax, ported from the reference's splitKeyword
 * and splitKeywordEntries (src/data/search/split.ts): words, `prefix:name`,
 * `palette:`, `style:`, `fill:`/`stroke:` and `prefix(es):` filters (also
 * written with `=`), and the alternative readings of a query it tries.
 */

/** Keys of the query syntax's filters (`style:stroke`, `prefix=mdi`): a `key:value` token with one of them names no set. */
export const FILTER_KEYS: ReadonlySet<string> = new Set(['palette', 'style', 'fill', 'stroke', 'prefix', 'prefixes']);

/** Shortest partial word worth expanding to the keywords that start or end with it. */
export const MIN_PARTIAL_LENGTH = 2;

/**
 * The most words of a query that are read; later ones are ignored. The
 * longest icon name of @iconify/json has 15 chunks, so any name typed as
 * words fits. Each word is a keyword every result must hold, so words past
 * that many narrow nothing a person would ask for, and they multiply the
 * readings below.
 */
export const MAX_QUERY_WORDS = 16;

/**
 * Adjacent words are also read merged (`arrow left` as `arrowleft`), in runs
 * of at most MAX_MERGED_WORDS words and only in queries of at most
 * MAX_WORDS_TO_MERGE words: each run is a reading of its own, and all runs of
 * n words are n² readings. Runs of a name's chunks that merge into another
 * keyword of @iconify/json span 2 or 3 chunks, and 4 to 6 in fewer than 200
 * of its 420,000 names.
 */
export const MAX_MERGED_WORDS = 4;
export const MAX_WORDS_TO_MERGE = 8;

/** One reading of a query: keywords every result must have, literal strings its name must hold, and a partial last word. */
export interface SearchReading {
  keywords: string[];
  /** Multi-chunk words (`arrow-left`) that must appear literally in the matched name. */
  test?: string[];
  /** The last chunk of the last word, matched as a whole keyword first, then as the start or end of one. */
  partial?: string;
  /** Sets to search (exact ids, or id starts ending with `-`); undefined for all. */
  prefixes?: string[];
}

export interface ParsedQuery {
  readings: SearchReading[];
  /** The words that are not filters, as written (`arrow-left`, or `home` of `mdi:home`). */
  words: string[];
  /** The sets the query names (`mdi:home`, `prefix:mdi`), if any. */
  prefixes?: string[];
  palette?: boolean;
  style?: IconStyle;
}

/** The reference's paramToBoolean. */
export function booleanParam(value: string | undefined): boolean | undefined {
  switch (value) {
    case 'true':
    case 'yes':
    case '1':
      return true;
    case 'false':
    case 'no':
    case '0':
      return false;
  }
  return undefined;
}

interface Chunk {
  value: string;
  empty: boolean;
}

interface ReadingBuilder {
  keywords: Set<string>;
  test: Set<string>;
  partial?: string;
}

/** A word as written with its chunks (`-arrow` keeps a leading empty chunk), or undefined for a literal string test when it is a plain keyword. */
function literalOf(chunks: readonly Chunk[]): string | undefined {
  if (!chunks.length || (chunks.length === 1 && !(chunks[0] as Chunk).empty)) return undefined;
  return ((chunks[0] as Chunk).empty ? '-' : '') + chunks.map((chunk) => chunk.value).join('-');
}

function addWord(chunks: readonly Chunk[], reading: ReadingBuilder, allowPartial: boolean): void {
  let partial: string | undefined;
  const last = chunks.length - 1;
  chunks.forEach((chunk, i) => {
    if (chunk.empty) return;
    if (i === last && allowPartial && chunk.value.length >= MIN_PARTIAL_LENGTH) partial = chunk.value;
    else reading.keywords.add(chunk.value);
  });
  const literal = literalOf(chunks);
  if (literal) reading.test.add(literal);
  if (allowPartial && partial) reading.partial = partial;
}

/**
 * The words a query is read by: the first MAX_QUERY_WORDS, where a word
 * written again before the last counts once (a reading's keywords are a set;
 * the last word stays, as it is also completed).
 */
export function wordsRead(words: readonly string[]): string[] {
  if (!words.length) return [];
  const last = words.length - 1;
  return [...new Set(words.slice(0, last)), words[last] as string].slice(0, MAX_QUERY_WORDS);
}

/** The readings of the query's words, as splitKeywordEntries makes them (but for the caps above). */
export function readingsOf(words: readonly string[], options: { prefix: boolean; partial: boolean }): Array<SearchReading & { prefix?: string }> | undefined {
  const split: Chunk[][] = [];
  for (const word of words) {
    const chunks = word.split('-').map((value) => ({ value, empty: !value }));
    if (chunks.some((chunk) => !chunk.empty && !matchIconName.test(chunk.value))) return undefined;
    if (!chunks.some((chunk) => !chunk.empty)) return undefined;
    split.push(chunks);
  }
  if (!split.length) return undefined;
  const results: Array<SearchReading & { prefix?: string }> = [];
  const lastIndex = split.length - 1;
  const newReading = (): ReadingBuilder => ({ keywords: new Set(), test: new Set() });
  const addResult = (reading: ReadingBuilder, prefix?: string) => {
    if (!reading.keywords.size && !reading.partial) return;
    const result: SearchReading & { prefix?: string } = { keywords: [...reading.keywords], prefix, partial: reading.partial };
    if (reading.test.size) result.test = [...reading.test];
    results.push(result);
  };
  if (options.prefix) {
    const first = split[0] as Chunk[];
    const firstLast = first.length - 1;
    // The first word as a set's id: `mdi-light home`.
    if (lastIndex) {
      const empty = first.find((chunk) => chunk.empty);
      if (!empty || (firstLast > 0 && empty === first[firstLast])) {
        const prefix = first.length > 1 ? literalOf(first) : (first[0] as Chunk).value;
        if (prefix) {
          const reading = newReading();
          for (let i = 1; i <= lastIndex; i++) addWord(split[i] as Chunk[], reading, options.partial && i === lastIndex);
          addResult(reading, prefix);
        }
      }
    }
    // The first chunk of the first word as a set's id: `mdi-home`.
    if (firstLast && !(first[0] as Chunk).empty && !(first[1] as Chunk).empty) {
      const rest = first.slice(1);
      const reading = newReading();
      for (let i = 0; i <= lastIndex; i++) addWord(i ? (split[i] as Chunk[]) : rest, reading, options.partial && i === lastIndex);
      addResult(reading, (first[0] as Chunk).value);
    }
  }
  // The words as they are.
  const plain = newReading();
  for (let i = 0; i <= lastIndex; i++) addWord(split[i] as Chunk[], plain, options.partial && i === lastIndex);
  addResult(plain);
  // Runs of simple words merged: `arrow left` also as `arrowleft`.
  if (split.length > 1 && split.length <= MAX_WORDS_TO_MERGE) {
    const simple = new Set<number>();
    split.forEach((chunks, i) => {
      if (chunks.length === 1 && !(chunks[0] as Chunk).empty) simple.add(i);
    });
    if (simple.size > 1) {
      for (let start = 0; start < lastIndex; start++) {
        if (!simple.has(start)) continue;
        for (let end = start + 1; end <= lastIndex && end - start < MAX_MERGED_WORDS; end++) {
          if (!simple.has(end)) break;
          const merged: Chunk[][] = [
            ...split.slice(0, start),
            [
              {
                value: split
                  .slice(start, end + 1)
                  .map((chunks) => (chunks[0] as Chunk).value)
                  .join(''),
                empty: false,
              },
            ],
            ...split.slice(end + 1),
          ];
          const reading = newReading();
          const mergedLast = merged.length - 1;
          for (let i = 0; i <= mergedLast; i++) addWord(merged[i] as Chunk[], reading, options.partial && i === mergedLast);
          addResult(reading);
        }
      }
    }
  }
  return results;
}

/** A `prefix:` filter's entry: `mdi*` stands for `mdi` and `mdi-`; `mdi-` for every id starting with it. */
function addPrefixFilter(value: string, prefixes: Set<string>): boolean {
  if (value.endsWith('*')) {
    const start = value.slice(0, -1);
    if (!matchIconName.test(start)) return false;
    prefixes.add(start);
    prefixes.add(`${start}-`);
    return true;
  }
  if (value.length && matchIconName.test(`${value}a`)) {
    prefixes.add(value);
    return true;
  }
  return false;
}

/** Parses a search query; undefined when the reference finds nothing for it (a bad filter, no word, a word that is no name). */
export function parseQuery(query: string, allowPartial = true): ParsedQuery | undefined {
  const prefixes = new Set<string>();
  let palette: boolean | undefined;
  let style: IconStyle | undefined;
  let words: string[] = [];
  let hasPrefixes = false;
  let checkPartial = false;
  /**
   * A `key:value` or `key=value` filter; false when it is a bad one. Only the
   * `:` form counts as the query's one set-naming word (the reference's quirk).
   */
  const filter = (key: string, value: string, namesSets: boolean): boolean | 'not a filter' => {
    switch (key) {
      case 'palette':
        palette = booleanParam(value);
        return typeof palette === 'boolean';
      case 'style':
        if (value !== 'fill' && value !== 'stroke') return false;
        style = value;
        return true;
      case 'fill':
      case 'stroke':
        if (!booleanParam(value)) return false;
        style = key;
        return true;
      case 'prefix':
      case 'prefixes': {
        if (hasPrefixes) return false;
        if (namesSets) hasPrefixes = true;
        let valid = false;
        for (const entry of value.split(',')) if (addPrefixFilter(entry.trim(), prefixes)) valid = true;
        return valid;
      }
    }
    return 'not a filter';
  };
  for (const part of query.toLowerCase().trim().split(/\s+/)) {
    const colon = part.split(':');
    if (colon.length > 2) return undefined;
    if (colon.length === 2) {
      const [key, value] = colon as [string, string];
      const filtered = filter(key, value, true);
      if (filtered === true) continue;
      if (key === 'prefix' || key === 'prefixes') return undefined;
      // Otherwise (`mdi:home`, or a filter with a bad value such as `style:x`) the key names sets.
      if (hasPrefixes) return undefined;
      hasPrefixes = true;
      let valid = false;
      for (const entry of key.split(',')) {
        const prefix = entry.trim();
        if (matchIconName.test(prefix)) {
          prefixes.add(prefix);
          valid = true;
        }
      }
      if (!valid) return undefined;
      if (value.length) {
        checkPartial = allowPartial;
        words.push(value);
      }
      continue;
    }
    const equals = part.split('=');
    if (equals.length > 2) return undefined;
    if (equals.length === 2) {
      if (filter(equals[0] as string, equals[1] as string, false) !== true) return undefined;
      continue;
    }
    checkPartial = allowPartial;
    words.push(part);
  }
  if (!words.length) return undefined;
  words = wordsRead(words);
  const readings = readingsOf(words, { prefix: !hasPrefixes && !prefixes.size, partial: checkPartial });
  if (!readings) return undefined;
  const parsed: ParsedQuery = {
    words,
    readings: readings.map(({ prefix, ...reading }) => ({
      ...reading,
      prefixes: prefix ? [...prefixes, prefix] : prefixes.size ? [...prefixes] : undefined,
    })),
  };
  if (prefixes.size) parsed.prefixes = [...prefixes];
  if (typeof palette === 'boolean') parsed.palette = palette;
  if (style) parsed.style = style;
  return parsed;
}
