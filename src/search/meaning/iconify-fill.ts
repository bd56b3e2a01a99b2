import type { Catalog } from '../../catalog/catalog.js';
import type { SearchParams } from '../engine.js';
import { runMeaningJob } from './meaning-job.js';

/*
 * The Iconify API's `/search` answers the reference's results first; past
 * them, it is filled with what search by meaning finds for the same words,
 * so that "dustbin" finds trash cans there too. Only queries of plain words
 * are filled: no `key:value` (ids, `palette:`, `prefix:`), no `key=value`,
 * no category, partial words on; the reference's own syntax is its to answer.
 */

/** Whether the query is plain words, none of the reference's `key:value` or `key=value` forms. */
const wordsOnly = (query: string) => !query.includes(':') && !query.includes('=');

/** Whether pack `id` is one the `prefix`/`prefixes` parameter asks for: an id, or the start of ids when it ends with `-`. */
const asked = (id: string, prefixes: readonly string[]) => prefixes.some((prefix) => id === prefix || (prefix.endsWith('-') && id.startsWith(prefix)));

/** Icon ids that search by meaning finds for `params` among the packs `served`, best first, one per glyph. */
export function meaningFill(params: SearchParams, wanted: number, catalog: Catalog, served: readonly string[]): string[] {
  if (params.category !== undefined || params.partial === false || !wordsOnly(params.query)) return [];
  const packs = params.prefixes ? served.filter((id) => asked(id, params.prefixes as string[])) : undefined;
  if (packs?.length === 0) return [];
  const found = runMeaningJob({ kind: 'meaning', q: params.query, limit: wanted, offset: 0, packs, drawings: false }, catalog, served);
  return found.results.map((result) => result.id);
}
