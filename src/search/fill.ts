import { filteredSets, filterSetIds, prefixesOf, search, type SearchParams, type SearchResult, type SearchSource } from './engine.js';
import { FILTER_KEYS, parseQuery } from './query.js';
import { CATEGORY_MARK } from './set-index.js';
import { synonymsOf } from './synonyms.js';

/*
 * Search as the registry answers it: the Iconify API's results first, in its
 * order; when they are fewer than the limit, the rest is filled with what
 * the reference does not look for: the same query with a word's synonyms,
 * then icons whose category (in their pack) is named by the query's words.
 */

/** The query once for each synonym of each of its plain words (`home` in `home` or in `mdi:home`). */
export function synonymQueries(query: string): string[] {
  const tokens = query.toLowerCase().trim().split(/\s+/);
  const queries: string[] = [];
  tokens.forEach((token, i) => {
    const colon = token.indexOf(':');
    const key = colon === -1 ? undefined : token.slice(0, colon);
    if (key !== undefined && FILTER_KEYS.has(key)) return;
    const word = token.slice(colon + 1);
    if (!/^[a-z0-9]+$/.test(word)) return;
    for (const synonym of synonymsOf(word)) {
      const rewritten = [...tokens];
      rewritten[i] = key === undefined ? synonym : `${key}:${synonym}`;
      queries.push(rewritten.join(' '));
    }
  });
  return queries;
}

/** The category keywords a word of a query matches: the word, and its plural or singular. */
function categoryKeywordsOf(chunk: string): string[] {
  const forms = new Set([chunk, `${chunk}s`, `${chunk}es`]);
  if (chunk.endsWith('s') && chunk.length > 3) forms.add(chunk.slice(0, -1));
  return [...forms].map((form) => CATEGORY_MARK + form);
}

/** Icons of the sets the query may search whose categories name every word of the query, shortest names first. */
function categoryMatches(params: SearchParams, source: SearchSource): string[] {
  const parsed = parseQuery(params.query, false);
  if (!parsed) return [];
  const chunks = [...new Set(parsed.words.flatMap((word) => word.split('-')).filter(Boolean))];
  if (!chunks.length) return [];
  let sets = filteredSets(source.sets, { palette: parsed.palette, style: parsed.style, category: params.category, prefixes: params.prefixes });
  if (parsed.prefixes) sets = filterSetIds(sets, parsed.prefixes);
  const postings = chunks.map((chunk) => categoryKeywordsOf(chunk).map((keyword) => source.postings(keyword)));
  const found: Array<{ name: string; length: number }> = [];
  for (const set of sets) {
    // seq → the icon's name, ranking length and style, for the icons every word's categories hold.
    let entries: Map<number, { name: string; length: number; style: string | undefined }> | undefined;
    for (const forms of postings) {
      const bySeq = new Map<number, { name: string; length: number; style: string | undefined }>();
      for (const posting of forms) {
        const list = posting.get(set.id);
        if (list === undefined) continue;
        for (let i = 0; i < list.size; i++) {
          const seq = list.seqs[i] as number;
          if (entries && !entries.has(seq)) continue;
          const name = list.names(i)[0] as string;
          bySeq.set(seq, { name, length: (list.lengths[i] as number) || name.length, style: list.style(i) });
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
  return found.sort((a, b) => a.length - b.length).map((match) => match.name);
}

/** Search as `/search` answers it (see above). */
export function searchIcons(params: SearchParams, source: SearchSource): SearchResult | undefined {
  const first = search(params, source);
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
    take(search({ ...params, query }, source)?.names ?? []);
  }
  if (names.length < params.limit) take(categoryMatches(params, source));
  return names.length ? { names, prefixes: prefixesOf(names) } : undefined;
}
