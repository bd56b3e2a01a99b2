import { Worker } from 'node:worker_threads';
import { type PreparedSearch, SearchBusy, type SearchJob, type SearchJobResult, type SearchRunner, type SearchScope } from './search-jobs.js';
import type { DrawnShapes } from '../shape/glyph-shapes.js';
import type { ThreadMessage, ThreadReply, ThreadRequest } from './search-thread.js';

/**
 * Searches waiting for the thread, at most: past this many, a search is
 * refused at once (SearchBusy), so that a flood of searches holds a bounded
 * queue rather than memory and latency without end.
 */
export const MAX_WAITING_SEARCHES = 64;
/**
 * The thread's heap: the index of which sets hold each keyword, the glyphs,
 * vocabulary and typo index of search by meaning (kept), what building them
 * takes for a moment when a catalog is opened, and one search's readings.
 */
const THREAD_HEAP_MB = 192;
/**
 * The thread's young generation: a search's short-lived readings die there
 * as well in a small one, and V8's default for a thread kept several times
 * this resident after a load of searches (figures in bench/README.md).
 */
const THREAD_YOUNG_HEAP_MB = 6;

interface Waiting {
  resolve(result: SearchJobResult): void;
  reject(error: Error): void;
  kind: SearchJob['kind'];
}

/**
 * Runs search jobs in a thread of their own (search-thread.ts), started on
 * the first job and again after it fails: a job that was running or waiting
 * when it failed is rejected, and the next starts a new thread.
 */
export class SearchThread implements SearchRunner {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  /**
   * `preparedLate` is told when a job had to read its catalog's search
   * sources before it could run: a catalog never prepared (see
   * Registry.prepareSearch), or a thread started again after a failure.
   * `drewShapes` is told when a job drew the shapes of glyphs it compared,
   * which the build did not store (see shape/glyph-shapes.ts).
   */
  constructor(
    private readonly preparedLate: (prepared: PreparedSearch, job: SearchJob['kind']) => void = () => undefined,
    private readonly drewShapes: (drew: DrawnShapes, job: SearchJob['kind']) => void = () => undefined,
  ) {}

  run(job: SearchJob, scope: SearchScope): Promise<SearchJobResult> {
    if (this.waiting.size >= MAX_WAITING_SEARCHES) return Promise.reject(new SearchBusy());
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const request: ThreadRequest = {
      id,
      job,
      databases: scope.catalog.databases.map((database) => ({ serial: database.serial, path: database.path })),
      served: [...scope.served],
    };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, kind: job.kind });
      worker.postMessage(request);
    });
  }

  release(serials: readonly number[]): void {
    if (serials.length > 0) this.worker?.postMessage({ release: [...serials] } satisfies ThreadMessage);
  }

  private start(): Worker {
    const worker = new Worker(new URL('./search-thread.js', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_HEAP_MB },
    });
    // The server's listening socket keeps the process alive, not an idle search thread.
    worker.unref();
    worker.on('message', (reply: ThreadReply) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) return waiting?.reject(new Error(`search failed: ${reply.error}`));
      if (reply.prepared && waiting) this.preparedLate(reply.prepared, waiting.kind);
      if (reply.drew && waiting) this.drewShapes(reply.drew, waiting.kind);
      waiting?.resolve(reply.result);
    });
    const failed = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`search thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const waiting of this.waiting.values()) waiting.reject(new Error('search thread closed'));
    this.waiting.clear();
    await worker?.terminate();
  }
}
