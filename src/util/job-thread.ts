import { parentPort, Worker } from 'node:worker_threads';

/** What a job's thread is sent, and what it answers. */
type JobMessage<Job> = { id: number; job: Job };
type JobReply<Result> = { id: number; result: Result } | { id: number; error: string };

/**
 * The thread's end of a JobThread, called by its module: runs `work` on
 * each job sent and answers with the result (the buffers `transfer` names
 * moved rather than copied) or with why it failed.
 */
export function answerJobs<Job, Result>(work: (job: Job) => Result, transfer: (result: Result) => ArrayBuffer[] = () => []): void {
  parentPort?.on('message', ({ id, job }: JobMessage<Job>) => {
    let reply: JobReply<Result>;
    try {
      reply = { id, result: work(job) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    parentPort?.postMessage(reply, 'result' in reply ? transfer(reply.result) : []);
  });
}

/**
 * One worker thread running the jobs of `script` (a module that calls
 * answerJobs) one at a time: started on the first job and again after it
 * fails, which rejects the jobs it held; ended once it has had nothing to
 * do for `idleMs`, so that its heap is given back. The server's listening
 * socket keeps the process alive, not an idle thread. `name` (`package`,
 * `preview`) says which thread failed.
 */
export class JobThread<Job, Result> {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, { resolve(result: Result): void; reject(error: Error): void }>();
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
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, job } satisfies JobMessage<Job>);
    });
  }

  private start(): Worker {
    const worker = new Worker(this.script);
    worker.unref();
    worker.on('message', (reply: JobReply<Result>) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(`the ${this.name} thread failed: ${reply.error}`));
      else waiting?.resolve(reply.result);
      if (this.waiting.size === 0) this.stopWhenIdle(worker);
    });
    const failed = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the ${this.name} thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private stopWhenIdle(worker: Worker): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.worker !== worker || this.waiting.size > 0) return;
      this.worker = undefined;
      void worker.terminate();
    }, this.idleMs);
    this.idle.unref();
  }
}
