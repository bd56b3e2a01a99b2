import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type JobMessage, type JobReply, JobRunner, replyTo } from './job-runner.js';

/** A job during which its process died: the job is what killed it (a native library's abort), and is not tried again. */
export class JobCrashed extends Error {}

/**
 * The process's end of a JobProcess, called by its module: runs `work` on
 * each job sent, in order, and answers with the result or with why it
 * failed. Typed arrays cross whole (the channel's serialisation is V8's).
 */
export function answerProcessJobs<Job, Result>(work: (job: Job) => Result): void {
  process.on('message', (message: JobMessage<Job>) => process.send?.(replyTo(message, work)));
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
 * had nothing to do for `idleMs`.
 */
export class JobProcess<Job, Result> extends JobRunner<Job, Result, ChildProcess> {
  protected send(id: number, job: Job): void {
    (this.runner ?? this.start()).send({ id, job } satisfies JobMessage<Job>);
  }

  protected stop(child: ChildProcess): void {
    child.kill();
  }

  private start(): ChildProcess {
    const child = fork(fileURLToPath(this.script), [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.unref();
    child.channel?.unref();
    // A send to a process that just died: its exit below sends the job again.
    child.on('error', () => undefined);
    child.on('message', (reply: JobReply<Result>) => this.settle(child, reply, 'process'));
    child.once('exit', (code, signal) => {
      if (this.runner !== child) return;
      this.runner = undefined;
      const [first, ...rest] = [...this.waiting];
      if (!first) return;
      this.waiting.delete(first[0]);
      first[1].reject(new JobCrashed(`the ${this.name} process died (${signal ?? `code ${code}`}) on this job`));
      for (const [id, { job }] of rest) this.send(id, job);
    });
    this.runner = child;
    return child;
  }
}
