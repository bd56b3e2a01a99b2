import type { Logger } from 'pino';
import { SearchThread } from '../data/search/thread/search-thread-runner.js';
import type { PreparedSearch } from '../data/search/thread/search-jobs.js';
import { answerFirstRequests } from '../http/first-requests.js';
import { type RegistrySource, startServer, type RunningServer } from '../http/server.js';
import type { AccessControl } from '../faces/access/access-control.js';
import type { AccessFile } from '../faces/access/access-file.js';
import { pathOf } from '../core/paths.js';
import { CloseStack } from './close-stack.js';
import { fail } from './fail.js';
import type { ServeOptions } from './options.js';
import { packageVersion } from './package-version.js';
import { scheduleUpdates } from './scheduled-updates.js';
import { isReopenCatalog, type WorkerReady, type WorkerServing } from './serve-cluster.js';
import { openServedRegistry } from './served-registry.js';
import { warnUnknownTokenNames, watchAccessFile } from './watch-access.js';
import { watchOwnPacks } from './watch-packs.js';
import { watchUpdates } from './watch-updates.js';

/** Longest a graceful stop may take before the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** Answers still being sent this long before the grace ends are cut, so the stop ends cleanly within it. */
const STOP_MARGIN_MS = 500;

/**
 * Serves the catalog from this process. It listens at once and answers
 * documents while its search is prepared (seconds, for the whole catalog);
 * `/healthz` says it is not ready until then. On its own, it then logs
 * 'serving' and watches the packs and the access file (`accessFile`, as read
 * at the start) with --watch; as a worker, it tells the primary that it
 * listens, then that it is ready (the primary logs for all of them, says when
 * to reload the catalog, and keeps `access` up to date). A worker that joins
 * a cluster already serving (a replacement) prepares before it listens, so
 * that no request waits for it. What it opens is closed in one place, last
 * first: at once when it cannot serve, at the stop otherwise.
 */
export async function serveInThisProcess(
  options: ServeOptions,
  role: ServingRole,
  access?: AccessControl,
  accessFile?: AccessFile,
): Promise<number | undefined> {
  const opened = new CloseStack();
  const started = await startServing(options, role, opened, access, accessFile);
  if (typeof started === 'number') return started;
  const { server, listening, preparing, stopping } = started;
  let prepared: PreparedSearch;
  try {
    prepared = await preparing;
  } catch (error) {
    // Stopped while preparing: closing the search thread ended it.
    if (stopping.now) return undefined;
    server.log.fatal({ err: error }, 'the search could not be prepared; stopping');
    await opened.close().catch(() => undefined);
    return 1;
  }
  if (role === 'alone') server.log.info({ ...listening, searchPreparedMs: prepared.ms }, 'serving');
  else process.send?.({ searchReady: true, searchPreparedMs: prepared.ms } satisfies WorkerReady);
  return undefined; // keep running
}

/** Logged when a request waited for the catalog's search to be read: it was not prepared (a search thread started again after a failure). */
const SEARCH_NOT_PREPARED = 'a request waited for the search of the catalog to be read: it had not been prepared';
/** Logged when a search drew the shapes of glyphs it compared: those of packs whose shapes the build did not store, the first time they are compared. */
const SHAPES_DRAWN = 'a search drew the shapes of the glyphs it compared';

/** How a process serves: on its own, as a worker started with the cluster, or as one joining a cluster already serving. */
type ServingRole = 'alone' | 'worker' | 'joining';

/**
 * Opens the catalog, starts preparing its search, listens (a joining worker
 * once prepared), and starts what runs beside the server: reloads, watches,
 * the graceful stop. The exit code when it cannot serve, after the line that
 * says why; what it opened is then closed.
 */
