import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { CatalogLocation } from '../catalog/ensure.js';
import { BatchedStdout } from '../log-stream.js';
import { watchOwnPacks } from './watch-packs.js';

/** What a worker of `serve --workers N` tells the primary once it listens. */
export interface WorkerServing {
  url: string;
  packs: number;
}

/** What the primary tells every worker once it has rebuilt the own packs. */
const REOPEN_CATALOG = { reopenCatalog: true } as const;

export function isReopenCatalog(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as typeof REOPEN_CATALOG).reopenCatalog === true;
}

function isWorkerServing(message: unknown): message is WorkerServing {
  return typeof message === 'object' && message !== null && typeof (message as WorkerServing).url === 'string';
}

/** Resolves with what the worker reports once it listens, or with its exit code if it exits first. */
function startWorker(): Promise<WorkerServing | number> {
  const worker = cluster.fork();
  return new Promise((resolve) => {
    worker.on('message', (message: unknown) => {
      if (isWorkerServing(message)) resolve(message);
    });
    worker.once('exit', (code) => resolve(code ?? 1));
  });
}

function liveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
}

/**
 * The primary of `serve --workers N`, once the catalog is built: forks the
 * workers (each opens the read-only catalog and listens on the shared port,
 * Node's cluster hands out connections in turn) one after the other, so that
 * a port already in use is reported once, by the first. Logs 'serving' once
 * all listen; on SIGTERM or SIGINT stops them all gracefully and exits 0.
 * A worker that dies while serving is replaced. With `watch`, the primary
 * watches the packs directory, rebuilds the own packs once for all, and
 * tells every worker to reopen the catalog.
 */
export async function servePrimary(
  workers: number,
  logLevel: string,
  graceMs: number,
  watch?: CatalogLocation & { packsDir: string },
): Promise<number | undefined> {
  const log = pino({ level: logLevel }, new BatchedStdout());
  let stopping = false;
  /** Stops every worker; exits with `cleanCode` once all have stopped cleanly, 1 otherwise. */
  const stop = (signal: string, cleanCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    setTimeout(() => {
      for (const worker of liveWorkers()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, graceMs).unref();
    const exits = liveWorkers().map(
      (worker) => new Promise<boolean>((resolve) => worker.once('exit', (code, exitSignal) => resolve(code === 0 || exitSignal === 'SIGTERM'))),
    );
    for (const worker of liveWorkers()) worker.process.kill('SIGTERM');
    void Promise.all(exits).then((clean) => process.exit(clean.every(Boolean) ? cleanCode : 1));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  let first: WorkerServing | undefined;
  for (let started = 0; started < workers; started++) {
    const result = await startWorker();
    if (stopping) return undefined; // stop() exits once the workers have
    if (typeof result === 'number') {
      // The worker has said why on stderr (a port in use, say); the others go too.
      stopping = true;
      for (const worker of liveWorkers()) worker.process.kill('SIGTERM');
      return result === 0 ? 1 : result;
    }
    first ??= result;
  }
  log.info({ url: first?.url, packs: first?.packs, workers }, 'serving');
  if (watch) {
    const stopWatching = watchOwnPacks(watch, log, () => {
      for (const worker of liveWorkers()) worker.send(REOPEN_CATALOG);
    });
    process.once('SIGTERM', stopWatching);
    process.once('SIGINT', stopWatching);
  }

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'worker exited; starting another');
    void startWorker().then((result) => {
      if (typeof result === 'number' && !stopping) {
        log.fatal({ code: result }, 'a replacement worker could not start');
        stop('worker failure', 1);
      }
    });
  });
  return undefined; // keep running
}
