import { WorkBudget } from '../budget.js';
import { filteredSets, filterSetIds, prefixesOf, search, type SearchParams, type SearchResult } from './engine.js';
import { PostingReader, type SearchSource } from './posting-reader.js';
import { FILTER_KEYS, MAX_QUERY_WORDS, parseQuery } from './query.js';
import { CATEGORY_MARK } from '../../search-index/set-index.js';
import { synonymsOf } from './synonyms.js';

/*
 * Search as the registry answers it: the Iconify API's results first, in its
 * order; when they are fewer than the limit, the rest is filled with what
 * the reference does not look for: the same query with a word's synonyms,
 * then icons whose category (in their pack) is named by the query's words,
 * then what search by meaning finds (`more`). All of it works within one
 * budget: the first two read the index through one reader, the last is given what is left.
 */

/** The most rewrites of a query with a synonym that one search tries (each is a search of its own). */
export const MAX_SYNONYM_QUERIES = 4;

/**
 * The query once for each synonym of each of its plain words (`home` in
 * `home` or in `mdi:home`), in order, at most MAX_SYNONYM_QUERIES of them,
 * among the words the query is read by (the first MAX_QUERY_WORDS).
 */
export function synonymQueries(query: string): string[] {
  const tokens = query.toLowerCase().trim().split(/\s+/);
  const queries = new Set<string>();
  let words = 0;
  for (const [i, token] of tokens.entries()) {
    if (queries.size >= MAX_SYNONYM_QUERIES || words >= MAX_QUERY_WORDS) break;
    const colon = token.indexOf(':');
    const key = colon === -1 ? undefined : token.slice(0, colon);
    if (key !== undefined && FILTER_KEYS.has(key)) continue;
    if (token.includes('=')) continue;
    words++;
    const word = token.slice(colon + 1);
    if (!/^[a-z0-9]+$/.test(word)) continue;
    for (const synonym of synonymsOf(word)) {
      if (queries.size >= MAX_SYNONYM_QUERIES) break;
      const rewritten = [...tokens];
      rewritten[i] = key === undefined ? synonym : `${key}:${synonym}`;
      queries.add(rewritten.join(' '));
    }
  }
  return [...queries];
}

/** The category keywords a word of a query matches: the word, and its plural or singular. */
function categoryKeywordsOf(chunk: string): string[] {
  const forms = new Set([chunk, `${chunk}s`, `${chunk}es`]);
  if (chunk.endsWith('s') && chunk.length > 3) forms.add(chunk.slice(0, -1));
  return [...forms].map((form) => CATEGORY_MARK + form);
}

/** Names found by the category fill, shortest first. */
function ranked(found: Array<{ name: string; length: number }>): string[] {
  return found.sort((a, b) => a.length - b.length).map((match) => match.name);
}

/**
 * Icons of the sets the query may search whose categories name every word of
 * the query, shortest names first: as many as the budget lets it examine.
 */
function categoryMatches(params: SearchParams, reader: PostingReader): string[] {
  const parsed = parseQuery(params.query, false);
  if (!parsed) return [];
  const chunks = [...new Set(parsed.words.flatMap((word) => word.split('-')).filter(Boolean))];
  if (!chunks.length) return [];
  let sets = filteredSets(reader.sets, { palette: parsed.palette, style: parsed.style, category: params.category, prefixes: params.prefixes });
  if (parsed.prefixes) sets = filterSetIds(sets, parsed.prefixes);
  const keywords = chunks.map((chunk) => categoryKeywordsOf(chunk));
  // Only the sets whose categories hold some form of every word.
  sets = sets.filter((set) => keywords.every((forms) => forms.some((keyword) => reader.setsWith(keyword).has(set.id))));
  const found: Array<{ name: string; length: number }> = [];
  for (const set of sets) {
    // seq → the icon's name, ranking length and style, for the icons every word's categories hold.
    let entries: Map<number, { name: string; length: number; style: string | undefined }> | undefined;
    for (const forms of keywords) {
      const bySeq = new Map<number, { name: string; length: number; style: string | undefined }>();
      for (const keyword of forms) {
        const list = reader.entries(keyword, set.id);
        if (list === undefined) continue;
        if (!reader.budget.spend(list.size)) return ranked(found);
        for (let i = 0; i < list.size; i++) {
          const seq = list.seq(i);
          if (entries && !entries.has(seq)) continue;
          const name = list.names(i)[0] as string;
          bySeq.set(seq, { name, length: list.length(i) || name.length, style: list.style(i) });
        }
      }
      entries = new Map([...bySeq].sort(([a], [b]) => a - b));
      if (!entries.size) break;
    }
    for (const entry of entries?.values() ?? []) {
      if (parsed.style && set.style === 'mixed' && entry.style !== parsed.style) continue;
      found.push({ name: `${set.id}:${entry.name}`, length: entry.length });
    }
  }
  return ranked(found);
}

/**
 * Names found past the reference's results for the same parameters, best
 * first (the registry's search by meaning), as many as the limit asks (some
 * may be names already taken), reading at most `workLeft` units: what the
 * search's budget has left.
 */
export type MoreNames = (params: SearchParams, workLeft: number) => readonly string[];

/** Search as `/search` answers it (see above), within `budget`. */
export function searchIcons(params: SearchParams, source: SearchSource, budget: WorkBudget = new WorkBudget(), more?: MoreNames): SearchResult | undefined {
  const reader = new PostingReader(source, budget);
  const first = search(params, reader);
  if ((first?.names.length ?? 0) >= params.limit) return first;
  const names = [...(first?.names ?? [])];
  const seen = new Set(names);
  const take = (more: readonly string[]) => {
    for (const name of more) {
      if (names.length >= params.limit) return;
      if (seen.has(name)) continue;
      seen.add(name);
      names.push(name);
    }
  };
  for (const query of synonymQueries(params.query)) {
    if (names.length >= params.limit) break;
    take(search({ ...params, query }, reader)?.names ?? []);
  }
  if (names.length < params.limit) take(categoryMatches(params, reader));
  // Filled by meaning only when the reference's search left at least half of the budget: a costly search is not made costlier.
  if (names.length < params.limit && more && budget.used <= budget.units / 2) take(more(params, budget.units - budget.used));
  return names.length ? { names, prefixes: prefixesOf(names) } : undefined;
}
