import { setFlagsFromString } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { Catalog } from '../../catalog/catalog.js';
import { CatalogDatabase } from '../../catalog/catalog-database.js';
import { CatalogSearch } from '../iconify/catalog-search.js';
import { MeaningSearcher } from '../meaning/searcher.js';
import { runSearchJob, type SearchJob, type SearchJobResult } from './search-jobs.js';

/*
 * The search thread: runs the search jobs of one server process, one at a
 * time, over its own connections to the catalog's database files, so that the
 * thread answering requests never waits for a search (search-thread-runner.ts
 * is the other end). It opens a database the first time a job names it and
 * closes it once a job names a newer set of files (own packs reloaded).
 */

// Starting this thread's isolate with limits of its own puts V8's process-wide flag back
// to its default, and the serving thread's young generation then grows under churn
// again (see cli/heap.ts): set once more, it keeps its size in both.
setFlagsFromString('--semi-space-growth-factor=1');

/** A database of the catalog as the requesting thread has it open: its serial there, and its file. */
export interface ThreadDatabase {
  serial: number;
  path: string;
}

export interface ThreadRequest {
  id: number;
  job: SearchJob;
  /** The catalog's databases, the default packs' first. */
  databases: ThreadDatabase[];
  /** The packs the request may see. */
  served: string[];
  /** Over the catalog of a past moment: the databases it does not name stay open (the served catalog's, searched next). */
  past: boolean;
}

export type ThreadReply = { id: number; result: SearchJobResult } | { id: number; error: string };

/**
 * The search thread's page cache for the default packs' database: searches,
 * unlike requests for icons, read the same keywords' rows again and again
 * (every completion of a short word), and the costliest search read once (the
 * warm-up below) stays read for the searches that share its keywords. Own
 * packs' databases keep SQLite's default: a miss's suggestions in a large own
 * pack read its names once each, and a larger cache only held them.
 */
const DEFAULT_PACKS_CACHE_KB = 16_000;

/** Searches kept for reuse: one per view of the catalog (the public one, and one per set of private packs asked for). */
const KEPT_SEARCHES = 16;

const databases = new Map<number, CatalogDatabase>();
/** This thread's searcher by meaning: its arrays serve every search the thread runs, one at a time. */
const searcher = new MeaningSearcher();
const searches = new Map<string, { search: CatalogSearch; catalog: Catalog }>();

/**
 * The databases a job names, opened; unless it searches a past moment, those
 * it does not name are closed (own packs or updates were reloaded, or a past
 * moment's search is over), with the searches over them.
 */
function databasesOf(named: readonly ThreadDatabase[], past: boolean): CatalogDatabase[] {
  const serials = new Set(named.map((database) => database.serial));
  for (const [serial, database] of past ? [] : databases) {
    if (serials.has(serial)) continue;
    database.close();
    databases.delete(serial);
    for (const key of searches.keys()) if (key.split(' ', 1)[0]?.split(',').includes(String(serial))) searches.delete(key);
  }
  return named.map(({ serial, path }, index) => {
    let database = databases.get(serial);
    if (!database) databases.set(serial, (database = index === 0 ? new CatalogDatabase(path, DEFAULT_PACKS_CACHE_KB) : new CatalogDatabase(path)));
    return database;
  });
}

function searchOf(request: ThreadRequest): { search: CatalogSearch; catalog: Catalog } {
  const opened = databasesOf(request.databases, request.past);
  const key = `${request.databases.map((database) => database.serial).join(',')} ${request.served.join(',')}`;
  let kept = searches.get(key);
  if (kept) {
    // Most recently used last, so that the first is the one to drop.
    searches.delete(key);
  } else {
    const catalog = new Catalog([], opened);
    kept = { catalog, search: new CatalogSearch(catalog, request.served) };
    if (searches.size >= KEPT_SEARCHES) searches.delete(searches.keys().next().value as string);
  }
  searches.set(key, kept);
  return kept;
}

/**
 * The costliest search people type, `er` (a two-letter word completed to the
 * 1,800 keywords that start or end with it: see search/budget.ts), run once
 * before the thread's first search: the first time, its keywords' rows are
 * read from the database file and cost several times what they cost once
 * read, and that cost belongs to the process's start, not to a request's
 * search. A miss's suggestions are no search and do not wait for it.
 */
const WARM_UP: SearchJob = { kind: 'iconify-search', query: 'query=er&limit=999' };
let warmed = false;

function warmUp(job: SearchJob, search: CatalogSearch, catalog: Catalog, served: readonly string[]): void {
  if (warmed || job.kind === 'closest-names') return;
  warmed = true;
  runSearchJob(WARM_UP, search, catalog, served, searcher);
}

function answer(request: ThreadRequest): ThreadReply {
  try {
    const { search, catalog } = searchOf(request);
    warmUp(request.job, search, catalog, request.served);
    return { id: request.id, result: runSearchJob(request.job, search, catalog, request.served, searcher) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', (request: ThreadRequest) => parentPort?.postMessage(answer(request)));
