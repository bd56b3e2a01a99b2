import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A fixed set of worker threads running one script, each taking one task at
 * a time; tasks wait in a queue. A worker that fails rejects its task and
 * every task after it, since the pool can no longer be trusted.
 */
export class WorkerPool<Task, Result> {
  private readonly idle: Worker[] = [];
  private readonly queue: Array<{ task: Task; resolve: (result: Result) => void; reject: (error: Error) => void }> = [];
  private readonly workers: Worker[];
  private failure: Error | undefined;

  constructor(script: URL, options: { size?: number; workerData?: unknown } = {}) {
    const size = options.size ?? availableParallelism();
    this.workers = Array.from({ length: Math.max(1, size) }, () => new Worker(script, { workerData: options.workerData }));
    this.idle.push(...this.workers);
  }

  run(task: Task): Promise<Result> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop() as Worker;
      const job = this.queue.shift() as (typeof this.queue)[number];
      const onMessage = (result: Result) => {
        worker.off('error', onError);
        this.idle.push(worker);
        job.resolve(result);
        this.dispatch();
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        this.failure = error;
        job.reject(error);
        for (const waiting of this.queue.splice(0)) waiting.reject(error);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
      worker.postMessage(job.task);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
