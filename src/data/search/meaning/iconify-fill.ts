import type { Catalog } from '../../catalog/catalog.js';
import { prefixFilter } from '../iconify/prefixes.js';
import type { SearchParams } from '../iconify/engine.js';
import type { MeaningSearcher } from './searcher.js';

/*
 * The Iconify API's `/search` answers the reference's results first; past
 * them, it is filled with what search by meaning finds for the same words,
 * so that "dustbin" finds trash cans there too: at most 200 of them, when the
 * reference's search left at least half of the budget, reading at most a
 * sixth of the index entries a search by meaning may. Only queries of plain words
 * are filled: no `key:value` (ids, `palette:`, `prefix:`), no `key=value`,
 * no category, partial words on; the reference's own syntax is its to answer.
 */

/** Whether the query is plain words, none of the reference's `key:value` or `key=value` forms. */
const wordsOnly = (query: string) => !query.includes(':') && !query.includes('=');

/**
 * What the fill may add and read: it comes on top of the reference's own
 * search, whose cost is bounded apart, and the two together stay within what
 * one request may cost.
 */
export const MEANING_FILL_LIMITS = { results: 200, workUnits: 100_000 } as const;

/** Icon ids that search by meaning finds for `params` among the packs `served`, best first, one per glyph, up to its limit. */
export function meaningFill(params: SearchParams, workLeft: number, catalog: Catalog, served: readonly string[], searcher: MeaningSearcher): string[] {
  if (params.category !== undefined || params.partial === false || !wordsOnly(params.query)) return [];
  const packs = params.prefixes ? served.filter(prefixFilter(params.prefixes)) : undefined;
  if (packs?.length === 0) return [];
  const found = searcher.run(
    {
      kind: 'meaning',
      q: params.query,
      limit: Math.min(params.limit, MEANING_FILL_LIMITS.results),
      offset: 0,
      packs,
      workUnits: Math.min(workLeft, MEANING_FILL_LIMITS.workUnits),
    },
    catalog,
    served,
  );
  return found.results.map((result) => result.id);
}
