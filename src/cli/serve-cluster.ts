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

/** What a worker tells the primary once its search is prepared: it is ready. */
export interface WorkerReady {
  searchReady: true;
  searchPreparedMs: number;
}

function isWorkerReady(message: unknown): message is WorkerReady {
  return typeof message === 'object' && message !== null && (message as WorkerReady).searchReady === true;
}

/**
 * In the environment of a worker started in place of one that died: the
 * others are serving, so it prepares its search before it listens rather
 * than take connections it would answer late.
 */
const JOINING = 'ICON_REGISTRY_JOINING';

/** Whether this worker joins a cluster that is already serving. */
export function joinsServingCluster(): boolean {
  return process.env[JOINING] === '1';
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

/**
 * Starts a worker (`joining` one that prepares before it listens); each
 * promise resolves with what it reports once it listens, once it is ready,
 * or with its exit code if it exits first.
 */
function startWorker(joining = false): { listening: Promise<WorkerServing | number>; ready: Promise<WorkerReady | number> } {
  const worker = cluster.fork(joining ? { [JOINING]: '1' } : {});
  const exited = new Promise<number>((resolve) => worker.once('exit', (code) => resolve(code ?? 1)));
  const reported = <T>(is: (message: unknown) => message is T) =>
    new Promise<T>((resolve) =>
      worker.on('message', (message: unknown) => {
        if (is(message)) resolve(message);
      }),
    );
  return { listening: Promise.race([reported(isWorkerServing), exited]), ready: Promise.race([reported(isWorkerReady), exited]) };
}

function liveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
}

/**
 * The primary of `serve --workers N`, once the catalog is built: forks the
 * workers (each opens the read-only catalog and listens on the shared port,
 * Node's cluster hands out connections in turn) one after the other, so that
 * a port already in use is reported once, by the first; they prepare their
 * searches meanwhile. Logs 'listening' once the first listens, and 'serving'
 * once all are ready; on SIGTERM or SIGINT stops them all gracefully and
 * exits 0. A worker that dies while serving is replaced by one that listens
 * once it is ready. The primary watches for updated packs and, with `watch`,
 * the packs directory (rebuilding the own packs once for all), from the
 * start, and tells every worker to reload the catalog. With `access`, the
 * primary alone reads the access file and sends every worker the policy in
 * force, so that all of them, replacements included, hold the same one, and
 * a broken file is logged once, not once per worker.
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

  // Watched from the start: a change while the workers start is still served. A worker that has not
  // yet opened the catalog misses the message and opens the new files; one whose channel has closed is
  // on its way out (its replacement opens the new catalog), and sending to it would throw here.
  const reopenAll = async () => {
    for (const worker of liveWorkers()) if (worker.isConnected()) worker.send(REOPEN_CATALOG);
  };
  const stopWatching = [
    watchUpdates(dataDir, log, reopenAll),
    ...(updateEvery !== undefined ? [scheduleUpdates(updateEvery, dataDir, log)] : []),
    ...(watch ? [watchOwnPacks(watch, log, reopenAll)] : []),
  ];
  for (const stop of stopWatching) {
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  }

  let first: WorkerServing | undefined;
  const readiness: Array<Promise<WorkerReady | number>> = [];
  /** Stops the workers started and the watches, after a worker could not serve (it has said why on stderr); the exit code. */
  const failed = (code: number) => {
    stopping = true;
    for (const stop of stopWatching) stop();
    for (const worker of liveWorkers()) worker.process.kill('SIGTERM');
    return code === 0 ? 1 : code;
  };
  for (let started = 0; started < workers; started++) {
    const { listening, ready } = startWorker();
    const result = await listening;
    if (stopping) return undefined; // stop() exits once the workers have
    if (typeof result === 'number') return failed(result);
    if (first === undefined) log.info({ url: result.url, packs: result.packs }, 'listening');
    first ??= result;
    readiness.push(ready);
  }
  const ready = await Promise.all(readiness);
  if (stopping) return undefined;
  const exited = ready.find((result): result is number => typeof result === 'number');
  if (exited !== undefined) return failed(exited);
  const searchPreparedMs = Math.max(...ready.map((result) => (result as WorkerReady).searchPreparedMs));
  log.info({ url: first?.url, packs: first?.packs, workers, searchPreparedMs }, 'serving');
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'worker exited; starting another');
    const replacement = startWorker(true);
    void replacement.ready.then((result) => {
      if (stopping) return;
      if (typeof result !== 'number') {
        log.info({ searchPreparedMs: result.searchPreparedMs }, 'replacement worker serving');
        return;
      }
      log.fatal({ code: result }, 'a replacement worker could not start');
      stop('worker failure', 1);
    });
  });
  return undefined; // keep running
}
