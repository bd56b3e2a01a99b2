import { existsSync } from 'node:fs';
import { ensureMomentCatalog, type MomentCatalogJob, type MomentRevisions, momentCatalogPath } from '../data/history/moment-catalog.js';
import type { RevisionHistory } from '../data/history/revision-history.js';
import { MAX_WAITING_REVISION_JOBS } from '../core/revision-limits.js';
import { SizedJobThreads, threadsIfBuilt } from '../util/sized-job-threads.js';

/** Builds the catalog of a past moment (see ensureMomentCatalog), resolving with its file. */
export type MomentCatalogBuilder = (dataDir: string, history: RevisionHistory, revisions: MomentRevisions) => Promise<string>;

let builder: MomentCatalogBuilder | undefined;

/**
 * The process's builder of past moments' catalogs: a thread of its own when
 * its module is built beside this one (see threadsIfBuilt), reading the
 * history from its file, a build at a time, at most MAX_WAITING_REVISION_JOBS
 * waiting (JobsBusy past it); in this thread otherwise, or for a history held
 * in memory, which only this thread reads.
 */
export function momentCatalogBuilder(): MomentCatalogBuilder {
  if (builder) return builder;
  const script = new URL('../data/history/moment-catalog-thread.js', import.meta.url);
  builder = threadsIfBuilt<MomentCatalogBuilder>(
    script,
    () => {
      // Bounded as revisions' documents are (JobsBusy past it): a flood of new moments holds a bounded queue.
      const threads = new SizedJobThreads<MomentCatalogJob, string>(script, 'moment catalog', MAX_WAITING_REVISION_JOBS, () => []);
      return (dataDir, history, revisions) => {
        // One built already (by an update, or before a restart) is opened at once: the thread would load the build's modules first.
        const built = momentCatalogPath(dataDir, revisions);
        if (existsSync(built)) return Promise.resolve(built);
        const file = history.path;
        if (file === undefined) return ensureMomentCatalog(dataDir, history, revisions);
        return threads.run(false, () => ({ dataDir, history: file, revisions }));
      };
    },
    ensureMomentCatalog,
  );
  return builder;
}
