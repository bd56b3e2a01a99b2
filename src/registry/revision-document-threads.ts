import { MAX_WAITING_REVISION_JOBS } from '../core/revision-limits.js';
import { wholeBuffersOf } from '../util/job-thread.js';
import { SizedJobThreads, threadsIfBuilt } from '../util/sized-job-threads.js';
import { type RevisionDocumentJob, type RevisionDocumentResult, runRevisionDocumentJob } from './revision-document-jobs.js';

/** Runs revision document jobs, `large` for a pack document of LARGE_DOCUMENT_BYTES or more; `read` gives the job once it has its place. */
export interface RevisionDocumentMaker {
  run(large: boolean, read: () => RevisionDocumentJob | Promise<RevisionDocumentJob>): Promise<RevisionDocumentResult>;
}

/** The chunks a job was read in for it alone: moved to the thread, not copied (100 MB for the largest packs). */
function movedOf(job: RevisionDocumentJob): ArrayBuffer[] {
  if (job.kind === 'root') return wholeBuffersOf(job.chunks);
  return 'chunks' in job.source ? wholeBuffersOf(job.source.chunks) : [];
}

let maker: RevisionDocumentMaker | undefined;

/**
 * The process's maker of revision documents: threads of their own (see
 * SizedJobThreads), when the thread's module is built beside this one (the
 * command line, run from the built files); in this thread when it is not
 * (this module loaded from its sources, as in-process tests do), where the
 * same function makes the same bytes.
 */
export function revisionDocumentMaker(): RevisionDocumentMaker {
  if (maker) return maker;
  const script = new URL('./revision-document-thread.js', import.meta.url);
  maker = threadsIfBuilt<RevisionDocumentMaker>(
    script,
    () => new SizedJobThreads<RevisionDocumentJob, RevisionDocumentResult>(script, 'revision document', MAX_WAITING_REVISION_JOBS, movedOf),
    { run: async (_large, read) => runRevisionDocumentJob(await read()) },
  );
  return maker;
}
