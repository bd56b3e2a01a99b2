import { parentPort, Worker } from 'node:worker_threads';
import { failed, type JobMessage, type JobReply, JobRunner, replyLaterTo } from './job-runner.js';

/**
 * The thread's end of a JobThread, called by its module: runs `work` on
 * each job sent, one after the other (work that finishes later is waited
 * for before the next begins), and answers with the result (the buffers
 * `transfer` names moved rather than copied) or with why it failed.
 */
export function answerJobs<Job, Result>(work: (job: Job) => Result | Promise<Result>, transfer: (result: Result) => ArrayBuffer[] = () => []): void {
  let last: Promise<void> = Promise.resolve();
  parentPort?.on('message', (message: JobMessage<Job>) => {
    last = last
      .then(async () => {
        const reply = await replyLaterTo(message, work);
        parentPort?.postMessage(reply, 'result' in reply ? transfer(reply.result) : []);
      })
      // A result that cannot be posted (nothing to clone it as) is the job's failure, and the next jobs go on.
      .catch((error: unknown) => parentPort?.postMessage(failed(message.id, error)));
  });
}

/**
 * One worker thread running the jobs of `script` (a module that calls
 * answerJobs) one at a time: started on the first job and again after it
 * fails, which rejects the jobs it held; ended once it has had nothing to
 * do for `idleMs`, so that its heap is given back. The server's listening
 * socket keeps the process alive, not an idle thread.
 */
export class JobThread<Job, Result> extends JobRunner<Job, Result, Worker> {
  /** `transfer` names the buffers of a job that are moved to the thread rather than copied: the job may not use them after. */
  constructor(
    script: URL,
    name: string,
    idleMs: number,
    private readonly transfer: (job: Job) => ArrayBuffer[] = () => [],
  ) {
    super(script, name, idleMs);
  }

  protected send(id: number, job: Job): void {
    (this.runner ?? this.start()).postMessage({ id, job } satisfies JobMessage<Job>, this.transfer(job));
  }

  protected stop(worker: Worker): void {
    void worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.script);
    worker.unref();
    worker.on('message', (reply: JobReply<Result>) => this.settle(worker, reply, 'thread'));
    const failed = (error: Error) => {
      if (this.runner !== worker) return;
      this.runner = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the ${this.name} thread exited with code ${code}`)));
    this.runner = worker;
    return worker;
  }
}

/** The buffers under `views` that each holds whole, once each: those a message may move to a thread rather than copy. */
export function wholeBuffersOf(views: readonly Uint8Array[]): ArrayBuffer[] {
  const whole = new Set<ArrayBuffer>();
  for (const view of views) {
    if (view.buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === view.buffer.byteLength) whole.add(view.buffer);
  }
  return [...whole];
}

/** The bytes a thread was sent in chunks (see wholeBuffersOf), as one Buffer. */
export function joinedChunks(chunks: readonly Uint8Array[]): Buffer {
  return Buffer.concat(chunks.map(bufferOver));
}

/** A Buffer over the bytes a thread moved, not a copy. */
export function bufferOver(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
