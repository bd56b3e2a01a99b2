import { answerJobs, wholeBuffersOf } from '../util/job-thread.js';
import { runRevisionDocumentJob } from './revision-document-jobs.js';

/*
 * The thread that makes revisions' pack documents and reads their root
 * fields (revision-document-threads.ts is the other end): a document's
 * bytes in each coding are moved back, not copied.
 */
answerJobs(runRevisionDocumentJob, (result) => ('identity' in result ? wholeBuffersOf([result.identity, result.gzip, result.br]) : []));
