import cluster from 'node:cluster';
import { catalogIsCurrent } from '../data/catalog/ensure.js';
import { AccessControl } from '../faces/access/access-control.js';
import { buildInChildProcess } from './build-apart.js';
import { terminalBuildObserver } from './build-output.js';
import { fail } from './fail.js';
import type { CatalogOptions, ServeOptions } from './options.js';
import { keepOwnRevisions } from './prepare-catalog.js';
import { accessFromPrimary, joinsServingCluster, servePrimary } from './serve-cluster.js';
import { SHUTDOWN_GRACE_MS, serveInThisProcess } from './serve-process.js';
import { readAccessFile } from './watch-access.js';

/**
 * `icon-registry serve`: makes the catalog current, then serves it from this
 * process, or from `--workers` processes on the one port. A worker runs this
 * command too, and joins the primary.
 */
export async function serveCommand(options: ServeOptions): Promise<number | undefined> {
  if (cluster.isWorker) {
    // A worker of `serve --workers N`: the primary has prepared the catalog, watches the packs, and reads the access file.
    const access = options.accessFile === undefined ? undefined : await accessFromPrimary();
    const code = await serveInThisProcess(options, joinsServingCluster() ? 'joining' : 'worker', access);
    // The channel to the primary would keep a worker that could not listen alive.
    if (code !== undefined) process.exit(code);
    return undefined;
  }
  if (!(await catalogReadyToServe(options))) return fail('the catalog could not be built; see the lines above', 1);
  // Private packs: a missing or broken access file at the start is an error, never "all public".
  const accessFile = options.accessFile === undefined ? undefined : readAccessFile(options.accessFile);
  if (typeof accessFile === 'string') return fail(accessFile, 1);
  const packsDir = options.packsDir;
  if (options.workers > 1) {
    // The primary rebuilds own packs once, and each worker reopens the catalog; it reads the access file for all.
    const watch = options.watch && packsDir ? { ...options, packsDir } : undefined;
    const access = accessFile && options.accessFile !== undefined ? { path: options.accessFile, file: accessFile, watch: options.watch } : undefined;
    return servePrimary(options.workers, options.logLevel, SHUTDOWN_GRACE_MS, options.dataDir, watch, access, options.updateEvery);
  }
  return serveInThisProcess(options, 'alone', accessFile && new AccessControl(accessFile.policy), accessFile);
}

/**
 * Makes the catalog current before serving: when anything needs building, in
 * a process of its own (see build-apart.ts). False when that build failed.
 */
async function catalogReadyToServe(options: CatalogOptions): Promise<boolean> {
  const skipped: Array<[string, string]> = [];
  // The build in a process of its own keeps the own packs' revisions, as every build does.
  if (!catalogIsCurrent(options, (file, reason) => skipped.push([file, reason]))) return (await buildInChildProcess(options)) === 0;
  // The build, had there been one, would have said which files it skips.
  const observer = terminalBuildObserver();
  for (const [file, reason] of skipped) observer.skipped(file, reason);
  keepOwnRevisions(options);
  return true;
}
