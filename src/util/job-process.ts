import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What a job's process is sent, and what it answers. */
type JobMessage<Job> = { id: number; job: Job };
type JobReply<Result> = { id: number; result: Result } | { id: number; error: string };

/** A job during which its process died: the job is what killed it (a native library's abort), and is not tried again. */
export class JobCrashed extends Error {}

/**
 * The process's end of a JobProcess, called by its module: runs `work` on
 * each job sent, in order, and answers with the result or with why it
 * failed. Typed arrays cross whole (the channel's serialisation is V8's).
 */
export function answerProcessJobs<Job, Result>(work: (job: Job) => Result): void {
  process.on('message', ({ id, job }: JobMessage<Job>) => {
    let reply: JobReply<Result>;
    try {
      reply = { id, result: work(job) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    process.send?.(reply);
  });
  // The parent gone, so is the work.
  process.on('disconnect', () => process.exit(0));
}

/**
 * One child process running the jobs of `script` (a module that calls
 * answerProcessJobs), for work in a native library that can abort the
 * process it runs in, which no exception catches: a worker thread's abort
 * ends the server too, a child's ends the child. Jobs are answered in the
 * order sent, so when the process dies the first unanswered job is the one
 * that killed it: that one is rejected with JobCrashed, and the others are
 * sent again to a new process. Started on the first job, ended once it has
 * had nothing to do for `idleMs`. `name` (`preview`) says which failed.
 */
export class JobProcess<Job, Result> {
  private child: ChildProcess | undefined;
  private readonly waiting = new Map<number, { job: Job; resolve(result: Result): void; reject(error: Error): void }>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly script: URL,
    private readonly name: string,
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

  private send(id: number, job: Job): void {
    (this.child ?? this.start()).send({ id, job } satisfies JobMessage<Job>);
  }

  private start(): ChildProcess {
    const child = fork(fileURLToPath(this.script), [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.unref();
    child.channel?.unref();
    // A send to a process that just died: its exit below sends the job again.
    child.on('error', () => undefined);
    child.on('message', (reply: JobReply<Result>) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(`the ${this.name} process failed: ${reply.error}`));
      else waiting?.resolve(reply.result);
      if (this.waiting.size === 0) this.stopWhenIdle(child);
    });
    child.once('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      const [first, ...rest] = [...this.waiting];
      if (!first) return;
      this.waiting.delete(first[0]);
      first[1].reject(new JobCrashed(`the ${this.name} process died (${signal ?? `code ${code}`}) on this job`));
      for (const [id, { job }] of rest) this.send(id, job);
    });
    this.child = child;
    return child;
  }

  private stopWhenIdle(child: ChildProcess): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.child !== child || this.waiting.size > 0) return;
      this.child = undefined;
      child.kill();
    }, this.idleMs);
    this.idle.unref();
  }
}
