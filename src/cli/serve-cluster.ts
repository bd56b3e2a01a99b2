import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { AccessControl } from '../faces/access/access-control.js';
import type { AccessFile } from '../faces/access/access-file.js';
import { policyFromMessage, policyMessage } from '../faces/access/policy-message.js';
import type { CatalogLocation } from '../data/catalog/ensure.js';
import { BatchedStdout } from '../util/log-stream.js';
import { warnUnknownTokenNames, watchAccessFile } from './watch-access.js';
import { watchOwnPacks } from './watch-packs.js';
import { watchUpdates } from './watch-updates.js';
import { scheduleUpdates } from './scheduled-updates.js';

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

/** What a worker asks the primary for once it listens for messages: the access policy in force. */
const ACCESS_POLICY_WANTED = { accessPolicyWanted: true } as const;

function isAccessPolicyWanted(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as typeof ACCESS_POLICY_WANTED).accessPolicyWanted === true;
}

/**
 * In a worker: the private packs as the primary's access file has them,
 * once the primary has answered; every later policy it sends (a re-read
 * file, or the closed policy of a broken one) takes effect in it. Asked for
 * only once the worker listens, so that no policy is sent before and lost,
 * a replacement worker's included.
 */
export function accessFromPrimary(): Promise<AccessControl> {
  return new Promise((resolve) => {
    let access: AccessControl | undefined;
    process.on('message', (message: unknown) => {
      const policy = policyFromMessage(message);
      if (policy === undefined) return;
      if (access) access.replace(policy);
      else resolve((access = new AccessControl(policy)));
    });
    process.send?.(ACCESS_POLICY_WANTED);
  });
}

/** The access file of `serve --workers N --access FILE`, read once by the primary (and watched with `watch`). */
export interface PrimaryAccess {
  path: string;
  file: AccessFile;
  watch: boolean;
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
 * tells every worker to reopen the catalog. With `access`, the primary
 * alone reads the access file and sends every worker the policy in force, so
 * that all of them, replacements included, hold the same one, and a broken
 * file is logged once, not once per worker.
 */
export async function servePrimary(
  workers: number,
  logLevel: string,
  graceMs: number,
  dataDir: string,
  watch?: CatalogLocation & { packsDir: string },
  access?: PrimaryAccess,
  updateEvery?: number,
): Promise<number | undefined> {
  const log = pino({ level: logLevel }, new BatchedStdout());
  if (access) {
    let policy = access.file.policy;
    warnUnknownTokenNames(access.path, access.file, log);
    cluster.on('message', (worker, message: unknown) => {
      if (isAccessPolicyWanted(message)) worker.send(policyMessage(policy));
    });
    if (access.watch) {
      const stopWatchingAccess = watchAccessFile(access.path, policy, log, (next) => {
        policy = next;
        // One whose channel has closed is on its way out; sending to it would be an error event.
        for (const worker of liveWorkers()) if (worker.isConnected()) worker.send(policyMessage(next));
      });
      process.once('SIGTERM', stopWatchingAccess);
      process.once('SIGINT', stopWatchingAccess);
    }
  }
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
  // A worker whose channel has closed is on its way out (its replacement opens the new catalog): sending to it would throw here.
  const reopenAll = () => {
    for (const worker of liveWorkers()) if (worker.isConnected()) worker.send(REOPEN_CATALOG);
  };
  const stopWatchingUpdates = watchUpdates(dataDir, log, reopenAll);
  process.once('SIGTERM', stopWatchingUpdates);
  process.once('SIGINT', stopWatchingUpdates);
  if (updateEvery !== undefined) {
    const stopScheduling = scheduleUpdates(updateEvery, dataDir, log);
    process.once('SIGTERM', stopScheduling);
    process.once('SIGINT', stopScheduling);
  }
  if (watch) {
    const stopWatching = watchOwnPacks(watch, log, reopenAll);
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
