import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { Catalog } from '../../catalog/catalog.js';
import { CatalogDatabase } from '../../catalog/catalog-database.js';
import { CatalogSearch } from '../iconify/catalog-search.js';
import { MeaningSearcher } from '../meaning/searcher.js';
import { type DrawnShapes, takeDrawing } from '../shape/glyph-shapes.js';
import { prepareSearch, type PreparedSearch, runSearchJob, type SearchJob, type SearchJobResult } from './search-jobs.js';

/*
 * The search thread: runs the search jobs of one server process, one at a
 * time, over its own connections to the catalog's database files, so that the
 * thread answering requests never waits for a search (search-thread-runner.ts
 * is the other end). It opens a database the first time a job names it, and
 * keeps it, with what was read of it, until told that the serving thread has
 * closed it (own packs reloaded) and the jobs sent before that have run: while
 * a reloaded catalog is prepared, the one it replaces is still searched.
 */

// Starting this thread's isolate with limits of its own puts V8's process-wide flag back
// to its default, and the serving thread's young generation then grows under churn
// again (see cli/heap.ts): set once more, it keeps its size in both.
setFlagsFromString('--semi-space-growth-factor=1');

/*
 * A full collection on demand, in this thread only: V8 gives the function to
 * a context made after the flag is set. Preparing the whole catalog's search
 * at the start leaves tens of MB of garbage, and a collection V8 starts by
 * itself then runs its steps during the first jobs (about 60 ms of them,
 * over the first misses); collected before the preparation is answered, it
 * is a cost of the start. A reload's, of own packs, leaves little.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

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
}

/** Databases the serving thread has closed: what was read of them goes too. */
export interface ThreadRelease {
  release: number[];
}

export type ThreadMessage = ThreadRequest | ThreadRelease;

/**
 * A job's answer; `prepared` when the job had to read its catalog's search
 * sources first (no prepare job came before it: a thread started again after
 * a failure), and `drew` when it drew shapes to compare (see
 * shape/glyph-shapes.ts), which it says so that the server can.
 */
export type ThreadReply = { id: number; result: SearchJobResult; prepared?: PreparedSearch; drew?: DrawnShapes } | { id: number; error: string };

/**
 * The search thread's page cache for the default packs' database: searches,
 * unlike requests for icons, read the same keywords' rows again and again
 * (every completion of a short word), and the costliest search read once (a
 * warm-up of prepareSearch) stays read for the searches that share its
 * keywords. Own packs' databases keep SQLite's default: what searches read of
 * them is read once and held (names, glyphs), and a larger cache only held it
 * twice.
 */
const DEFAULT_PACKS_CACHE_KB = 16_000;

/** Searches kept for reuse: one per view of the catalog (the public one, and one per set of private packs asked for). */
const KEPT_SEARCHES = 16;

const databases = new Map<number, CatalogDatabase>();
/** This thread's searcher by meaning: its arrays serve every search the thread runs, one at a time. */
const searcher = new MeaningSearcher();
/** The searches kept, by view: the serials of the databases searched, and the packs served. */
const searches = new Map<string, { search: CatalogSearch; catalog: Catalog; serials: number[] }>();

/** The databases a job names, opened if they are not. */
function databasesOf(named: readonly ThreadDatabase[]): CatalogDatabase[] {
  return named.map(({ serial, path }, index) => {
    let database = databases.get(serial);
    if (!database) databases.set(serial, (database = index === 0 ? new CatalogDatabase(path, DEFAULT_PACKS_CACHE_KB) : new CatalogDatabase(path)));
    return database;
  });
}

/** Databases released by the serving thread that a waiting job still names. */
const releasing = new Set<number>();

/**
 * Closes the databases the serving thread has closed, once no job waiting
 * names them: a job sent before the release is answered from the database
 * it was sent for, rather than opening it again (which nothing would close)
 * or failing on a file that is gone.
 */
function releaseWhenUnused(serials: readonly number[]): void {
  for (const serial of serials) releasing.add(serial);
  releaseUnused();
}

function releaseUnused(): void {
  if (releasing.size === 0) return;
  const named = new Set(waiting.flatMap((request) => request.databases.map((database) => database.serial)));
  const unused = [...releasing].filter((serial) => !named.has(serial));
  for (const serial of unused) releasing.delete(serial);
  if (unused.length > 0) release(unused);
}

/** Closes databases, with the searches over them. */
function release(serials: readonly number[]): void {
  for (const serial of serials) {
    databases.get(serial)?.close();
    databases.delete(serial);
  }
  for (const [key, kept] of searches) if (kept.serials.some((serial) => serials.includes(serial))) searches.delete(key);
}

function searchOf(request: ThreadRequest): { search: CatalogSearch; catalog: Catalog } {
  const opened = databasesOf(request.databases);
  const serials = request.databases.map((database) => database.serial);
  const key = `${serials.join(',')} ${request.served.join(',')}`;
  let kept = searches.get(key);
  if (kept) {
    // Most recently used last, so that the first is the one to drop.
    searches.delete(key);
  } else {
    const catalog = new Catalog([], opened);
    kept = { catalog, search: new CatalogSearch(catalog, request.served), serials };
    if (searches.size >= KEPT_SEARCHES) searches.delete(searches.keys().next().value as string);
  }
  searches.set(key, kept);
  return kept;
}

function answer(request: ThreadRequest): ThreadReply {
  try {
    const { search, catalog } = searchOf(request);
    const prepared = prepareSearch(search, catalog, request.served, searcher);
    if (request.job.kind === 'prepare') {
      if (prepared.warmedUp) collectGarbage();
      return { id: request.id, result: prepared };
    }
    takeDrawing();
    const result = runSearchJob(request.job, search, catalog, request.served, searcher);
    const drew = takeDrawing();
    return { id: request.id, result, ...(prepared.databases > 0 ? { prepared } : {}), ...(drew.shapes > 0 ? { drew } : {}) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** Jobs received and not yet run, in the order they came. */
const waiting: ThreadRequest[] = [];
let scheduled = false;

/** Jobs that go before the searches that came earlier: a miss's suggestions (a few reads of names), and preparing a catalog. */
const AHEAD_OF_SEARCHES: ReadonlySet<SearchJob['kind']> = new Set(['closest-names', 'prepare']);

/**
 * Runs the next job: a miss's suggestions before any search that came
 * earlier, since they are a few reads of names that a page shows at once,
 * and a search may take its whole work budget; but not before a catalog's
 * preparation that came earlier, which they would otherwise do themselves.
 * Then the turn of the event loop ends, so that jobs posted meanwhile are
 * received before the next is chosen.
 */
function runNext(): void {
  scheduled = false;
  const ahead = waiting.findIndex((request) => AHEAD_OF_SEARCHES.has(request.job.kind));
  const [request] = waiting.splice(ahead < 0 ? 0 : ahead, 1);
  if (request) parentPort?.postMessage(answer(request));
  releaseUnused();
  if (waiting.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(runNext);
}

parentPort?.on('message', (message: ThreadMessage) => {
  if ('release' in message) return releaseWhenUnused(message.release);
  waiting.push(message);
  schedule();
});
