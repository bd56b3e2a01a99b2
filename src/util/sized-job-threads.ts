import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JobThread } from './job-thread.js';

/**
 * A pack document this large or larger (as JSON) is worked on in the thread
 * for large inputs: the others take a fraction of a second.
 */
export const LARGE_DOCUMENT_BYTES = 8 * 1024 * 1024;

/** Whether a pack document of this length (as JSON) is worked on in the thread for large inputs. */
export const isLargeDocument = (length: number) => length >= LARGE_DOCUMENT_BYTES;

/**
 * How long a thread stays once it has nothing to do: what its jobs make is
 * kept, so it is idle for good soon after a server starts, and its heap (the
 * largest pack it parsed) is given back.
 */
const IDLE_THREAD_MS = 30_000;

/** Too many jobs are waiting for the threads: the client is to try again shortly. */
export class JobsBusy extends Error {}

/**
 * Jobs that take from a fraction of a second to seconds by the size of what
 * they are made from (a pack document), run in two threads of one script:
 * one for large inputs and one for the others, so that a small job never
 * waits behind one that takes seconds. Each job's input is read on the
 * calling thread before it is sent (a stored document, a few chunks a turn),
 * the reads one after the other, so that they share the turns they take.
 * Past `maxWaiting` jobs read or run in all, a job is refused at once
 * (JobsBusy), before its input is read: a flood of new jobs reads nothing.
 */
export class SizedJobThreads<Job, Result> {
  private readonly small: JobThread<Job, Result>;
  private readonly large: JobThread<Job, Result>;
  /** Jobs whose inputs are being read or wait to be: they hold places as those the threads hold. */
  private reading = 0;
  /** The last read asked for. */
  private lastRead: Promise<unknown> = Promise.resolve();

  /** `transfer` names the buffers of a job moved to its thread rather than copied (see JobThread). */
  constructor(
    script: URL,
    name: string,
    private readonly maxWaiting: number,
    transfer: (job: Job) => ArrayBuffer[],
  ) {
    this.small = new JobThread(script, name, IDLE_THREAD_MS, transfer);
    this.large = new JobThread(script, name, IDLE_THREAD_MS, transfer);
  }

  /** The job `read` gives, run in the large inputs' thread when `large`; rejected with JobsBusy when too many wait. */
  async run(large: boolean, read: () => Job | Promise<Job>): Promise<Result> {
    if (this.small.pending + this.large.pending + this.reading >= this.maxWaiting) throw new JobsBusy();
    this.reading++;
    let job: Job;
    try {
      const reading = this.lastRead.then(read);
      this.lastRead = reading.catch(() => undefined);
      job = await reading;
    } finally {
      this.reading--;
    }
    return (large ? this.large : this.small).run(job);
  }
}

/**
 * `threads()` when the threads' module `script` is built beside its caller
 * (the command line runs the built files), else `here`, which makes the same
 * results in the calling thread (modules loaded from their sources, as
 * in-process tests do).
 */
export function threadsIfBuilt<T>(script: URL, threads: () => T, here: T): T {
  return existsSync(fileURLToPath(script)) ? threads() : here;
}
