/** What a job's thread or process is sent, and what it answers. */
export type JobMessage<Job> = { id: number; job: Job };
export type JobReply<Result> = { id: number; result: Result } | { id: number; error: string };

/** Runs `work` on a job sent, as the reply to send back: its result, or why it failed. */
export function replyTo<Job, Result>({ id, job }: JobMessage<Job>, work: (job: Job) => Result): JobReply<Result> {
  try {
    return { id, result: work(job) };
  } catch (error) {
    return failed(id, error);
  }
}

/** replyTo for work that may finish later (a build that waits for threads of its own). */
export async function replyLaterTo<Job, Result>({ id, job }: JobMessage<Job>, work: (job: Job) => Result | Promise<Result>): Promise<JobReply<Result>> {
  try {
    return { id, result: await work(job) };
  } catch (error) {
    return failed(id, error);
  }
}

/** The reply to a job that failed: why, in the error's own words. */
export const failed = (id: number, error: unknown): JobReply<never> => ({ id, error: error instanceof Error ? error.message : String(error) });

/**
 * What a JobThread and a JobProcess share: each job sent to the runner
 * (`R`, a worker thread or a child process) under an id, its promise
 * settled by the reply of that id, and the runner stopped once it has had
 * nothing to do for `idleMs`. `name` (`package`, `preview`) says which
 * failed.
 */
export abstract class JobRunner<Job, Result, R> {
  protected runner: R | undefined;
  protected readonly waiting = new Map<number, { job: Job; resolve(result: Result): void; reject(error: Error): void }>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    protected readonly script: URL,
    protected readonly name: string,
    private readonly idleMs: number,
  ) {}

  /** Jobs sent and not answered yet. */
  get pending(): number {
    return this.waiting.size;
  }

  run(job: Job): Promise<Result> {
    clearTimeout(this.idle);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { job, resolve, reject });
      this.send(id, job);
    });
  }

  /** Sends a job to the runner, started if there is none. */
  protected abstract send(id: number, job: Job): void;

  /** Ends a runner that has nothing to do. */
  protected abstract stop(runner: R): void;

  /** Settles the job `reply` answers, and stops `runner` once it stays idle. */
  protected settle(runner: R, reply: JobReply<Result>, kind: string): void {
    const waiting = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    if ('error' in reply) waiting?.reject(new Error(`the ${this.name} ${kind} failed: ${reply.error}`));
    else waiting?.resolve(reply.result);
    if (this.waiting.size > 0) return;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.runner !== runner || this.waiting.size > 0) return;
      this.runner = undefined;
      this.stop(runner);
    }, this.idleMs);
    this.idle.unref();
  }
}
