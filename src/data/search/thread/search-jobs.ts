import type { Catalog } from '../../catalog/catalog.js';
import { keywordsAnswer, searchAnswer } from '../iconify/search.js';
import { closestStoredNames } from './closest-stored-names.js';
import { sortedNamesOf } from './stored-names.js';
import type { CatalogSearch } from '../iconify/catalog-search.js';
import { meaningFill } from '../meaning/iconify-fill.js';
import type { MeaningJob, MeaningResults } from '../meaning/meaning-job.js';
import { MeaningSearcher } from '../meaning/searcher.js';

/*
 * The work of the routes that search, and of the suggestions for a missing
 * icon, as plain data in and out, so that it can run away from the thread
 * that answers requests (search-thread.ts): a search may take its whole work
 * budget, a miss its reads of the pack's names, and requests for documents
 * must not wait behind them.
 */

export type SearchJob =
  /** The Iconify API's `/search`, from its query string. */
  | { kind: 'iconify-search'; query: string }
  /** The Iconify API's `/keywords`, from its query string. */
  | { kind: 'iconify-keywords'; query: string }
  /** The names of a pack closest to a name it lacks, for the suggestions of a miss. */
  | { kind: 'closest-names'; pack: string; name: string }
  /** `/r/search.json`: glyphs by what the query means. */
  | MeaningJob;

/** What each kind of job answers: an answer object or 400 for a query the route refuses, or the names found. */
export interface SearchJobResults {
  'iconify-search': Record<string, unknown> | 400;
  'iconify-keywords': Record<string, unknown> | 400;
  'closest-names': string[];
  meaning: MeaningResults;
}
export type SearchJobResult = SearchJobResults[SearchJob['kind']];

/**
 * Runs one job over `source`, the search of the packs the request may see
 * (`served`); `catalog` gives the sets' info, and `searcher` is the searcher
 * by meaning of the thread that runs it.
 */
export function runSearchJob(job: SearchJob, source: CatalogSearch, catalog: Catalog, served: readonly string[], searcher: MeaningSearcher): SearchJobResult {
  switch (job.kind) {
    case 'meaning':
      return searcher.run(job, catalog, served);
    case 'iconify-search':
      return searchAnswer(
        new URLSearchParams(job.query),
        source,
        (pack) => {
          const info = catalog.iconifyInfo(pack);
          return info === undefined ? undefined : JSON.parse(info);
        },
        (params, workLeft) => meaningFill(params, workLeft, catalog, served, searcher),
      );
    case 'iconify-keywords':
      return keywordsAnswer(new URLSearchParams(job.query), source);
    case 'closest-names':
      return closestStoredNames(job.name, sortedNamesOf(catalog, job.pack)).names;
  }
}

/** The search a job runs over: the catalog and the packs of it the request may see. */
export interface SearchScope {
  readonly catalog: Catalog;
  /** Ids of the packs served, in the registry's order. */
  readonly served: readonly string[];
  /** The search of `served`, made in this thread (and kept by whoever owns the scope). */
  source(): CatalogSearch;
}

/** A search refused because too many are waiting where searches run. */
export class SearchBusy extends Error {
  constructor() {
    super('too many searches waiting');
  }
}

/** Where search jobs run. */
export interface SearchRunner {
  run(job: SearchJob, scope: SearchScope): Promise<SearchJobResult>;
  close(): Promise<void>;
}

/** Runs each job at once, in the thread that asks (exports, and tests of answers in process), with a searcher by meaning of its own. */
class ThisThreadRunner implements SearchRunner {
  private searcher: MeaningSearcher | undefined;

  async run(job: SearchJob, scope: SearchScope): Promise<SearchJobResult> {
    this.searcher ??= new MeaningSearcher();
    return runSearchJob(job, scope.source(), scope.catalog, scope.served, this.searcher);
  }

  async close(): Promise<void> {}
}

export const inThisThread: SearchRunner = new ThisThreadRunner();
