import { SearchThread } from '../data/search/thread/search-thread-runner.js';
import cluster from 'node:cluster';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Logger } from 'pino';
import { catalogIsCurrent, catalogPath, ensureCatalog } from '../data/catalog/ensure.js';
import type { PreparedSearch } from '../data/search/thread/search-jobs.js';
import { shapesToStore } from '../data/search/shape/shapes-to-store.js';
import { meaningPartsToStore } from '../data/search/meaning/catalog-glyphs.js';
import { buildInChildProcess } from './build-apart.js';
import { PackError } from '../data/catalog/prepare-pack.js';
import { loadPageAssets } from '../faces/page/assets.js';
import { terminalBuildObserver } from './build-output.js';
import { exportProgressPrinter } from './export-output.js';
import { watchOwnPacks } from './watch-packs.js';
import { watchUpdates } from './watch-updates.js';
import { recordOwnRevisions } from '../data/history/own-revisions.js';
import { keepRebuiltRevisions } from '../data/history/catalog-revisions.js';
import { openHistory } from '../data/history/history-file.js';
import { CatalogDatabase } from '../data/catalog/catalog-database.js';
import { scheduleUpdates } from './scheduled-updates.js';
import {
  helpOf,
  parseBuildOptions,
  parseExportOptions,
  parseImportOptions,
  parseServeOptions,
  parseTokenOptions,
  parseUpdateOptions,
  UsageError,
  type CatalogOptions,
  type HelpTopic,
  type Invocation,
  type ServeOptions,
} from './options.js';
import { CloseStack } from './close-stack.js';
import { accessFromPrimary, isReopenCatalog, joinsServingCluster, servePrimary, type WorkerReady, type WorkerServing } from './serve-cluster.js';
import { openServedRegistry } from './served-registry.js';
import { answerFirstRequests } from '../http/first-requests.js';
import { readAccessFile, warnUnknownTokenNames, watchAccessFile } from './watch-access.js';
import { AccessControl } from '../faces/access/access-control.js';
import type { AccessFile } from '../faces/access/access-file.js';
import { newToken } from '../faces/access/credentials.js';
import { ExportRefused, exportRegistry } from './export/export.js';
import { type RegistrySource, startServer, type RunningServer } from '../http/server.js';
import { pathOf } from '../core/paths.js';

/** Longest a graceful stop may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Answers still being sent this long before the grace ends are cut, so the stop ends cleanly within it. */
const STOP_MARGIN_MS = 500;

/** The environment, and warnings about how a command was called, on stderr like every message of the command line. */
const invocation: Invocation = { env: process.env, warn: (line) => process.stderr.write(`icon-registry: ${line}\n`) };

/** Builds what is out of date of the catalog (everything when `force`), showing the build; returns whether anything was built. */
async function prepareCatalog(options: CatalogOptions, force = false): Promise<boolean> {
  const observer = terminalBuildObserver();
  // The default catalog as it was, open, so that the revisions a rebuild replaces are kept from it.
  const previous = openIfReadable(catalogPath(options.dataDir));
  try {
    const built = await ensureCatalog(options, observer, force, { shapesToStore, searchPartsToStore: meaningPartsToStore });
    for (const { summary, path } of built) observer.finished(summary, path);
    if (previous && built.some((catalog) => catalog.path === catalogPath(options.dataDir))) keepReplacedRevisions(options.dataDir, previous);
    keepOwnRevisions(options);
    return built.length > 0;
  } finally {
    previous?.close();
  }
}

/** A catalog database, if there is one that can be read (a file of an older format is rebuilt, and its revisions are not kept). */
function openIfReadable(path: string): CatalogDatabase | undefined {
  try {
    return existsSync(path) ? new CatalogDatabase(path) : undefined;
  } catch {
    return undefined;
  }
}

/** After a rebuild of the default catalog, keeps the revisions of the packs it changed (see catalog-revisions.ts), saying which. */
function keepReplacedRevisions(dataDir: string, previous: CatalogDatabase): void {
  const current = new CatalogDatabase(catalogPath(dataDir));
  const history = openHistory(dataDir);
  try {
    for (const line of keepRebuiltRevisions(history, previous, current)) process.stderr.write(`${line}\n`);
  } finally {
    history.close();
    current.close();
  }
}

