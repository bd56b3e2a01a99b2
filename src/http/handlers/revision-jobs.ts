import { REVISION_JOBS_BUSY } from '../../registry/revision-documents.js';
import { JobsBusy } from '../../util/sized-job-threads.js';
import { type Answer, problemAnswer } from '../answer.js';

/** `later`, or a 503 to retry when the threads making revisions' documents refused its job for a full queue. */
export function unlessRevisionJobsBusy(later: Promise<Answer>): Promise<Answer> {
  return later.catch((error: unknown) => {
    if (!(error instanceof JobsBusy)) throw error;
    return problemAnswer(REVISION_JOBS_BUSY, { 'retry-after': '5' });
  });
}
