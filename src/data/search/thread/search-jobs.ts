import type { Catalog } from '../../catalog/catalog.js';
import { keywordsAnswer, searchAnswer } from '../iconify/search.js';
import { closestStoredNames } from './closest-stored-names.js';
import { readSearchSources } from './search-sources.js';
import { sortedNamesOf } from './stored-names.js';
import type { CatalogSearch } from '../iconify/catalog-search.js';
import { meaningFill } from '../meaning/iconify-fill.js';
import type { MeaningJob, MeaningResults } from '../meaning/meaning-job.js';
import { MeaningSearcher } from '../meaning/searcher.js';
import { meaningSourcesOf } from '../meaning/catalog-glyphs.js';
import { glyphShapesOf } from '../shape/glyph-shapes.js';
import { SHAPE_BYTES } from '../../search-index/shape.js';

/*
 * The work of the routes that search, and of the suggestions for a missing
 * icon, as plain data in and out, so that it can run away from the thread
 * that answers requests (search-thread.ts): a search may take its whole work
 * budget, a miss its reads of the pack's names, and requests for documents
 * must not wait behind them.
 */

export type SearchJob =
  /** Nothing but what every job begins with: the catalog's search sources read, if they were not (see prepareSearch). */
  | { kind: 'prepare' }
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
  prepare: PreparedSearch;
  'iconify-search': Record<string, unknown> | 400;
  'iconify-keywords': Record<string, unknown> | 400;
  'closest-names': string[];
  meaning: MeaningResults;
}
export type SearchJobResult = SearchJobResults[SearchJob['kind']];

/** What preparing a catalog's search read: how many of its databases, whether it ran the warm-ups (the default packs' database was among them), in how long. */
export interface PreparedSearch {
  databases: number;
  warmedUp: boolean;
  ms: number;
}

/** Words a warm-up misspells: each looked up in a few packs, so that every branch of a miss's search runs. */
const WARM_UP_MISSES = ['hoem', 'acount', 'setings', 'calender', 'serch', 'arow-left', 'delet', 'usr'];
/** Packs a warm-up looks the misspellings up in, spread over those served. */
const WARM_UP_PACKS = 6;

/**
 * The first searches of a process pay for what is read from the database
 * file the first time and for code not yet compiled (a miss's search runs a
 * few times slower until V8 has compiled it optimised, which takes tens of
 * runs); these take that cost at the start: the costliest search people type
 * (`er`, a two-letter word completed to the 1,800 keywords that start or end
 * with it, whose rows stay in the page cache for the searches that share
 * them), a few searches by meaning, misses in a few packs, and a search by
 * shape of every pack (a filled square), as the first unfiltered one
 * compares them. Where the build stored their shapes it draws nothing; it
 * draws those of compared packs that another database serves in place of
 * the default catalog's (packs an update moved), so that a first search
 * by shape after a start does not. Without stored shapes (a catalog built
 * without them) it is left out: drawing every compared pack would take
 * seconds of the start.
 */
function warmUps(catalog: Catalog, served: readonly string[]): SearchJob[] {
  const step = Math.max(1, Math.floor(served.length / WARM_UP_PACKS));
  const packs = served.filter((_, i) => i % step === 0).slice(0, WARM_UP_PACKS);
  return [
    { kind: 'iconify-search', query: 'query=er&limit=999' },
    ...['home', 'arrow left', 'user settings'].map((q): SearchJob => ({ kind: 'meaning', q, limit: 24, offset: 0 })),
    ...WARM_UP_MISSES.flatMap((name) => packs.map((pack): SearchJob => ({ kind: 'closest-names', pack, name }))),
    ...(buildStoredShapes(catalog) ? [{ kind: 'meaning', q: '', limit: 24, offset: 0, shape: 'ff'.repeat(SHAPE_BYTES) } satisfies SearchJob] : []),
  ];
}

/** Whether the build of the default packs' database stored the shapes of the glyphs an unfiltered search by shape compares. */
function buildStoredShapes(catalog: Catalog): boolean {
  const defaults = catalog.databases[0];
  const index = meaningSourcesOf(catalog).indexes[0];
  return defaults !== undefined && index !== undefined && glyphShapesOf(index, defaults).storedPacks.length > 0;
}

/**
 * Reads what searches read of the databases of `catalog` not read yet (see
 * readSearchSources), and when the default packs' database is among them,
 * runs the warm-ups: what every job does first, so that a job for a catalog
 * never prepared still finds its sources, only later.
 */
export function prepareSearch(source: CatalogSearch, catalog: Catalog, served: readonly string[], searcher: MeaningSearcher): PreparedSearch {
  const started = performance.now();
  const read = readSearchSources(catalog);
  const defaultPacks = catalog.databases[0];
  const warmedUp = defaultPacks !== undefined && read.includes(defaultPacks);
  if (warmedUp) for (const warmUp of warmUps(catalog, served)) runSearchJob(warmUp, source, catalog, served, searcher);
  return { databases: read.length, warmedUp, ms: Math.round(performance.now() - started) };
}

/**
 * Runs one job over `source`, the search of the packs the request may see
 * (`served`); `catalog` gives the sets' info, and `searcher` is the searcher
 * by meaning of the thread that runs it.
 */
export function runSearchJob(job: SearchJob, source: CatalogSearch, catalog: Catalog, served: readonly string[], searcher: MeaningSearcher): SearchJobResult {
  switch (job.kind) {
    case 'prepare':
      return prepareSearch(source, catalog, served, searcher);
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
  /** The databases of these serials are closed: what was read of them may go. */
  release(serials: readonly number[]): void;
  close(): Promise<void>;
}

/**
 * Runs each job at once, in the thread that asks (exports, and tests of
 * answers in process), with a searcher by meaning of its own; what it reads
 * of a database goes with the database.
 */
class ThisThreadRunner implements SearchRunner {
  private searcher: MeaningSearcher | undefined;

  async run(job: SearchJob, scope: SearchScope): Promise<SearchJobResult> {
    this.searcher ??= new MeaningSearcher();
    const source = scope.source();
    const prepared = prepareSearch(source, scope.catalog, scope.served, this.searcher);
    return job.kind === 'prepare' ? prepared : runSearchJob(job, source, scope.catalog, scope.served, this.searcher);
  }

  release(): void {}

  async close(): Promise<void> {}
}

export const inThisThread: SearchRunner = new ThisThreadRunner();