/** Keeps a revision of each own pack that changed since its last one (see own-revisions.ts), saying which. */
function keepOwnRevisions(options: CatalogOptions): void {
  for (const line of recordOwnRevisions(options.dataDir)) process.stderr.write(`${line}\n`);
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

async function build(args: string[]): Promise<number> {
  const options = parseBuildOptions(args, invocation);
  if (options === 'help') return help('build');
  if (!(await prepareCatalog(options, options.force))) process.stderr.write(`catalog is current (${options.dataDir})\n`);
  return 0;
}

async function updateCommand(args: string[]): Promise<number> {
  const options = parseUpdateOptions(args, invocation);
  if (options === 'help') return help('update');
  // An update is background work beside a server that answers requests: it runs at the lowest priority, set
  // before the command line was loaded (see update-priority.ts).
  // Loaded here only: npm's fetcher is of no use to a server.
  const { updatePacks, UpdateError, UpdateNotUndone } = await import('./update.js');
  try {
    const waiting = (pid: number | undefined) =>
      process.stderr.write(`waiting for the update running beside this one${pid === undefined ? '' : ` (process ${pid})`} to end\n`);
    for (const line of await updatePacks(options, waiting)) process.stderr.write(`${line}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UpdateError) return fail(`update failed, nothing changed: ${error.message}`, 1);
    if (error instanceof UpdateNotUndone) return fail(`update failed, and not all it replaced could be put back: ${error.message}`, 1);
    throw error;
  }
}

async function importCommand(args: string[]): Promise<number> {
  const options = parseImportOptions(args, invocation);
  if (options === 'help') return help('import');
  let document: string;
  try {
    // Loaded here only: SVGO and the rest of @iconify/tools would add their size to the memory of every server, which never uses them.
    const { prepareSvgFolder } = await import('../data/catalog/svg-folder.js');
    const { pack, warnings } = await prepareSvgFolder(options.folder, options.id);
    // The same lines as a build's, naming each refused file.
    const report = terminalBuildObserver();
    for (const { file, message } of warnings) report.warning(file, message);
    if (pack.iconCount === 0) return fail(`no icon of ${options.folder} could be imported`, 1);
    // Indented like @iconify/json, so that a committed pack changes line by line.
    document = `${JSON.stringify(JSON.parse(pack.document), null, '\t')}\n`;
    const refused = warnings.filter(({ file }) => file !== options.folder).length;
    process.stderr.write(`imported ${pack.iconCount} icons as "${options.id}"${refused ? `, ${refused} files refused` : ''}\n`);
  } catch (error) {
    if (error instanceof PackError) return fail(error.message, 1);
    throw error;
  }
  if (options.out === undefined) process.stdout.write(document);
  else writeFileSync(options.out, document);
  return 0;
}

async function exportCommand(args: string[]): Promise<number> {
  const options = parseExportOptions(args, invocation);
  if (options === 'help') return help('export');
  let excludePacks: Set<string> | undefined;
  if (options.accessFile !== undefined && !options.includePrivate) {
    const file = readAccessFile(options.accessFile);
    if (typeof file === 'string') return fail(file, 1);
    excludePacks = new Set(file.policy.packs.keys());
  }
  await prepareCatalog(options);
  const printer = exportProgressPrinter();
  try {
    const page = options.ui ? loadPageAssets() : undefined;
    const result = await exportRegistry({ ...options, version: packageVersion(), excludePacks, page }, (progress) => printer.progress(progress));
    printer.finished(result, options.outDir);
    return 0;
  } catch (error) {
    if (error instanceof ExportRefused) return fail(error.message, 1);
    throw error;
  }
}

function tokenCommand(args: string[]): number {
  const options = parseTokenOptions(args, invocation);
  if (options === 'help') return help('token');
  const { name } = options;
  const { token, line } = newToken(name);
  process.stdout.write(
    `token (shown once; give it to whoever may read the packs that list "${name}"):\n${token}\n\nline for "tokens" in the access file:\n${line}\n`,
  );
  return 0;
}

async function serve(args: string[]): Promise<number | undefined> {
  const options = parseServeOptions(args, invocation);
  if (options === 'help') return help('serve');
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
async function serveInThisProcess(options: ServeOptions, role: ServingRole, access?: AccessControl, accessFile?: AccessFile): Promise<number | undefined> {
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
    const served = openServedRegistry(options, opened, searchRunner, packageVersion());
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

function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function help(command: HelpTopic): number {
  process.stdout.write(`${helpOf(command)}\n`);
  return 0;
}

function fail(message: string, code: number): number {
  process.stderr.write(`icon-registry: ${message}\n`);
  return code;
}

async function main(argv: string[]): Promise<number | undefined> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serve(args);
      case 'build':
        return await build(args);
      case 'export':
        return await exportCommand(args);
      case 'import':
        return await importCommand(args);
      case 'token':
        return tokenCommand(args);
      case 'update':
        return await updateCommand(args);
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        return help('main');
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (error) {
    if (error instanceof UsageError) return fail(`${error.message} (see --help)`, 2);
    throw error;
  }
}

const code = await main(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
