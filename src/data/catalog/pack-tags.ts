import { isObject } from '../../util/json-object.js';

/*
 * An own pack's tags: words that say what its icons show, beyond their
 * names, which search by meaning finds them by ("garbage" for `bin`).
 * IconifyJSON has no such field; an own pack's file may carry `tags`, an
 * object from icon (or alias) name to a list of words, and an SVG folder's
 * `pack.json` the same. What cannot be read is dropped with a warning.
 */

/** What one pack's tags may hold: words of each name, a word's length, names tagged. */
export const TAG_LIMITS = { wordsPerName: 32, minWordLength: 2, maxWordLength: 32, names: 200_000 } as const;

/** The words of one tag: lower-case runs of letters and digits, as names' words are. */
function tagWordsOf(tag: string): string[] {
  return tag
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= TAG_LIMITS.minWordLength && word.length <= TAG_LIMITS.maxWordLength);
}

/**
 * The pack's tags as name → words (each name's words unique, in order), for
 * names the pack has; undefined when it has none. `raw` is the file's `tags` field.
 */
export function packTagsOf(raw: unknown, hasName: (name: string) => boolean, warnings: string[]): Record<string, string[]> | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) {
    warnings.push('dropped "tags": not an object of icon names to lists of words');
    return undefined;
  }
  const tags: Record<string, string[]> = Object.create(null);
  let unknown = 0;
  let unreadable = 0;
  let tagged = 0;
  for (const [name, list] of Object.entries(raw)) {
    if (!hasName(name)) {
      unknown++;
      continue;
    }
    if (!Array.isArray(list) || !list.every((tag) => typeof tag === 'string')) {
      unreadable++;
      continue;
    }
    if (tagged >= TAG_LIMITS.names) break;
    const words = [...new Set((list as string[]).flatMap(tagWordsOf))].slice(0, TAG_LIMITS.wordsPerName);
    if (words.length === 0) continue;
    tags[name] = words;
    tagged++;
  }
  if (unknown > 0) warnings.push(`dropped the "tags" of ${unknown} name${unknown > 1 ? 's' : ''} the pack has no icon or alias of`);
  if (unreadable > 0) warnings.push(`dropped the "tags" of ${unreadable} name${unreadable > 1 ? 's' : ''} not given as a list of strings`);
  return tagged > 0 ? { ...tags } : undefined;
}