async function startServing(
  options: ServeOptions,
  role: ServingRole,
  opened: CloseStack,
  access: AccessControl | undefined,
  accessFile: AccessFile | undefined,
): Promise<{ server: RunningServer; listening: WorkerServing; preparing: Promise<PreparedSearch>; stopping: { now: boolean } } | number> {
  let running = false;
  try {
    let log: Logger | undefined;
    // Searches run in a thread of their own, so that requests for documents never wait behind one.
    const searchRunner = new SearchThread(
      (prepared, job) => log?.warn({ job, ...prepared }, SEARCH_NOT_PREPARED),
      (drew, job) => log?.info({ job, shapesDrawn: drew.shapes, packs: drew.packs, drawingMs: drew.ms }, SHAPES_DRAWN),
    );
    opened.defer(() => searchRunner.close());
    const served = openServedRegistry(options, opened, searchRunner, packageVersion(), (file, error) =>
      log?.warn({ file, err: error }, 'a file made once could not be written; answered from memory'),
    );
    // Its search, then the first requests of each kind answered once in process (see first-requests.ts).
    const preparing = served.current.prepareSearch(() => answerFirstRequests(served.current));
    // Reloads may be asked for from now on, a joining worker's while it prepares too: each prepares its catalog's search after the one before.
    const reload = () => served.reload();
    if (role !== 'alone') {
      process.on('message', (message: unknown) => {
        if (!isReopenCatalog(message)) return;
        reload().catch((error: unknown) => {
          if (log) log.error({ err: error }, 'reloading the catalog failed; still serving the previous one');
          else process.stderr.write(`icon-registry: reloading the catalog failed; still serving the previous one: ${String(error)}\n`);
        });
      });
    }
    // A rejection is answered by the caller, once the server listens; a joining worker's, here.
    const failure = preparing.then(
      () => undefined,
      (error: unknown) => error,
    );
    if (role === 'joining' && (await failure) !== undefined) return fail(`the search could not be prepared: ${String(await failure)}`, 1);
    const server = await listen(options, served, access);
    if (typeof server === 'number') return server;
    log = server.log;
    opened.defer(async () => {
      const cut = await server.close(Date.now() + SHUTDOWN_GRACE_MS - STOP_MARGIN_MS);
      if (cut > 0) server.log.warn({ cut }, 'answers still being sent at the end of the graceful stop were cut');
    });
    const listening: WorkerServing = { url: `${server.url}${pathOf({ kind: 'index' }, served.current.basePath)}`, packs: served.current.packs.size };
    if (accessFile && options.accessFile !== undefined) warnUnknownTokenNames(options.accessFile, accessFile, server.log);
    // On its own, it says where it listens at once, and that it serves once its search is prepared.
    if (role === 'alone') server.log.info(listening, 'listening');
    else process.send?.(listening);

    const packsDir = options.packsDir;
    if (role === 'alone' && options.watch && packsDir) opened.defer(watchOwnPacks({ ...options, packsDir }, server.log, reload));
    // Packs that `icon-registry update` moved are served without a restart, watched or not.
    if (role === 'alone') opened.defer(watchUpdates(options.dataDir, server.log, reload));
    if (role === 'alone' && options.updateEvery !== undefined) opened.defer(scheduleUpdates(options.updateEvery, options.dataDir, server.log));
    // On its own, this process reads the access file itself: with --watch, a revoked token stops working without a restart.
    const accessPath = options.accessFile;
    if (access && accessFile && accessPath !== undefined && options.watch) {
      opened.defer(watchAccessFile(accessPath, accessFile.policy, server.log, (policy) => access.replace(policy)));
    }
    const stopping = closeOnSignals(opened, role === 'alone' ? server.log : undefined);
    running = true;
    return { server, listening, preparing, stopping };
  } finally {
    if (!running) await opened.close();
  }
}

/**
 * Stops gracefully at SIGTERM or SIGINT: closes what was opened, then exits
 * (0, or 1 when closing failed); `log` says it is stopping. Returns whether
 * it is stopping.
 */
function closeOnSignals(opened: CloseStack, log: RunningServer['log'] | undefined): { now: boolean } {
  const stopping = { now: false };
  const stop = (signal: string) => {
    // A worker may get SIGINT from the terminal and SIGTERM from the primary.
    if (stopping.now) return;
    stopping.now = true;
    log?.info({ signal }, 'stopping');
    // Only if closing itself hangs: the server's deadline cuts what is still being sent.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    opened.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return stopping;
}

/** The running server, or the exit code after the one line that says why it could not listen. */
async function listen(options: ServeOptions, registry: RegistrySource, access: AccessControl | undefined): Promise<RunningServer | number> {
  try {
    return await startServer({ ...options, registry, access });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') return fail(`port ${options.port} on ${options.host} is already in use`, 1);
    if (code === 'EADDRNOTAVAIL' || code === 'EACCES') return fail(`cannot listen on ${options.host}:${options.port} (${code})`, 1);
    throw error;
  }
}
