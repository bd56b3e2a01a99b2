import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** A task that took longer than the pool allows; its worker was replaced. */
export class TaskTimeout extends Error {}

interface Job<Task, Result> {
  task: Task;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
  /** Given up past the pool's `taskTimeoutMs`. */
  timeLimited: boolean;
}

/**
 * A fixed number of worker threads running one script, each taking one task
 * at a time; tasks wait in a queue. A task that runs longer than `taskTimeoutMs`
 * (unless it is run without a time limit)
 * is given up (TaskTimeout) and its worker replaced by a new one, so that one
 * source that never finishes cannot hold up the others. A worker that fails
 * otherwise rejects its task and every task after it, since the pool can no
 * longer be trusted.
 */
export class WorkerPool<Task, Result> {
  private readonly idle: Worker[] = [];
  private readonly queue: Array<Job<Task, Result>> = [];
  private readonly workers = new Set<Worker>();
  private failure: Error | undefined;

  constructor(
    private readonly script: URL,
    private readonly options: { size?: number; workerData?: unknown; taskTimeoutMs?: number } = {},
  ) {
    const size = Math.max(1, options.size ?? availableParallelism());
    for (let i = 0; i < size; i++) this.idle.push(this.startWorker());
  }

  run(task: Task, timeLimited = true): Promise<Result> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject, timeLimited });
      this.dispatch();
    });
  }

  private startWorker(): Worker {
    const worker = new Worker(this.script, { workerData: this.options.workerData });
    this.workers.add(worker);
    return worker;
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop() as Worker;
      const job = this.queue.shift() as Job<Task, Result>;
      const timeout = job.timeLimited ? this.options.taskTimeoutMs : undefined;
      const timer =
        timeout === undefined
          ? undefined
          : setTimeout(() => {
              worker.off('message', onMessage);
              worker.off('error', onError);
              this.workers.delete(worker);
              void worker.terminate();
              this.idle.push(this.startWorker());
              job.reject(new TaskTimeout(`took longer than ${timeout / 1000} s`));
              this.dispatch();
            }, timeout);
      const onMessage = (result: Result) => {
        clearTimeout(timer);
        worker.off('error', onError);
        this.idle.push(worker);
        job.resolve(result);
        this.dispatch();
      };
      const onError = (error: Error) => {
        clearTimeout(timer);
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
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }
}
